import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { PageHeader } from '../shared/PageHeader';
import { AccessCard } from './components/AccessCard';
import { ExamplesCard } from './components/ExamplesCard';
import { KeysCard } from './components/KeysCard';

/** /setting/api (issue 19): the API switches, the account's keys and first calls to copy. */
export function ApiSettingsPage() {
  const { t } = useTranslation('apiKeys');
  const { user, settings, reload } = useSession();
  if (!user) return null;
  if (user.role !== 'admin')
    return (
      <Stack gap={0}>
        <PageHeader title={t('title')} subtitle={t('subtitle')} />
        <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="api-admins-only">
          {t('adminsOnly')}
        </Alert>
      </Stack>
    );
  const restApiOff = settings.enable_rest_api !== 'true';
  return (
    <Stack gap={0}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Stack gap="lg">
        {restApiOff && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="api-off-notice">
            {t('switches.restApiOffNotice')}
          </Alert>
        )}
        <AccessCard settings={settings} onSaved={reload} />
        <KeysCard />
        <ExamplesCard />
      </Stack>
    </Stack>
  );
}
