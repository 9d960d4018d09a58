import { useState } from 'react';
import { ActionIcon, Alert, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconAlertTriangle,
  IconCalendar,
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
} from '@tabler/icons-react';
import type { ReportQuery, UsageDay, UsageReport } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { PICKER_DATE_FORMAT } from '../../../lib/datePickers';
import { currentLanguage } from '../../../lib/i18n';
import { monthNames } from '../../../lib/datetime';
import type { RecordColumn } from '../../shared/RecordList';
import { useReport, useUsage } from '../api';
import { CHART_COLORS } from '../charts/SeriesChart';
import { countColumn, moneyColumn } from '../components/columns';
import { compared } from '../components/CountStats';
import { SeriesChartCard } from '../components/SeriesChartCard';
import { StatCard } from '../components/figures';
import { ReportTable } from '../components/ReportTable';
import { formatCount, formatMoney, rangeLabel, shortDay } from '../numbers';
import { addDays, isoWeekOf, weekRange } from '../range';
import { StatGrid, TabBody, type TabProps } from './shared';

/** Nothing charged, sent or received that day. */
const isQuiet = (d: UsageDay) =>
  d.cost.total === 0 &&
  d.messagesIn === 0 &&
  d.messagesOut === 0 &&
  d.conversations.customer === 0 &&
  d.conversations.business === 0 &&
  d.newActiveContacts === 0;

type Mode = 'range' | 'day' | 'week';
const COST_PARTS = ['userInitiated', 'businessInitiated', 'broadcast', 'activeContacts'] as const;
const PART_COLORS = [CHART_COLORS.teal, CHART_COLORS.blue, CHART_COLORS.orange, CHART_COLORS.grape];

