import { SimpleGrid, Text } from '@mantine/core';
import type { OverviewTotals } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { useReport } from '../api';
import { CHART_COLORS } from '../charts/SeriesChart';
import { compared, CountStats, type CountMetric } from '../components/CountStats';
import { SeriesChartCard } from '../components/SeriesChartCard';
import { DurationCard, StatCard } from '../components/figures';
import { formatCount, formatDuration, formatRating } from '../numbers';
import { LiveStrip, seriesAxis, StatGrid, TabBody, type TabProps } from './shared';

type CountKey =
  'newConversations' | 'resolved' | 'reopened' | 'unanswered' | 'messagesIn' | 'messagesOut';

const COUNTS: CountMetric<CountKey>[] = [
  { key: 'newConversations', better: 'neutral' },
  { key: 'resolved', better: 'up' },
  { key: 'reopened', better: 'down' },
  { key: 'unanswered', better: 'down' },
  { key: 'messagesIn', better: 'neutral' },
  { key: 'messagesOut', better: 'neutral' },
];

export function isQuiet(t: OverviewTotals): boolean {
  return t.newConversations + t.resolved + t.messagesIn + t.messagesOut === 0;
}

/** How much happened and how fast, per day or week, against the period before. */
export function OverviewTab({ view, query }: TabProps) {
  const { t } = useTranslation('reports');
  const report = useReport({ ...query, tab: 'overview' });
  const data = report.data;
  const d = (v: number) => formatDuration(v, t);
  const prev = data?.previousTotals;
  const { labels, titles } = seriesAxis(data?.series, view);

  return (
    <TabBody
      query={report}
      empty={!!data && isQuiet(data.totals)}
      keep={data && <LiveStrip live={data.live} />}
      testId="report-overview"
    >
      {data && (
        <>
          <StatGrid wide={data.totals.csat ? 7 : 6}>
            <CountStats metrics={COUNTS} totals={data.totals} previous={prev} />
            {data.totals.csat && (
              <StatCard
                label={t('metrics.csat')}
                definition={t('definitions.csat')}
                {...compared(data.totals.csat.average, prev?.csat?.average, formatRating)}
                footer={
                  <Text size="xs" c="dimmed" data-testid="report-stat-csat-responses">
                    {t('metrics.csatResponses')}: {formatCount(data.totals.csat.responses)}
                  </Text>
                }
                testId="report-stat-csat"
              />
            )}
          </StatGrid>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {(['firstResponse', 'resolution', 'replyTime'] as const).map((key) => (
              <DurationCard
                key={key}
                label={t(`metrics.${key}`)}
                definition={t(`definitions.${key}`)}
                stat={data.totals[key]}
                {...(view.compare ? { previous: prev?.[key] ?? null } : {})}
                testId={`report-duration-${key}`}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <SeriesChartCard
              title={t('overview.conversationsChart')}
              testId="report-chart-conversations"
              labels={labels}
              titles={titles}
              format={formatCount}
              series={[
                {
                  label: t('metrics.newConversations'),
                  data: data.series.map((p) => p.newConversations),
                  color: CHART_COLORS.teal,
                },
                {
                  label: t('metrics.resolved'),
                  data: data.series.map((p) => p.resolved),
                  color: CHART_COLORS.blue,
                },
                {
                  label: t('metrics.reopened'),
                  data: data.series.map((p) => p.reopened),
                  color: CHART_COLORS.orange,
                },
              ]}
            />
            <SeriesChartCard
              title={t('overview.timesChart')}
              definition={t('definitions.median')}
              testId="report-chart-times"
              labels={labels}
              titles={titles}
              format={d}
              durations
              durationsRight
              series={[
                {
                  label: t('metrics.firstResponse'),
                  data: data.series.map((p) => p.firstResponseMedian),
                  color: CHART_COLORS.teal,
                  kind: 'line',
                },
                {
                  label: t('metrics.replyTime'),
                  data: data.series.map((p) => p.replyTimeMedian),
                  color: CHART_COLORS.indigo,
                  kind: 'line',
                },
                {
                  label: t('metrics.resolution'),
                  data: data.series.map((p) => p.resolutionMedian),
                  color: CHART_COLORS.grape,
                  kind: 'line',
                  axis: 'right',
                },
              ]}
              formatRight={d}
            />
          </SimpleGrid>
          <SeriesChartCard
            title={t('overview.messagesChart')}
            testId="report-chart-messages"
            labels={labels}
            titles={titles}
            format={formatCount}
            height={220}
            series={[
              {
                label: t('metrics.messagesIn'),
                data: data.series.map((p) => p.messagesIn),
                color: CHART_COLORS.cyan,
              },
              {
                label: t('metrics.messagesOut'),
                data: data.series.map((p) => p.messagesOut),
                color: CHART_COLORS.gray,
              },
            ]}
          />
        </>
      )}
    </TabBody>
  );
}
