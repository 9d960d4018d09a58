import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { AgentReportRow, DurationStat } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../../shared/RecordList';
import { useReport } from '../api';
import { CHART_COLORS, SeriesChart } from '../charts/SeriesChart';
import { ChartCard } from '../components/ChartCard';
import { DurationCard, StatCard } from '../components/figures';
import { ReportTable } from '../components/ReportTable';
import { formatCount, formatDuration, formatRating } from '../numbers';
import { StatGrid, TabBody, type TabProps } from './shared';

/** "4 min 12 s" over "p90 9 min" in a table cell. */
function DurationCell({ stat }: { stat: DurationStat }) {
  const { t } = useTranslation('reports');
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {formatDuration(stat.median, t)}
      </Text>
      {stat.p90 !== null && (
        <Text size="xs" c="dimmed">
          {t('stat.p90')} {formatDuration(stat.p90, t)}
        </Text>
      )}
    </Stack>
  );
}

/** Who handled what, how fast, and how customers rated it: one row per agent. */
export function AgentsTab({ query }: TabProps) {
  const { t } = useTranslation('reports');
  const report = useReport({ ...query, tab: 'agents' });
  const data = report.data;
  const prev = data?.previousTotals;
  const csat = !!data?.totals.csat;

  const columns: RecordColumn<AgentReportRow>[] = [
    { key: 'name', header: t('agents.agent'), cell: (r) => r.name },
    {
      key: 'handled',
      header: t('metrics.handled'),
      align: 'right',
      cell: (r) => formatCount(r.handled),
    },
    {
      key: 'resolved',
      header: t('metrics.resolved'),
      align: 'right',
      cell: (r) => formatCount(r.resolved),
    },
    {
      key: 'replies',
      header: t('metrics.replies'),
      align: 'right',
      cell: (r) => formatCount(r.replies),
    },
    {
      key: 'openNow',
      header: t('metrics.openNow'),
      align: 'right',
      cell: (r) => formatCount(r.openNow),
    },
    {
      key: 'fr',
      header: t('metrics.firstResponse'),
      cell: (r) => <DurationCell stat={r.firstResponse} />,
    },
    {
      key: 'res',
      header: t('metrics.resolution'),
      cell: (r) => <DurationCell stat={r.resolution} />,
    },
    {
      key: 'reply',
      header: t('metrics.replyTime'),
      cell: (r) => <DurationCell stat={r.replyTime} />,
    },
    ...(csat
      ? [
          {
            key: 'csat',
            header: t('metrics.csat'),
            align: 'right' as const,
            cell: (r: AgentReportRow) =>
              r.csat?.responses
                ? `${formatRating(r.csat.average)} (${formatCount(r.csat.responses)})`
                : '—',
          },
        ]
      : []),
    {
      key: 'online',
      header: t('metrics.onlineTime'),
      align: 'right',
      cell: (r) => (r.onlineSeconds ? formatDuration(r.onlineSeconds, t) : '—'),
    },
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
            {(['handled', 'resolved', 'replies'] as const).map((key) => (
              <StatCard
                key={key}
                label={t(`metrics.${key}`)}
                definition={t(`definitions.${key === 'resolved' ? 'agentResolved' : key}`)}
                value={formatCount(data.totals[key])}
                current={data.totals[key]}
                {...(prev ? { previous: prev[key], previousText: formatCount(prev[key]) } : {})}
                better={key === 'resolved' ? 'up' : 'neutral'}
                testId={`report-stat-${key}`}
              />
            ))}
            <StatCard
              label={t('metrics.onlineTime')}
              definition={t('definitions.onlineTime')}
              value={formatDuration(data.totals.onlineSeconds, t)}
              current={data.totals.onlineSeconds}
              {...(prev
                ? {
                    previous: prev.onlineSeconds,
                    previousText: formatDuration(prev.onlineSeconds, t),
                  }
                : {})}
              better="neutral"
              testId="report-stat-online"
            />
            {data.totals.csat && (
              <StatCard
                label={t('metrics.csat')}
                definition={t('definitions.csat')}
                value={formatRating(data.totals.csat.average)}
                current={data.totals.csat.average}
                {...(prev?.csat
                  ? { previous: prev.csat.average, previousText: formatRating(prev.csat.average) }
                  : {})}
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
            <ChartCard title={t('agents.chartTitle')} definition={t('definitions.firstResponse')}>
              {timed.length ? (
                <SeriesChart
                  label={t('agents.chartTitle')}
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
              ) : (
                <Text size="sm" c="dimmed" py="lg" ta="center">
                  {t('agents.noAgents')}
                </Text>
              )}
            </ChartCard>
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
