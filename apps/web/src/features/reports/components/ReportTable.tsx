import { useState, type ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import type { ReportExportFormat, ReportQuery } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { RecordCards, RecordTable, type RecordColumn } from '../../shared/RecordList';
import { exportReport } from '../api';
import { reportErrorText } from '../errors';

export const PHONE_QUERY = '(max-width: 767px)';

/** Downloads a tab as a file; one at a time per button group. */
export function useExport() {
  const { t } = useTranslation('reports');
  const [pending, setPending] = useState<ReportExportFormat | null>(null);
  const run = async (query: ReportQuery, format: ReportExportFormat) => {
    setPending(format);
    try {
      await exportReport(query, format, currentLanguage());
      notifySuccess(t('export.done'), { id: `report-export-${format}` });
    } catch (error) {
      notifyError(reportErrorText(error));
    } finally {
      setPending(null);
    }
  };
  return { pending, run };
}

/** CSV and Excel of a table (the server writes the tab's table). */
export function TableExport({ query, testId }: { query: ReportQuery; testId: string }) {
  const { t } = useTranslation('reports');
  const { pending, run } = useExport();
  const button = (format: 'csv' | 'xlsx', icon: ReactNode) => (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={icon}
      loading={pending === format}
      disabled={pending !== null && pending !== format}
      onClick={() => void run(query, format)}
      title={t('export.tableHint')}
      data-testid={`${testId}-${format}`}
    >
      {t(`export.${format}`)}
    </Button>
  );
  return (
    <Group gap={6}>
      {button('csv', <IconFileText size={14} />)}
      {button('xlsx', <IconFileSpreadsheet size={14} />)}
    </Group>
  );
}

/**
 * A report's table: a table on laptops, one card per row on phones (the first column names the
 * card, the others are its facts), with CSV and Excel downloads in its header.
 */
export function ReportTable<T>({
  title,
  rows,
  rowKey,
  columns,
  minWidth = 720,
  exportQuery,
  testId,
  empty,
}: {
  title: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: RecordColumn<T>[];
  minWidth?: number;
  /** Without it the table has no downloads (a second table of a tab the server does not export). */
  exportQuery?: ReportQuery;
  testId: string;
  empty?: string;
}) {
  const { t } = useTranslation('reports');
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  // Names and times read on one line; a table wider than the card scrolls instead.
  const cells = columns.map((c) => ({
    ...c,
    td: { ...c.td, style: { whiteSpace: 'nowrap' as const, ...c.td?.style } },
  }));
  const [first, ...rest] = columns;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={4}>{title}</Title>
        {exportQuery && <TableExport query={exportQuery} testId={`${testId}-export`} />}
      </Group>
      {rows.length === 0 ? (
        <Card padding="lg">
          <Text size="sm" c="dimmed" ta="center" data-testid={`${testId}-empty`}>
            {empty ?? t('state.noRows')}
          </Text>
        </Card>
      ) : phone && first ? (
        <RecordCards
          rows={rows}
          rowKey={rowKey}
          testId={testId}
          rowTestId={`${testId}-row`}
          title={(row) => <Text fw={600}>{first.cell(row)}</Text>}
          corner={() => null}
          facts={(row) => rest.map((c) => ({ label: c.header, value: c.cell(row) }))}
        />
      ) : (
        <RecordTable
          rows={rows}
          rowKey={rowKey}
          testId={testId}
          rowTestId={`${testId}-row`}
          columns={cells}
          minWidth={minWidth}
        />
      )}
    </Stack>
  );
}
