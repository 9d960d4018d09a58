import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconRefresh, IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/messages';
import { notifyError } from '../../lib/notify';
import { useSession } from '../session';
import { StatusPage } from './StatusPage';

/** Where rule 3 sends a failed account load; "Try again" loads it afresh and goes home. */
export function InternalServerErrorPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { token, reload } = useSession();
  const [busy, setBusy] = useState(false);

  const retry = async () => {
    setBusy(true);
    try {
      if (token) await reload();
      await navigate('/');
    } catch (error) {
      notifyError(errorMessage(error, 'serverNotResponding'), { id: 'retry-load' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <StatusPage
      testId="page-internal-server-error"
      code={t('errors.internalServerError.code')}
      icon={IconServerOff}
      color="red"
      title={t('errors.internalServerError.title')}
      description={t('errors.internalServerError.description')}
      actions={
        <Button leftSection={<IconRefresh size={16} />} loading={busy} onClick={() => void retry()}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
