import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dismissAlert, useInboxAlerts } from './alertsStore';

/** Banners at the top of the chat list: why a chat just left it (spec §4). Dismissable. */
export function InboxAlerts() {
  const { t } = useTranslation('chatActions');
  const alerts = useInboxAlerts();
  if (alerts.length === 0) return null;
  return (
    <Stack gap={6} px="sm" pt="sm" data-testid="inbox-alerts" aria-live="polite">
      {alerts.map((alert) => (
        <Alert
          key={alert.id}
          color={alert.color}
          variant="light"
          radius="md"
          p="xs"
          icon={<IconInfoCircle size={18} />}
          withCloseButton
          closeButtonLabel={t('alerts.dismiss')}
          onClose={() => dismissAlert(alert.id)}
          data-testid="inbox-alert"
        >
          {alert.text}
        </Alert>
      ))}
    </Stack>
  );
}