/** "Nov 2026: 1.204" for each month the range touches. */
function monthName(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${monthNames(currentLanguage(), 'long')[m - 1] ?? month} ${year}`;
}

/** The usage figures of spec §7's reports: by day, by ISO week, or for the page's period. */
function UsageBody({
  usage,
  previous,
  exportQuery,
}: {
  usage: UsageReport;
  previous: UsageReport['totals'] | null;
  exportQuery: ReportQuery;
}) {
  const { t } = useTranslation('reports');
  const lng = currentLanguage();
  const { totals, days, ledger } = usage;
  const agrees = Math.round(totals.cost.total * 100) === Math.round(ledger.net * 100);
  const labels = days.map((d) => shortDay(d.date, lng));
  const stat = (key: 'customer' | 'business') => (
    <StatCard
      key={key}
      label={t(`metrics.${key}Conversations`)}
      definition={t(`definitions.${key}Conversations`)}
      {...compared(totals.conversations[key], previous?.conversations[key], formatCount)}
      better="neutral"
      testId={`report-stat-${key}`}
    />
  );
  // Money first: on a laptop the last columns may need a scroll, and cost is what this tab is for.
  const columns: RecordColumn<UsageDay>[] = [
    { key: 'date', header: t('columns.date'), cell: (d) => rangeLabel(d.date, d.date, lng) },
    moneyColumn('withPpn', t('metrics.totalWithPpn'), (d) => d.cost.totalWithPpn),
    moneyColumn('cost', t('metrics.usageCost'), (d) => d.cost.total),
    moneyColumn('ppn', t('metrics.ppn'), (d) => d.cost.ppn),
    countColumn('customer', t('metrics.customerConversations'), (d) => d.conversations.customer),
    countColumn('business', t('metrics.businessConversations'), (d) => d.conversations.business),
    countColumn('in', t('metrics.messagesIn'), (d) => d.messagesIn),
    countColumn('out', t('metrics.messagesOut'), (d) => d.messagesOut),
    countColumn('mac', t('metrics.newActiveContacts'), (d) => d.newActiveContacts),
  ];

  const busy = [...days].reverse().filter((d) => !isQuiet(d));
  const quiet = days.length - busy.length;

  return (
    <>
      <Alert
        variant="light"
        color={agrees ? 'teal' : 'orange'}
        icon={agrees ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
        py="xs"
        data-testid="usage-ledger-check"
        data-agrees={agrees}
      >
        <Text size="sm">
          {agrees
            ? t('usage.agrees', { amount: formatMoney(ledger.net) })
            : t('usage.differs', { amount: formatMoney(ledger.net) })}
        </Text>
      </Alert>
      <StatGrid wide={4}>
        {stat('customer')}
        {stat('business')}
        <StatCard
          label={t('metrics.activeContacts')}
          definition={t('definitions.activeContacts')}
          value={formatCount(totals.activeContacts.at(-1)?.contacts ?? 0)}
          footer={
            <Text size="xs" c="dimmed">
              {totals.activeContacts
                .map((m) =>
                  t('usage.activeContactsMonth', {
                    month: monthName(m.month),
                    count: formatCount(m.contacts),
                  }),
                )
                .join(' · ')}
            </Text>
          }
          testId="report-stat-activeContacts"
        />
        <StatCard
          label={t('metrics.totalWithPpn')}
          definition={t('definitions.totalWithPpn')}
          {...compared(totals.cost.totalWithPpn, previous?.cost.totalWithPpn, formatMoney)}
          better="neutral"
          footer={
            <Text size="xs" c="dimmed">
              {t('metrics.usageCost')} {formatMoney(totals.cost.total)} · {t('metrics.ppn')}{' '}
              {formatMoney(totals.cost.ppn)}
            </Text>
          }
          testId="report-stat-cost"
        />
      </StatGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SeriesChartCard
          title={t('usage.costChart')}
          definition={t('definitions.usageCost')}
          labels={labels}
          stacked
          format={formatMoney}
          series={COST_PARTS.map((part, i) => ({
            label: t(`usage.costParts.${part}`),
            data: days.map((d) => d.cost[part]),
            color: PART_COLORS[i] ?? CHART_COLORS.gray,
          }))}
        />
        <SeriesChartCard
          title={t('usage.conversationsChart')}
          definition={t('definitions.customerConversations')}
          labels={labels}
          stacked
          format={formatCount}
          series={[
            {
              label: t('metrics.customerConversations'),
              data: days.map((d) => d.conversations.customer),
              color: CHART_COLORS.teal,
            },
            {
              label: t('metrics.businessConversations'),
              data: days.map((d) => d.conversations.business),
              color: CHART_COLORS.blue,
            },
          ]}
        />
      </SimpleGrid>
      <ReportTable
        title={t('usage.tableTitle')}
        // The newest day first: the one a person checks. A day with nothing at all is left out
        // (a phone would show a card of zeros per day); the charts and the export keep every day.
        rows={busy}
        rowKey={(d) => d.date}
        columns={columns}
        minWidth={1000}
        exportQuery={exportQuery}
        testId="report-usage-table"
      />
      {quiet > 0 && (
        <Text size="xs" c="dimmed" data-testid="report-usage-quiet">
          {t('usage.quietDays', { count: quiet })}
        </Text>
      )}
    </>
  );
}

export function UsageTab({ view, query, compact }: TabProps) {
  const { t } = useTranslation('reports');
  const [mode, setMode] = useState<Mode>('range');
  const [day, setDay] = useState(view.to);
  const [week, setWeek] = useState(() => isoWeekOf(view.to));
  const range = useReport({ ...query, tab: 'usage' }, mode === 'range');
  const daily = useUsage('daily', day, mode === 'day');
  const weekly = useUsage('weekly', week, mode === 'week');
  const active = mode === 'range' ? range : mode === 'day' ? daily : weekly;
  const usage = active.data ?? null;
  const span = mode === 'day' ? { from: day, to: day } : mode === 'week' ? weekRange(week) : view;
  const exportQuery: ReportQuery = { ...query, tab: 'usage', from: span.from, to: span.to };
  const moveWeek = (n: number) => setWeek(isoWeekOf(addDays(weekRange(week).from, 7 * n)));
  const quiet = usage
    ? usage.totals.messagesIn + usage.totals.messagesOut + usage.ledger.charges === 0
    : false;

  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t('usage.mode.label')}
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          data={(['range', 'day', 'week'] as const).map((m) => ({
            value: m,
            label: t(`usage.mode.${m}`),
          }))}
          data-testid="usage-mode"
        />
        {mode === 'day' && (
          <DatePickerInput
            aria-label={t('usage.day')}
            valueFormat={PICKER_DATE_FORMAT}
            value={day}
            onChange={(v) => v && setDay(v)}
            leftSection={<IconCalendar size={16} />}
            w={compact ? '100%' : 180}
            data-testid="usage-day"
          />
        )}
        {mode === 'week' && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('usage.prevWeek')}
              onClick={() => moveWeek(-1)}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
            <Text size="sm" fw={500} px="xs" data-testid="usage-week">
              {t('usage.weekOf', {
                week: week.split('-W')[1],
                range: rangeLabel(span.from, span.to, currentLanguage()),
              })}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('usage.nextWeek')}
              onClick={() => moveWeek(1)}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      <TabBody query={active} empty={quiet} testId="report-usage">
        {usage && (
          <UsageBody
            usage={usage}
            previous={mode === 'range' && range.data ? range.data.previousTotals : null}
            exportQuery={exportQuery}
          />
        )}
      </TabBody>
    </Stack>
  );
}
