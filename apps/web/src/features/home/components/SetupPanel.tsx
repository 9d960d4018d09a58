import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOnboarding } from '../api';
import { SetupChecklist } from './SetupChecklist';

/** The checklist with its data: nothing while loading (no flash), a retry when it failed. */
export function SetupPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation('home');
  const onboarding = useOnboarding();
  if (onboarding.data) return <SetupChecklist onboarding={onboarding.data} accountId={accountId} />;
  if (!onboarding.isError) return null;
  return (
    <Alert color="gray" variant="light" data-testid="setup-failed">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('setup.loadFailed')}</Text>
        <Button size="xs" variant="default" onClick={() => void onboarding.refetch()}>
          {t('setup.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
