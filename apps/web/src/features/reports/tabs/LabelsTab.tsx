import { Badge } from '@mantine/core';
import type { LabelReportRow } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../../shared/RecordList';
import { useReport } from '../api';
import { CHART_COLORS } from '../charts/SeriesChart';
import { countColumn, figureColumn } from '../components/columns';
import { CountStats, type CountMetric } from '../components/CountStats';
import { SeriesChartCard } from '../components/SeriesChartCard';
import { ReportTable } from '../components/ReportTable';
import { formatCount, formatDuration } from '../numbers';
import { StatGrid, TabBody, type TabProps } from './shared';

/** A label's own colour when it is one the chart can draw; the palette's grey otherwise. */
function colorOf(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? color : CHART_COLORS.gray;
}

const LABELLED: CountMetric<'labelled'>[] = [{ key: 'labelled', better: 'neutral' }];

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
    countColumn('new', t('metrics.newConversations'), (r) => r.newConversations),
    countColumn('resolved', t('metrics.resolved'), (r) => r.resolved),
    countColumn('in', t('metrics.messagesIn'), (r) => r.messagesIn),
    figureColumn('fr', t('metrics.firstResponse'), (r) =>
      formatDuration(r.firstResponse.median, t),
    ),
    figureColumn('res', t('metrics.resolution'), (r) => formatDuration(r.resolution.median, t)),
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
            <CountStats metrics={LABELLED} totals={data.totals} previous={prev} />
          </StatGrid>
          <SeriesChartCard
            title={t('labels.chartTitle')}
            definition={t('definitions.labelled')}
            empty={t('state.noRows')}
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
