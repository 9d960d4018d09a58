import { SimpleGrid } from '@mantine/core';
import type { AgentReportRow } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../../shared/RecordList';
import { useReport } from '../api';
import { CHART_COLORS } from '../charts/SeriesChart';
import { countColumn, durationColumn, figureColumn } from '../components/columns';
import { compared, CountStats, type CountMetric } from '../components/CountStats';
import { SeriesChartCard } from '../components/SeriesChartCard';
import { DurationCard, StatCard } from '../components/figures';
import { ReportTable } from '../components/ReportTable';
import { formatCount, formatDuration, formatRating } from '../numbers';
import { StatGrid, TabBody, type TabProps } from './shared';

const COUNTS: CountMetric<'handled' | 'resolved' | 'replies'>[] = [
  { key: 'handled', better: 'neutral' },
  { key: 'resolved', better: 'up', definition: 'agentResolved' },
  { key: 'replies', better: 'neutral' },
];

/** Who handled what, how fast, and how customers rated it: one row per agent. */
export function AgentsTab({ query }: TabProps) {
  const { t } = useTranslation('reports');
  const report = useReport({ ...query, tab: 'agents' });
  const data = report.data;
  const prev = data?.previousTotals;
  const csat = !!data?.totals.csat;

  const columns: RecordColumn<AgentReportRow>[] = [
    { key: 'name', header: t('agents.agent'), cell: (r) => r.name },
    countColumn('handled', t('metrics.handled'), (r) => r.handled),
    countColumn('resolved', t('metrics.resolved'), (r) => r.resolved),
    countColumn('replies', t('metrics.replies'), (r) => r.replies),
    countColumn('openNow', t('metrics.openNow'), (r) => r.openNow),
    durationColumn('fr', t('metrics.firstResponse'), (r) => r.firstResponse),
    durationColumn('res', t('metrics.resolution'), (r) => r.resolution),
    durationColumn('reply', t('metrics.replyTime'), (r) => r.replyTime),
    ...(csat
      ? [
          figureColumn('csat', t('metrics.csat'), (r: AgentReportRow) =>
            r.csat?.responses
              ? `${formatRating(r.csat.average)} (${formatCount(r.csat.responses)})`
              : '—',
          ),
        ]
      : []),
    figureColumn('online', t('metrics.onlineTime'), (r) =>
      r.onlineSeconds ? formatDuration(r.onlineSeconds, t) : '—',
    ),
  ];

  // Slowest first answers at the top: "who is slow" is the question this chart answers.
  const timed = (data?.rows ?? [])
    .filter((r) => r.firstResponse.median !== null)
    .sort((a, b) => (b.firstResponse.median ?? 0) - (a.firstResponse.median ?? 0))
    .slice(0, 12);

  return (
    <TabBody
      query={report}
      empty={!!data && data.rows.length === 0 && data.totals.replies === 0}
      testId="report-agents"
    >
      {data && (
        <>
          <StatGrid wide={csat ? 5 : 4}>
            <CountStats metrics={COUNTS} totals={data.totals} previous={prev} />
            <StatCard
              label={t('metrics.onlineTime')}
              definition={t('definitions.onlineTime')}
              {...compared(data.totals.onlineSeconds, prev?.onlineSeconds, (v) =>
                formatDuration(v, t),
              )}
              better="neutral"
              testId="report-stat-online"
            />
            {data.totals.csat && (
              <StatCard
                label={t('metrics.csat')}
                definition={t('definitions.csat')}
                {...compared(data.totals.csat.average, prev?.csat?.average, formatRating)}
                testId="report-stat-csat"
              />
            )}
          </StatGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <DurationCard
              label={t('metrics.firstResponse')}
              definition={t('definitions.firstResponse')}
              stat={data.totals.firstResponse}
              {...(query.compare ? { previous: prev?.firstResponse ?? null } : {})}
              testId="report-duration-firstResponse"
            />
            <SeriesChartCard
              title={t('agents.chartTitle')}
              definition={t('definitions.firstResponse')}
              empty={t('agents.noAgents')}
              horizontal
              labels={timed.map((r) => r.name)}
              format={(v) => formatDuration(v, t)}
              durations
              height={Math.max(160, timed.length * 30 + 40)}
              series={[
                {
                  label: t('stat.median'),
                  data: timed.map((r) => r.firstResponse.median),
                  color: CHART_COLORS.teal,
                },
                {
                  label: t('stat.p90'),
                  data: timed.map((r) => r.firstResponse.p90),
                  color: CHART_COLORS.orange,
                },
              ]}
            />
          </SimpleGrid>
          <ReportTable
            title={t('agents.tableTitle')}
            rows={data.rows}
            rowKey={(r) => r.agentId}
            columns={columns}
            minWidth={980}
            exportQuery={{ ...query, tab: 'agents' }}
            testId="report-agents-table"
            empty={t('agents.noAgents')}
          />
        </>
      )}
    </TabBody>
  );
}
