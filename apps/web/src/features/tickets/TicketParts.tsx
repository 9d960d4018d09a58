import { Badge, Button, Group, Text } from '@mantine/core';
import type { Ticket } from '@sapa/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatTime } from '../../lib/format';
import { ChannelIcon } from '../inbox/components/ChannelIcon';
import { formatDuration } from './filters';

export function StatusBadge({ status }: { status: Ticket['status'] }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge
      color={status === 'open' ? 'orange' : 'teal'}
      variant="light"
      tt="none"
      // Table cells may be squeezed; the status word must stay whole.
      style={{ minWidth: 'max-content' }}
      data-testid="ticket-status-badge"
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

export function ContactCell({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('tickets');
  return (
    <Group gap="sm" wrap="nowrap">
      <ChannelIcon
        channel={ticket.channel}
        label={t(`inbox:channels.${ticket.channel}`)}
        size={18}
      />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {ticket.name || ticket.identifier}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {ticket.identifier}
        </Text>
      </div>
    </Group>
  );
}

/**
 * A time cell: '—' until it happened. `stacked` puts the time under the date: the table's three
 * time columns then fit a 1440 px laptop beside the others instead of pushing the last off-screen.
 */
export function When({ at, stacked = false }: { at: string | null; stacked?: boolean }) {
  if (at && stacked) {
    return (
      <div style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDate(at)}</Text>
        <Text size="xs" c="dimmed">
          {formatTime(at)}
        </Text>
      </div>
    );
  }
  return (
    <Text size="sm" c={at ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
      {at ? formatDateTime(at) : '—'}
    </Text>
  );
}

export function FirstResponse({ seconds }: { seconds: number | null }) {
  const value = formatDuration(seconds);
  return (
    <Text size="sm" c={value ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
      {value ?? '—'}
    </Text>
  );
}

export function ResolveButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('tickets');
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="teal"
      leftSection={<IconCircleCheck size={14} />}
      onClick={(e) => {
        // The row itself opens the chat.
        e.stopPropagation();
        onClick();
      }}
      data-testid="ticket-resolve"
    >
      {t('resolve')}
    </Button>
  );
}
