import { Button } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StatusPage } from './StatusPage';

export function UnauthorizedPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <StatusPage
      testId="page-unauthorized"
      code={t('errors.unauthorized.code')}
      icon={IconLock}
      color="orange"
      title={t('errors.unauthorized.title')}
      description={t('errors.unauthorized.description')}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => void navigate(-1)}
          >
            {t('actions.back')}
          </Button>
          <Button component={Link} to="/">
            {t('actions.backHome')}
          </Button>
        </>
      }
    />
  );
}
