import { Anchor, Stack, Text } from '@mantine/core';
import type { BroadcastReportRow } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/datetime';
import type { RecordColumn } from '../../shared/RecordList';
import { useReport } from '../api';
import { CHART_COLORS, SeriesChart } from '../charts/SeriesChart';
import { ChartCard } from '../components/ChartCard';
import { StatCard, type Better } from '../components/figures';
import { ReportTable } from '../components/ReportTable';
import { formatCount, formatMoney, formatShare } from '../numbers';
import { effectiveGroupBy } from '../range';
import { seriesLabels, StatGrid, TabBody, type TabProps } from './shared';

type Outcome = 'sent' | 'delivered' | 'read' | 'failed' | 'replied';
const OUTCOMES: { key: Outcome; better: Better; color: string }[] = [
  { key: 'sent', better: 'up', color: CHART_COLORS.gray },
  { key: 'delivered', better: 'up', color: CHART_COLORS.blue },
  { key: 'read', better: 'up', color: CHART_COLORS.teal },
  { key: 'failed', better: 'down', color: CHART_COLORS.red },
  { key: 'replied', better: 'up', color: CHART_COLORS.orange },
];

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Every broadcast's outcomes and cost, and the period's total. */
export function BroadcastsTab({ view, query }: TabProps) {
  const { t } = useTranslation('reports');
  const report = useReport({ ...query, tab: 'broadcasts' });
  const data = report.data;
  const prev = data?.previousTotals;
  const { labels, titles } = seriesLabels(
    data?.series.map((p) => p.date) ?? [],
    effectiveGroupBy(view),
  );

  const columns: RecordColumn<BroadcastReportRow>[] = [
    {
      key: 'title',
      header: t('broadcasts.broadcast'),
      cell: (r) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/broadcast/result/${r.broadcastId}`} fw={600} size="sm">
            {r.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {r.startedAt ? formatDateTime(r.startedAt) : t('broadcasts.notStarted')}
            {r.createdBy ? ` · ${t('broadcasts.by', { name: r.createdBy.name })}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'recipients',
      header: t('metrics.recipients'),
      align: 'right',
      cell: (r) => formatCount(r.recipients),
    },
    ...OUTCOMES.map(({ key }) => ({
      key,
      header: t(`metrics.${key}`),
      align: 'right' as const,
      cell: (r: BroadcastReportRow) => formatCount(r[key]),
    })),
    { key: 'cost', header: t('metrics.cost'), align: 'right', cell: (r) => formatMoney(r.cost) },
  ];

  return (
    <TabBody
      query={report}
      empty={!!data && data.totals.broadcasts === 0}
      emptyTitle={t('broadcasts.emptyTitle')}
      emptyText={t('broadcasts.emptyText')}
      testId="report-broadcasts"
    >
      {data && (
        <>
          <StatGrid wide={4}>
            <StatCard
              label={t('metrics.broadcasts')}
              definition={t('definitions.broadcasts')}
              value={formatCount(data.totals.broadcasts)}
              footer={
                <Text size="xs" c="dimmed">
                  {t('metrics.recipients')}: {formatCount(data.totals.recipients)}
                </Text>
              }
              testId="report-stat-broadcasts"
            />
            {OUTCOMES.map(({ key, better }) => (
              <StatCard
                key={key}
                label={t(`metrics.${key}`)}
                definition={t(`definitions.${key}`)}
                value={formatCount(data.totals[key])}
                current={data.totals[key]}
                {...(prev ? { previous: prev[key], previousText: formatCount(prev[key]) } : {})}
                better={better}
                footer={
                  key !== 'sent' && (
                    <Text size="xs" c="dimmed">
                      {t('broadcasts.rate', {
                        share: formatShare(share(data.totals[key], data.totals.sent)),
                      })}
                    </Text>
                  )
                }
                testId={`report-stat-${key}`}
              />
            ))}
            <StatCard
              label={t('metrics.cost')}
              definition={t('definitions.broadcastCost')}
              value={formatMoney(data.totals.cost)}
              current={data.totals.cost}
              {...(prev ? { previous: prev.cost, previousText: formatMoney(prev.cost) } : {})}
              better="neutral"
              testId="report-stat-cost"
            />
          </StatGrid>
          <ChartCard title={t('broadcasts.chartTitle')} testId="report-chart-broadcasts">
            <SeriesChart
              label={t('broadcasts.chartTitle')}
              labels={labels}
              titles={titles}
              format={formatCount}
              formatRight={formatMoney}
              series={[
                ...OUTCOMES.filter((o) => o.key !== 'sent').map(({ key, color }) => ({
                  label: t(`metrics.${key}`),
                  data: data.series.map((p) => p[key]),
                  color,
                })),
                {
                  label: t('metrics.cost'),
                  data: data.series.map((p) => p.cost),
                  color: CHART_COLORS.grape,
                  kind: 'line' as const,
                  axis: 'right' as const,
                },
              ]}
            />
          </ChartCard>
          <ReportTable
            title={t('broadcasts.tableTitle')}
            rows={data.rows}
            rowKey={(r) => r.broadcastId}
            columns={columns}
            minWidth={980}
            exportQuery={{ ...query, tab: 'broadcasts' }}
            testId="report-broadcasts-table"
          />
        </>
      )}
    </TabBody>
  );
}
