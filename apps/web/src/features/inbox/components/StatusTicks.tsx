import { Tooltip } from '@mantine/core';
import type { Message, MessageStatus } from '@sapa/contracts';
import { IconAlertCircle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const FAILED: ReadonlySet<MessageStatus> = new Set([
  'failed',
  'undelivered',
  'expired',
  'cancelled',
  'no-match-template',
]);

/** WhatsApp-style delivery marks for an outgoing message, every status of spec §3 covered. */
export function StatusTicks({ message }: { message: Pick<Message, 'status' | 'error'> }) {
  const { t } = useTranslation('inbox');
  const { status } = message;
  const label = t(`status.${status}`);

  if (FAILED.has(status)) {
    return (
      <Tooltip label={message.error?.message ?? label} multiline maw={260}>
        <IconAlertCircle
          size={15}
          color="var(--mantine-color-red-6)"
          aria-label={label}
          role="img"
          data-testid="message-status-failed"
        />
      </Tooltip>
    );
  }
  if (status === 'queue' || status === 'delayed') {
    return (
      <IconClock size={13} color="var(--mantine-color-gray-6)" aria-label={label} role="img" />
    );
  }
  if (status === 'sent') {
    return (
      <IconCheck size={15} color="var(--mantine-color-gray-6)" aria-label={label} role="img" />
    );
  }
  if (status === 'delivered' || status === 'read') {
    const color = status === 'read' ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-6)';
    return <IconChecks size={15} color={color} aria-label={label} role="img" />;
  }
  return null;
}
