import { useState } from 'react';
import { Badge, Button, Group, Menu, Pagination, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconListDetails,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LEDGER_KINDS, ledgerReference, type LedgerKind } from '@sapa/contracts';
import { PICKER_DATE_FORMAT } from '../../../lib/datePickers';
import { formatCurrency, formatDateTime, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { QueryState } from '../../shared/QueryState';
import { RecordCards, RecordTable, type RecordColumn } from '../../shared/RecordList';
import { errorText } from '../../shared/forms';
import {
  downloadLedgerSheet,
  downloadStatement,
  NO_LEDGER_FILTER,
  useSaldoHistory,
  type LedgerFilter,
  type SaldoEntry,
} from '../ledger';

const PER_PAGE = 20;

const KIND_COLORS: Record<LedgerKind, string> = {
  topup: 'green',
  charge: 'gray',
  refund: 'blue',
  adjustment: 'violet',
  plan: 'teal',
};

/** Rupiah with its sign, cents only when the entry has them. */
function signed(amount: number): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return `${amount < 0 ? '-' : '+'}Rp ${formatNumber(Math.abs(amount), digits)}`;
}

function money(value: number): string {
  return Number.isInteger(value) ? formatCurrency(value) : `Rp ${formatNumber(value, 2)}`;
}

/** The ledger: every change of the balance with its reason, filters, paging and its exports. */
export function LedgerSection({ phone }: { phone: boolean }) {
  const { t } = useTranslation('topup');
  const [filter, setFilter] = useState<LedgerFilter>(NO_LEDGER_FILTER);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query = useSaldoHistory(filter, page, PER_PAGE);
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const filtered = filter.kind !== null || filter.from !== null || filter.to !== null;

  const change = (patch: Partial<LedgerFilter>) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  const exportAs = async (format: 'pdf' | 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      if (format === 'pdf') await downloadStatement(filter, currentLanguage());
      else await downloadLedgerSheet(filter, format);
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  const kindBadge = (e: SaldoEntry) => (
    <Badge variant="light" color={KIND_COLORS[e.kind]} style={{ flexShrink: 0 }}>
      {t(`kinds.${e.kind}`)}
    </Badge>
  );
  const amount = (e: SaldoEntry) => (
    <Text
      size="sm"
      fw={650}
      c={e.amount < 0 ? 'red.8' : 'green.8'}
      style={{ whiteSpace: 'nowrap' }}
      data-testid="ledger-amount"
    >
      {signed(e.amount)}
    </Text>
  );
  const description = (e: SaldoEntry) => {
    const reference = ledgerReference(e.orderId);
    return (
      <div>
        <Text size="sm">{e.description || t(`kinds.${e.kind}`)}</Text>
        {reference && (
          <Text size="xs" c="dimmed" ff="monospace">
            {reference}
          </Text>
        )}
      </div>
    );
  };

  const columns: RecordColumn<SaldoEntry>[] = [
    {
      key: 'date',
      header: t('ledger.date'),
      cell: (e) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(e.createdAt)}
        </Text>
      ),
    },
    { key: 'description', header: t('ledger.description'), cell: description },
    { key: 'kind', header: t('ledger.kind'), cell: kindBadge },
    { key: 'amount', header: t('ledger.amount'), cell: amount, align: 'right' },
    {
      key: 'balance',
      header: t('ledger.balance'),
      cell: (e) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {money(e.saldo)}
        </Text>
      ),
      align: 'right',
    },
  ];
  const shared = {
    rows,
    rowKey: (e: SaldoEntry) => e._id,
    testId: 'ledger-list',
    rowTestId: 'ledger-row',
    rowData: (e: SaldoEntry) => ({ 'data-kind': e.kind }),
  } as const;

  const width = phone ? undefined : 170;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: 1 }}>
          <Select
            label={t('ledger.kindFilter')}
            placeholder={t('ledger.allKinds')}
            clearable
            data={LEDGER_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            value={filter.kind}
            onChange={(value) => change({ kind: LEDGER_KINDS.find((k) => k === value) ?? null })}
            w={width ?? '100%'}
            data-testid="ledger-kind"
          />
          <Group gap="xs" wrap="nowrap" align="flex-end" w={phone ? '100%' : undefined}>
            <DatePickerInput
              label={t('ledger.from')}
              placeholder={t('ledger.from')}
              valueFormat={PICKER_DATE_FORMAT}
              clearable
              value={filter.from}
              maxDate={filter.to ?? undefined}
              onChange={(value) => change({ from: value || null })}
              style={{ flex: 1 }}
              w={phone ? undefined : 150}
              data-testid="ledger-from"
            />
            <DatePickerInput
              label={t('ledger.to')}
              placeholder={t('ledger.to')}
              valueFormat={PICKER_DATE_FORMAT}
              clearable
              value={filter.to}
              minDate={filter.from ?? undefined}
              onChange={(value) => change({ to: value || null })}
              style={{ flex: 1 }}
              w={phone ? undefined : 150}
              data-testid="ledger-to"
            />
          </Group>
          {filtered && (
            <Button variant="subtle" color="gray" onClick={() => change(NO_LEDGER_FILTER)}>
              {t('ledger.clear')}
            </Button>
          )}
        </Group>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              rightSection={<IconChevronDown size={14} />}
              loading={exporting}
              fullWidth={phone}
              data-testid="ledger-export"
            >
              {t('ledger.export')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconFileTypePdf size={16} />}
              onClick={() => void exportAs('pdf')}
              data-testid="ledger-export-pdf"
            >
              {t('ledger.exportPdf')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => void exportAs('csv')}
              data-testid="ledger-export-csv"
            >
              {t('ledger.exportCsv')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => void exportAs('xlsx')}
              data-testid="ledger-export-xlsx"
            >
              {t('ledger.exportXlsx')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <QueryState
        query={query}
        retryLabel={t('retry')}
        isEmpty={rows.length === 0}
        empty={{
          icon: <IconListDetails size={28} />,
          title: filtered ? t('ledger.emptyFilteredTitle') : t('ledger.emptyTitle'),
          text: filtered ? t('ledger.emptyFilteredText') : t('ledger.emptyText'),
        }}
      >
        {phone ? (
          <RecordCards
            {...shared}
            title={description}
            corner={amount}
            facts={(e) => [
              { label: t('ledger.date'), value: formatDateTime(e.createdAt) },
              { label: t('ledger.kind'), value: t(`kinds.${e.kind}`) },
              { label: t('ledger.balance'), value: money(e.saldo) },
            ]}
          />
        ) : (
          <RecordTable {...shared} columns={columns} minWidth={720} />
        )}
        <Group justify="space-between" mt="md" gap="sm">
          <Text size="xs" c="dimmed" data-testid="ledger-total">
            {t('ledger.shown', { count: total, total: formatNumber(total) })}
          </Text>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
        </Group>
      </QueryState>
    </Stack>
  );
}
