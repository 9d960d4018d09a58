import type { ReactNode } from 'react';
import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconInfoCircle } from '@tabler/icons-react';
import type { DurationStat } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { change, formatChange, formatDuration } from '../numbers';

/** A figure's definition (docs/REPORTS.md's words) behind an info icon; tap on phones. */
export function InfoTip({ text, label }: { text: string; label: string }) {
  return (
    <Tooltip
      label={text}
      multiline
      w={280}
      events={{ hover: true, focus: true, touch: true }}
      position="top"
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        radius="xl"
        aria-label={label}
        onClick={(e) => e.stopPropagation()}
      >
        <IconInfoCircle size={15} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Which way a figure should move: more resolved is good, a longer wait is bad. */
export type Better = 'up' | 'down' | 'neutral';

/** The change from the previous period, green when it went the good way, red otherwise. */
export function ChangeBadge({
  current,
  previous,
  better,
  previousText,
  testId,
}: {
  current: number | null | undefined;
  previous: number | null | undefined;
  better: Better;
  /** The previous period's value as written, for the tooltip. */
  previousText: string;
  testId?: string;
}) {
  const { t } = useTranslation('reports');
  const delta = change(current, previous);
  if (!delta) return null;
  const good =
    delta.trend === 'flat' || better === 'neutral'
      ? null
      : (delta.trend === 'up') === (better === 'up');
  const color = good === null ? 'gray' : good ? 'teal' : 'red';
  const Icon = delta.trend === 'down' ? IconArrowDownRight : IconArrowUpRight;
  return (
    <Tooltip
      label={t('compare.previous', { value: previousText })}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        variant="light"
        color={color}
        size="sm"
        radius="sm"
        leftSection={delta.trend === 'flat' ? undefined : <Icon size={12} />}
        data-testid={testId}
        data-trend={delta.trend}
        data-good={good === null ? 'neutral' : String(good)}
        tabIndex={0}
      >
        {formatChange(delta, t)}
      </Badge>
    </Tooltip>
  );
}

/** One figure: its name and definition, the value, and the change from the previous period. */
export function StatCard({
  label,
  definition,
  value,
  current,
  previous,
  previousText,
  better = 'up',
  footer,
  testId,
}: {
  label: string;
  definition: string;
  value: string;
  current?: number | null;
  previous?: number | null;
  previousText?: string;
  better?: Better;
  footer?: ReactNode;
  testId: string;
}) {
  return (
    <Card padding="md" data-testid={testId}>
      <Stack gap={6}>
        <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
          <Text size="sm" c="dimmed" fw={500} lh={1.3}>
            {label}
          </Text>
          <InfoTip text={definition} label={label} />
        </Group>
        <Group gap="xs" align="baseline" wrap="wrap">
          <Text fz={26} fw={700} lh={1.1} data-testid={`${testId}-value`}>
            {value}
          </Text>
          {previous !== undefined && (
            <ChangeBadge
              current={current}
              previous={previous}
              better={better}
              previousText={previousText ?? '—'}
              testId={`${testId}-change`}
            />
          )}
        </Group>
        {footer}
      </Stack>
    </Card>
  );
}

/** A duration figure: median first (what most customers lived), then p90, mean and working hours. */
export function DurationCard({
  label,
  definition,
  stat,
  previous,
  footer,
  testId,
}: {
  label: string;
  definition: string;
  stat: DurationStat;
  /** A line under the figures (the tickets tab: how many went over the target). */
  footer?: ReactNode;
  /** undefined: no comparison asked; null: asked, nothing before. */
  previous?: DurationStat | null;
  testId: string;
}) {
  const { t } = useTranslation('reports');
  const d = (v: number | null) => formatDuration(v, t);
  const line = (name: string, tip: string | null, value: string, id: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Group gap={2} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {name}
        </Text>
        {tip && <InfoTip text={tip} label={name} />}
      </Group>
      <Text size="sm" fw={600} data-testid={`${testId}-${id}`}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Card padding="md" data-testid={testId}>
      <Stack gap={6}>
        <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <InfoTip text={definition} label={label} />
        </Group>
        <Group gap="xs" align="baseline">
          <Text fz={26} fw={700} lh={1.1} data-testid={`${testId}-median`}>
            {d(stat.median)}
          </Text>
          <Group gap={2} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('stat.median')}
            </Text>
            <InfoTip text={t('definitions.median')} label={t('stat.median')} />
          </Group>
          {previous !== undefined && (
            <ChangeBadge
              current={stat.median}
              previous={previous?.median ?? null}
              better="down"
              previousText={d(previous?.median ?? null)}
              testId={`${testId}-change`}
            />
          )}
        </Group>
        {line(t('stat.p90'), t('definitions.p90'), d(stat.p90), 'p90')}
        {line(t('stat.average'), null, d(stat.avg), 'avg')}
        {line(
          t('stat.withinHours'),
          t('definitions.withinHours'),
          d(stat.medianWithinHours),
          'hours',
        )}
        <Text size="xs" c="dimmed">
          {stat.count ? t('stat.count', { count: stat.count }) : t('stat.noneYet')}
        </Text>
        {footer}
      </Stack>
    </Card>
  );
}
