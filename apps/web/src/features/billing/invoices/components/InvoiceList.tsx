import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCurrency, INVOICE_TIME_ZONE, type Invoice } from '@sapa/contracts';
import { yearNow } from '../../../../lib/datetime';
import type { Language } from '../../../../lib/i18n';
import { notifyError } from '../../../../lib/notify';
import { QueryState } from '../../../shared/QueryState';
import { RecordCards, RecordTable, type RecordColumn } from '../../../shared/RecordList';
import { downloadInvoicePdf, useInvoices, useInvoiceUpdates } from '../api';
import { invoiceShortDate, lineText } from '../invoiceText';

const PHONE_QUERY = '(max-width: 767px)';
const PER_PAGE = 10;
/** Years offered by the filter: this one and the four before it. */
const YEARS_BACK = 5;

function StatusBadge({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  return invoice.status === 'refunded' ? (
    <Badge color="red" variant="light">
      {t('status.refunded')}
    </Badge>
  ) : (
    <Badge color="sapa" variant="light">
      {t('status.paid')}
    </Badge>
  );
}

function DownloadIcon({ invoice, lang }: { invoice: Invoice; lang: Language }) {
  const { t } = useTranslation('invoices');
  const [busy, setBusy] = useState(false);
  return (
    <Tooltip label={t('list.download')}>
      <ActionIcon
        variant="subtle"
        aria-label={`${t('list.download')} ${invoice.number}`}
        loading={busy}
        data-testid="invoice-row-download"
        onClick={async (event) => {
          // The row opens the invoice; this button only downloads it.
          event.stopPropagation();
          setBusy(true);
          try {
            await downloadInvoicePdf(invoice, lang);
          } catch {
            notifyError(t('list.downloadFailed'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <IconDownload size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The account's invoices, newest first: a table on laptops, cards on phones. */
export function InvoiceList() {
  const { t, i18n } = useTranslation('invoices');
  const lng: Language = i18n.language === 'id' ? 'id' : 'en';
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [page, setPage] = useState(1);
  const [year, setYear] = useState<number | null>(null);
  const query = useInvoices(page, PER_PAGE, year);
  useInvoiceUpdates();

  const thisYear = yearNow(INVOICE_TIME_ZONE);
  const years = Array.from({ length: YEARS_BACK }, (_, i) => String(thisYear - i));
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  const open = (invoice: Invoice) => void navigate(`/setting/billing-invoice/${invoice._id}`);
  const item = (invoice: Invoice) =>
    invoice.lines[0]
      ? lineText(invoice.lines[0].item, t, lng)
      : t(`orderType.${invoice.orderType}`);

  const columns: RecordColumn<Invoice>[] = [
    {
      key: 'number',
      header: t('list.number'),
      cell: (r) => (
        <Text fw={600} size="sm">
          {r.number}
        </Text>
      ),
    },
    { key: 'date', header: t('list.date'), cell: (r) => invoiceShortDate(r.issuedAt, lng) },
    { key: 'item', header: t('list.item'), cell: (r) => item(r) },
    {
      key: 'total',
      header: t('list.total'),
      cell: (r) => formatCurrency(r.total),
      td: { style: { textAlign: 'right', whiteSpace: 'nowrap' } },
    },
    { key: 'status', header: t('list.status'), cell: (r) => <StatusBadge invoice={r} /> },
    {
      key: 'download',
      header: '',
      ariaLabel: t('list.download'),
      cell: (r) => <DownloadIcon invoice={r} lang={lng} />,
      td: { style: { width: 48 } },
    },
  ];

  const emptyText = year === null ? t('list.emptyText') : t('list.emptyYear', { year });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label={t('list.year')}
          data={[
            { value: '', label: t('list.allYears') },
            ...years.map((y) => ({ value: y, label: y })),
          ]}
          value={year === null ? '' : String(year)}
          onChange={(value) => {
            setYear(value ? Number(value) : null);
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
          data-testid="invoice-year"
        />
        {total > 0 && (
          <Text size="sm" c="dimmed">
            {t('list.count', { count: total })}
          </Text>
        )}
      </Group>
      <QueryState
        query={query}
        retryLabel={t('list.retry')}
        isEmpty={rows.length === 0}
        empty={{
          icon: <IconFileInvoice size={28} />,
          title: t('list.emptyTitle'),
          text: emptyText,
        }}
      >
        {phone ? (
          <RecordCards
            rows={rows}
            rowKey={(r) => r._id}
            onOpen={open}
            testId="invoice-cards"
            rowTestId="invoice-row"
            rowData={(r) => ({ 'data-number': r.number })}
            title={(r) => (
              <Text fw={650} size="sm">
                {r.number}
              </Text>
            )}
            corner={(r) => <StatusBadge invoice={r} />}
            facts={(r) => [
              { label: t('list.date'), value: invoiceShortDate(r.issuedAt, lng) },
              { label: t('list.item'), value: item(r) },
              {
                label: t('list.total'),
                value: (
                  <Text fw={650} size="sm">
                    {formatCurrency(r.total)}
                  </Text>
                ),
              },
            ]}
            footer={(r) => (
              <Group justify="flex-end" mt="xs">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  onClick={(event) => {
                    event.stopPropagation();
                    void downloadInvoicePdf(r, lng).catch(() =>
                      notifyError(t('list.downloadFailed')),
                    );
                  }}
                >
                  {t('list.download')}
                </Button>
              </Group>
            )}
          />
        ) : (
          <RecordTable
            rows={rows}
            rowKey={(r) => r._id}
            onOpen={open}
            testId="invoice-table"
            rowTestId="invoice-row"
            rowData={(r) => ({ 'data-number': r.number })}
            columns={columns}
            minWidth={680}
          />
        )}
      </QueryState>
      {total > PER_PAGE && (
        <Group justify="center">
          <Pagination total={Math.ceil(total / PER_PAGE)} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
