import { Button } from '@mantine/core';
import { IconRefresh, IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useEffect } from 'react';
import { StatusPage } from './StatusPage';

/**
 * A page that crashed while rendering, or whose code failed to download (e.g. after a deploy):
 * a full reload fetches the current build.
 */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <StatusPage
      testId="page-route-error"
      code={t('errors.internalServerError.code')}
      icon={IconServerOff}
      color="red"
      title={t('errors.internalServerError.title')}
      description={t('errors.internalServerError.description')}
      actions={
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
