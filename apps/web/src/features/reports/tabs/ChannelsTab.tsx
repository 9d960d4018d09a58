import { SimpleGrid } from '@mantine/core';
import { CHANNEL_TYPES, type ChannelReportRow, type MessageTypeRow } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../../shared/RecordList';
import { useReport } from '../api';
import { CHART_COLORS } from '../charts/SeriesChart';
import { countColumn, durationColumn } from '../components/columns';
import { CountStats, type CountMetric } from '../components/CountStats';
import { SeriesChartCard } from '../components/SeriesChartCard';
import { ReportTable } from '../components/ReportTable';
import { formatCount } from '../numbers';
import { isQuiet } from './OverviewTab';
import { seriesAxis, StatGrid, TabBody, type TabProps } from './shared';

const CHANNEL_COLORS: Record<string, string> = {
  whatsapp: CHART_COLORS.teal,
  whatsapp_basic: CHART_COLORS.cyan,
  instagram: CHART_COLORS.pink,
  messenger: CHART_COLORS.blue,
};

const COUNTS: CountMetric<'newConversations' | 'resolved' | 'messagesIn' | 'messagesOut'>[] = [
  { key: 'newConversations', better: 'neutral' },
  { key: 'resolved', better: 'up' },
  { key: 'messagesIn', better: 'neutral' },
  { key: 'messagesOut', better: 'neutral' },
];

/** Where conversations come from and how each channel is served; messages by type. */
export function ChannelsTab({ view, query }: TabProps) {
  const { t } = useTranslation(['reports', 'inbox']);
  const report = useReport({ ...query, tab: 'channels' });
  const data = report.data;
  const prev = data?.previousTotals;
  const channelName = (c: string) => t(`inbox:channels.${c}`);
  const { labels, titles } = seriesAxis(data?.series, view);
  const present = CHANNEL_TYPES.filter((c) =>
    (data?.series ?? []).some((p) => p.byChannel.some((b) => b.channel === c && b.in + b.out > 0)),
  );

  const columns: RecordColumn<ChannelReportRow>[] = [
    { key: 'channel', header: t('reports:channels.channel'), cell: (r) => channelName(r.channel) },
    countColumn('new', t('reports:metrics.newConversations'), (r) => r.newConversations),
    countColumn('resolved', t('reports:metrics.resolved'), (r) => r.resolved),
    countColumn('in', t('reports:metrics.messagesIn'), (r) => r.messagesIn),
    countColumn('out', t('reports:metrics.messagesOut'), (r) => r.messagesOut),
    durationColumn('fr', t('reports:metrics.firstResponse'), (r) => r.firstResponse),
    durationColumn('res', t('reports:metrics.resolution'), (r) => r.resolution),
    durationColumn('reply', t('reports:metrics.replyTime'), (r) => r.replyTime),
  ];
  const typeColumns: RecordColumn<MessageTypeRow>[] = [
    {
      key: 'type',
      header: t('reports:channels.type'),
      // The inbox's names for message types; a type it does not name shows as stored.
      cell: (r) => t(`inbox:messageTypes.${r.msgType}`, { defaultValue: r.msgType }),
    },
    { key: 'channel', header: t('reports:channels.channel'), cell: (r) => channelName(r.channel) },
    countColumn('in', t('reports:channels.in'), (r) => r.in),
    countColumn('out', t('reports:channels.out'), (r) => r.out),
  ];

  return (
    <TabBody query={report} empty={!!data && isQuiet(data.totals)} testId="report-channels">
      {data && (
        <>
          <StatGrid>
            <CountStats metrics={COUNTS} totals={data.totals} previous={prev} />
          </StatGrid>
          <SeriesChartCard
            title={t('reports:channels.chartTitle')}
            definition={t('reports:definitions.messagesIn')}
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
