import { Anchor, Card, Group, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CsatReport } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/datetime';
import type { RecordColumn } from '../../shared/RecordList';
import { useReport } from '../api';
import { CHART_COLORS } from '../charts/SeriesChart';
import { countColumn, figureColumn } from '../components/columns';
import { compared } from '../components/CountStats';
import { SeriesChartCard } from '../components/SeriesChartCard';
import { StatCard } from '../components/figures';
import { ReportTable } from '../components/ReportTable';
import { formatCount, formatRating, formatShare } from '../numbers';
import { seriesAxis, StatGrid, TabBody, type TabProps } from './shared';

type AgentRow = CsatReport['rows'][number];
// From a poor rating to a great one: red through amber to green.
const RATING_COLORS = ['#e03131', '#f76707', '#f59f00', '#74b816', '#1b997c'];

function Comments({ comments }: { comments: CsatReport['comments'] }) {
  const { t } = useTranslation('reports');
  return (
    <Stack gap="sm">
      <Title order={4}>{t('csat.commentsTitle')}</Title>
      {comments.length === 0 ? (
        <Card padding="lg">
          <Text size="sm" c="dimmed" ta="center">
            {t('csat.noComments')}
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {comments.map((c) => (
            <Card key={c.surveyId} padding="md" data-testid="csat-comment">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Rating
                    value={c.rating}
                    readOnly
                    size="sm"
                    aria-label={t('csat.stars', { count: c.rating })}
                  />
                  <Text size="xs" c="dimmed">
                    {formatDateTime(c.answeredAt)}
                  </Text>
                </Group>
                <Text size="sm">“{c.comment}”</Text>
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed">
                    {c.agent?.name ?? '—'}
                  </Text>
                  <Anchor
                    component={Link}
                    to={`/chat?id=${encodeURIComponent(c.chatId)}`}
                    size="xs"
                  >
                    {t('csat.openChat')}
                  </Anchor>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Customer satisfaction (bo.isCsat): answers, response rate, average, spread, agents, comments. */
export function CsatTab({ view, query }: TabProps) {
  const { t } = useTranslation('reports');
  const report = useReport({ ...query, tab: 'csat' });
  const data = report.data;
  const prev = data?.previousTotals;
  const sent = data?.totals.surveysSent ?? null;
  const { labels, titles } = seriesAxis(data?.series, view);
  const columns: RecordColumn<AgentRow>[] = [
    { key: 'name', header: t('agents.agent'), cell: (r) => r.name },
    countColumn('responses', t('metrics.responses'), (r) => r.responses),
    figureColumn('average', t('metrics.average'), (r) => (
      <Group gap={6} justify="flex-end" wrap="nowrap">
        <Rating value={r.average ?? 0} fractions={10} readOnly size="xs" />
        <Text size="sm" fw={600}>
          {formatRating(r.average)}
        </Text>
      </Group>
    )),
  ];

  return (
    <TabBody
      query={report}
      empty={!!data && data.totals.responses === 0}
      emptyTitle={t('csat.emptyTitle')}
      emptyText={t('csat.emptyText')}
      testId="report-csat"
    >
      {data && (
        <>
          <StatGrid wide={sent === null ? 2 : 4}>
            <StatCard
              label={t('metrics.average')}
              definition={t('definitions.csat')}
              {...compared(data.totals.average, prev?.average, formatRating)}
              footer={<Rating value={data.totals.average ?? 0} fractions={10} readOnly size="sm" />}
              testId="report-stat-csatAverage"
            />
            <StatCard
              label={t('metrics.responses')}
              definition={t('definitions.csatResponses')}
              {...compared(data.totals.responses, prev?.responses, formatCount)}
              better="up"
              testId="report-stat-csatResponses"
            />
            {/* Sent and rate only when the server counts the surveys sent: no "—" cards. */}
            {sent !== null && (
              <StatCard
                label={t('metrics.surveysSent')}
                definition={t('definitions.surveysSent')}
                value={formatCount(sent)}
                testId="report-stat-surveysSent"
              />
            )}
            {sent !== null && (
              <StatCard
                label={t('metrics.responseRate')}
                definition={t('definitions.responseRate')}
                value={formatShare(data.totals.responseRate)}
                footer={
                  <Text size="xs" c="dimmed">
                    {t('csat.answeredOfSent', {
                      answers: formatCount(data.totals.responses),
                      sent: formatCount(sent),
                    })}
                  </Text>
                }
                testId="report-stat-responseRate"
              />
            )}
          </StatGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <SeriesChartCard
              title={t('csat.distributionTitle')}
              testId="report-chart-ratings"
              horizontal
              labels={[...data.totals.distribution]
                .reverse()
                .map((d) => t('csat.stars', { count: d.rating }))}
              format={formatCount}
              height={200}
              series={[
                {
                  label: t('metrics.responses'),
                  data: [...data.totals.distribution].reverse().map((d) => d.count),
                  color: CHART_COLORS.teal,
                  colors: [...RATING_COLORS].reverse(),
                },
              ]}
            />
            <SeriesChartCard
              title={t('csat.trendTitle')}
              testId="report-chart-csat-trend"
              labels={labels}
              titles={titles}
              format={formatCount}
              formatRight={formatRating}
              height={200}
              series={[
                {
                  label: t('metrics.responses'),
                  data: data.series.map((p) => p.responses),
                  color: CHART_COLORS.cyan,
                },
                {
                  label: t('metrics.average'),
                  data: data.series.map((p) => p.average),
                  color: CHART_COLORS.orange,
                  kind: 'line',
                  axis: 'right',
                },
              ]}
            />
          </SimpleGrid>
          <ReportTable
            title={t('csat.tableTitle')}
            rows={data.rows}
            rowKey={(r) => r.agentId}
            columns={columns}
            minWidth={480}
            exportQuery={{ ...query, tab: 'csat' }}
            testId="report-csat-table"
          />
          <Comments comments={data.comments} />
        </>
      )}
    </TabBody>
  );
}
