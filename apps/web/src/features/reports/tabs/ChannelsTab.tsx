import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  CHANNEL_TYPES,
  type ChannelReportRow,
  type DurationStat,
  type MessageTypeRow,
} from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../../shared/RecordList';
import { useReport } from '../api';
import { CHART_COLORS, SeriesChart } from '../charts/SeriesChart';
import { ChartCard } from '../components/ChartCard';
import { StatCard } from '../components/figures';
import { ReportTable } from '../components/ReportTable';
import { formatCount, formatDuration } from '../numbers';
import { effectiveGroupBy } from '../range';
import { isQuiet } from './OverviewTab';
import { seriesLabels, StatGrid, TabBody, type TabProps } from './shared';

const CHANNEL_COLORS: Record<string, string> = {
  whatsapp: CHART_COLORS.teal,
  whatsapp_basic: CHART_COLORS.cyan,
  instagram: CHART_COLORS.pink,
  messenger: CHART_COLORS.blue,
};

function Duration({ stat }: { stat: DurationStat }) {
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

/** Where conversations come from and how each channel is served; messages by type. */
export function ChannelsTab({ view, query }: TabProps) {
  const { t } = useTranslation(['reports', 'inbox']);
  const report = useReport({ ...query, tab: 'channels' });
  const data = report.data;
  const prev = data?.previousTotals;
  const channelName = (c: string) => t(`inbox:channels.${c}`);
  const { labels, titles } = seriesLabels(
    data?.series.map((p) => p.date) ?? [],
    effectiveGroupBy(view),
  );
  const present = CHANNEL_TYPES.filter((c) =>
    (data?.series ?? []).some((p) => p.byChannel.some((b) => b.channel === c && b.in + b.out > 0)),
  );

  const columns: RecordColumn<ChannelReportRow>[] = [
    { key: 'channel', header: t('reports:channels.channel'), cell: (r) => channelName(r.channel) },
    {
      key: 'new',
      header: t('reports:metrics.newConversations'),
      align: 'right',
      cell: (r) => formatCount(r.newConversations),
    },
    {
      key: 'resolved',
      header: t('reports:metrics.resolved'),
      align: 'right',
      cell: (r) => formatCount(r.resolved),
    },
    {
      key: 'in',
      header: t('reports:metrics.messagesIn'),
      align: 'right',
      cell: (r) => formatCount(r.messagesIn),
    },
    {
      key: 'out',
      header: t('reports:metrics.messagesOut'),
      align: 'right',
      cell: (r) => formatCount(r.messagesOut),
    },
    {
      key: 'fr',
      header: t('reports:metrics.firstResponse'),
      cell: (r) => <Duration stat={r.firstResponse} />,
    },
    {
      key: 'res',
      header: t('reports:metrics.resolution'),
      cell: (r) => <Duration stat={r.resolution} />,
    },
    {
      key: 'reply',
      header: t('reports:metrics.replyTime'),
      cell: (r) => <Duration stat={r.replyTime} />,
    },
  ];
  const typeColumns: RecordColumn<MessageTypeRow>[] = [
    {
      key: 'type',
      header: t('reports:channels.type'),
      // The inbox's names for message types; a type it does not name shows as stored.
      cell: (r) => t(`inbox:messageTypes.${r.msgType}`, { defaultValue: r.msgType }),
    },
    { key: 'channel', header: t('reports:channels.channel'), cell: (r) => channelName(r.channel) },
    { key: 'in', header: t('reports:channels.in'), align: 'right', cell: (r) => formatCount(r.in) },
    {
      key: 'out',
      header: t('reports:channels.out'),
      align: 'right',
      cell: (r) => formatCount(r.out),
    },
  ];

  return (
    <TabBody query={report} empty={!!data && isQuiet(data.totals)} testId="report-channels">
      {data && (
        <>
          <StatGrid>
            {(['newConversations', 'resolved', 'messagesIn', 'messagesOut'] as const).map((key) => (
              <StatCard
                key={key}
                label={t(`reports:metrics.${key}`)}
                definition={t(`reports:definitions.${key}`)}
                value={formatCount(data.totals[key])}
                current={data.totals[key]}
                {...(prev ? { previous: prev[key], previousText: formatCount(prev[key]) } : {})}
                better={key === 'resolved' ? 'up' : 'neutral'}
                testId={`report-stat-${key}`}
              />
            ))}
          </StatGrid>
          <ChartCard
            title={t('reports:channels.chartTitle')}
            definition={t('reports:definitions.messagesIn')}
          >
            <SeriesChart
              label={t('reports:channels.chartTitle')}
              labels={labels}
              titles={titles}
              stacked
              format={formatCount}
              series={present.map((c) => ({
                label: channelName(c),
                data: data.series.map((p) => p.byChannel.find((b) => b.channel === c)?.in ?? 0),
                color: CHANNEL_COLORS[c] ?? CHART_COLORS.gray,
              }))}
            />
          </ChartCard>
          <ReportTable
            title={t('reports:channels.tableTitle')}
            rows={data.rows}
            rowKey={(r) => r.channel}
            columns={columns}
            minWidth={900}
            exportQuery={{ ...query, tab: 'channels' }}
            testId="report-channels-table"
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ReportTable
              title={t('reports:channels.typesTitle')}
              rows={data.messageTypes}
              rowKey={(r) => `${r.channel}-${r.msgType}`}
              columns={typeColumns}
              minWidth={360}
              testId="report-types-table"
            />
          </SimpleGrid>
        </>
      )}
    </TabBody>
  );
}
