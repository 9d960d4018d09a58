import { Badge, Text } from '@mantine/core';
import type { LabelReportRow } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../../shared/RecordList';
import { useReport } from '../api';
import { CHART_COLORS, SeriesChart } from '../charts/SeriesChart';
import { ChartCard } from '../components/ChartCard';
import { StatCard } from '../components/figures';
import { ReportTable } from '../components/ReportTable';
import { formatCount, formatDuration } from '../numbers';
import { StatGrid, TabBody, type TabProps } from './shared';

/** A label's own colour when it is one the chart can draw; the palette's grey otherwise. */
function colorOf(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? color : CHART_COLORS.gray;
}

/** What conversations are about: per label, how many and how fast they were served. */
export function LabelsTab({ query }: TabProps) {
  const { t } = useTranslation('reports');
  const report = useReport({ ...query, tab: 'labels' });
  const data = report.data;
  const prev = data?.previousTotals;
  const rows = [...(data?.rows ?? [])].sort((a, b) => b.newConversations - a.newConversations);
  const top = rows.filter((r) => r.newConversations > 0).slice(0, 12);

  const columns: RecordColumn<LabelReportRow>[] = [
    {
      key: 'label',
      header: t('labels.label'),
      cell: (r) => (
        <Badge color={colorOf(r.color)} variant="light" radius="sm" tt="none">
          {r.name}
        </Badge>
      ),
    },
    {
      key: 'new',
      header: t('metrics.newConversations'),
      align: 'right',
      cell: (r) => formatCount(r.newConversations),
    },
    {
      key: 'resolved',
      header: t('metrics.resolved'),
      align: 'right',
      cell: (r) => formatCount(r.resolved),
    },
    {
      key: 'in',
      header: t('metrics.messagesIn'),
      align: 'right',
      cell: (r) => formatCount(r.messagesIn),
    },
    {
      key: 'fr',
      header: t('metrics.firstResponse'),
      align: 'right',
      cell: (r) => formatDuration(r.firstResponse.median, t),
    },
    {
      key: 'res',
      header: t('metrics.resolution'),
      align: 'right',
      cell: (r) => formatDuration(r.resolution.median, t),
    },
  ];

  return (
    <TabBody
      query={report}
      empty={!!data && data.totals.labelled === 0}
      emptyTitle={t('labels.emptyTitle')}
      emptyText={t('labels.emptyText')}
      testId="report-labels"
    >
      {data && (
        <>
          <StatGrid>
            <StatCard
              label={t('metrics.labelled')}
              definition={t('definitions.labelled')}
              value={formatCount(data.totals.labelled)}
              current={data.totals.labelled}
              {...(prev
                ? { previous: prev.labelled, previousText: formatCount(prev.labelled) }
                : {})}
              better="neutral"
              testId="report-stat-labelled"
            />
          </StatGrid>
          <ChartCard title={t('labels.chartTitle')} definition={t('definitions.labelled')}>
            {top.length ? (
              <SeriesChart
                label={t('labels.chartTitle')}
                horizontal
                labels={top.map((r) => r.name)}
                format={formatCount}
                height={Math.max(140, top.length * 30 + 30)}
                series={[
                  {
                    label: t('metrics.newConversations'),
                    data: top.map((r) => r.newConversations),
                    color: CHART_COLORS.teal,
                  },
                ]}
              />
            ) : (
              <Text size="sm" c="dimmed" ta="center" py="lg">
                {t('state.noRows')}
              </Text>
            )}
          </ChartCard>
          <ReportTable
            title={t('labels.tableTitle')}
            rows={rows}
            rowKey={(r) => r.labelId}
            columns={columns}
            minWidth={720}
            exportQuery={{ ...query, tab: 'labels' }}
            testId="report-labels-table"
          />
        </>
      )}
    </TabBody>
  );
}
