import { Anchor, Stack, Text } from '@mantine/core';
import type { BroadcastReportRow } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/datetime';
import type { RecordColumn } from '../../shared/RecordList';
import { useReport } from '../api';
import { CHART_COLORS } from '../charts/SeriesChart';
import { countColumn, moneyColumn } from '../components/columns';
import { compared, CountStats, type CountMetric } from '../components/CountStats';
import { StatCard } from '../components/figures';
import { SeriesChartCard } from '../components/SeriesChartCard';
import { ReportTable } from '../components/ReportTable';
import { formatCount, formatMoney, formatShare } from '../numbers';
import { seriesAxis, StatGrid, TabBody, type TabProps } from './shared';

type Outcome = 'sent' | 'delivered' | 'read' | 'failed' | 'replied';
const OUTCOMES: (CountMetric<Outcome> & { color: string })[] = [
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
  const { labels, titles } = seriesAxis(data?.series, view);

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
    countColumn('recipients', t('metrics.recipients'), (r) => r.recipients),
    ...OUTCOMES.map(({ key }) =>
      countColumn(key, t(`metrics.${key}`), (r: BroadcastReportRow) => r[key]),
    ),
    moneyColumn('cost', t('metrics.cost'), (r) => r.cost),
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
            <CountStats
              metrics={OUTCOMES}
              totals={data.totals}
              previous={prev}
              footer={(key) =>
                key !== 'sent' && (
                  <Text size="xs" c="dimmed">
                    {t('broadcasts.rate', {
                      share: formatShare(share(data.totals[key], data.totals.sent)),
                    })}
                  </Text>
                )
              }
            />
            <StatCard
              label={t('metrics.cost')}
              definition={t('definitions.broadcastCost')}
              {...compared(data.totals.cost, prev?.cost, formatMoney)}
              better="neutral"
              testId="report-stat-cost"
            />
          </StatGrid>
          <SeriesChartCard
            title={t('broadcasts.chartTitle')}
            testId="report-chart-broadcasts"
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
