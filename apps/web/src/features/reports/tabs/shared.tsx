import type { ReactNode } from 'react';
import { Alert, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { LiveFloor, ReportGroupBy, ReportQuery } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { EmptyState } from '../../shared/QueryState';
import { InfoTip } from '../components/figures';
import { reportErrorText } from '../errors';
import { addDays, effectiveGroupBy, type ReportView } from '../range';
import { formatCount, rangeLabel, shortDay } from '../numbers';

/** What every tab gets: the view (range, filters) and the server query for that tab. */
export interface TabProps {
  view: ReportView;
  query: ReportQuery;
  compact: boolean;
}

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  isPlaceholderData?: boolean;
  isFetching?: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * Loading, failed (with the reason and a retry), empty, or the tab. An empty period shows what
 * would fill it instead of a wall of zeros; `keep` stays (the live floor is news even then).
 */
export function TabBody({
  query,
  empty,
  emptyTitle,
  emptyText,
  keep,
  children,
  testId,
}: {
  query: QueryLike;
  empty: boolean;
  emptyTitle?: string;
  emptyText?: string;
  keep?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('reports');
  if (query.isPending)
    return (
      <Center py={80} data-testid="report-loading">
        <Loader />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light" data-testid="report-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{reportErrorText(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('state.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  return (
    <Stack
      gap="lg"
      data-testid={testId}
      // A new range keeps the old figures on screen, dimmed, until the new ones arrive.
      style={{ opacity: query.isPlaceholderData ? 0.55 : 1, transition: 'opacity 120ms' }}
      aria-busy={query.isPlaceholderData ? true : undefined}
    >
      {keep}
      {empty ? (
        <div data-testid="report-empty">
          <EmptyState
            icon={<IconChartBar size={30} stroke={1.5} />}
            title={emptyTitle ?? t('state.emptyTitle')}
            text={emptyText ?? t('state.emptyText')}
          />
        </div>
      ) : (
        children
      )}
    </Stack>
  );
}

/** Axis labels of a series ("25 Nov"), and tooltip titles that name a whole week. */
export function seriesLabels(dates: readonly string[], groupBy: ReportGroupBy) {
  const lng = currentLanguage();
  return {
    labels: dates.map((d) => shortDay(d, lng)),
    titles: dates.map((d) =>
      groupBy === 'week' ? rangeLabel(d, addDays(d, 6), lng) : rangeLabel(d, d, lng),
    ),
  };
}

/** `seriesLabels` for a tab's points at the grouping its view draws them in. */
export function seriesAxis(points: readonly { date: string }[] | undefined, view: ReportView) {
  return seriesLabels(points?.map((p) => p.date) ?? [], effectiveGroupBy(view));
}

/** Stat cards in a grid that keeps two to a row on phones. */
export function StatGrid({ children, wide = 4 }: { children: ReactNode; wide?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: wide }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

/** Right now, within the same filters: open, waiting, unassigned. */
export function LiveStrip({ live }: { live: LiveFloor }) {
  const { t } = useTranslation('reports');
  const item = (key: 'open' | 'waiting' | 'unassigned', value: number) => (
    <Group gap={6} wrap="nowrap" key={key}>
      <Text size="sm" c="dimmed">
        {t(`live.${key}`)}
      </Text>
      <Text size="sm" fw={700} data-testid={`report-live-${key}`}>
        {formatCount(value)}
      </Text>
      <InfoTip text={t(`definitions.${key}`)} label={t(`live.${key}`)} />
    </Group>
  );
  return (
    <Card padding="sm" bg="var(--mantine-color-sapa-0)" withBorder={false}>
      <Group gap="lg" wrap="wrap">
        <Group gap={6}>
          <span
            aria-hidden
            style={{
              width: 8,
              height: 8,
              borderRadius: 8,
              background: 'var(--mantine-color-sapa-6)',
              display: 'inline-block',
            }}
          />
          <Text size="sm" fw={600}>
            {t('live.title')}
          </Text>
        </Group>
        {item('open', live.open)}
        {item('waiting', live.waiting)}
        {item('unassigned', live.unassigned)}
      </Group>
    </Card>
  );
}
