import { Badge, Progress, type MantineColor } from '@mantine/core';
import {
  formatCurrency,
  formatNumber,
  type BroadcastCounts,
  type BroadcastStatus,
  type RecipientStatus,
} from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

export const STATUS_COLORS: Record<BroadcastStatus, MantineColor> = {
  draft: 'gray',
  scheduled: 'blue',
  running: 'sapa',
  paused: 'yellow',
  completed: 'teal',
  cancelled: 'gray',
};

export const RECIPIENT_COLORS: Record<RecipientStatus, string> = {
  queue: 'gray.4',
  sending: 'cyan.4',
  sent: 'blue.5',
  delivered: 'indigo.5',
  read: 'teal.6',
  failed: 'red.6',
  'no-match-template': 'grape.6',
  delayed: 'yellow.6',
  cancelled: 'gray.6',
  expired: 'orange.6',
  undelivered: 'pink.6',
};

export function StatusBadge({ status }: { status: BroadcastStatus }) {
  const { t } = useTranslation('broadcasts');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="broadcast-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function RecipientBadge({ status }: { status: RecipientStatus }) {
  const { t } = useTranslation('broadcasts');
  const color = RECIPIENT_COLORS[status].split('.')[0];
  return (
    <Badge color={color} variant="light" size="sm">
      {t(`recipientStatus.${status}`)}
    </Badge>
  );
}

/** Recipients the engine has finished with (anything but queued, in flight or backing off). */
export function settledCount(counts: BroadcastCounts): number {
  const by = counts.byStatus;
  return counts.total - (by.queue ?? 0) - (by.sending ?? 0) - (by.delayed ?? 0);
}

export function isActive(status: BroadcastStatus): boolean {
  return status === 'running' || status === 'paused';
}

export function SendProgress({
  counts,
  status,
}: {
  counts: BroadcastCounts;
  status: BroadcastStatus;
}) {
  const value = counts.total === 0 ? 0 : (settledCount(counts) / counts.total) * 100;
  return (
    <Progress
      value={value}
      size="md"
      radius="xl"
      color={status === 'paused' ? 'yellow' : 'sapa'}
      striped={status === 'running'}
      animated={status === 'running'}
      data-testid="broadcast-progress"
      aria-label={`${Math.round(value)}%`}
    />
  );
}

/** Rupiah with cents only when there are some (a price with PPN is often x,50). */
export function money(value: number): string {
  return Number.isInteger(value) ? formatCurrency(value) : `Rp ${formatNumber(value, 2)}`;
}
