import { useState, type MouseEvent } from 'react';
import { ActionIcon, Anchor, Button, Group, Pagination, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '@sapa/contracts';
import { formatCurrency, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { QueryState } from '../../shared/QueryState';
import { RecordCards, RecordTable, type RecordColumn } from '../../shared/RecordList';
import { errorText } from '../../shared/forms';
import { downloadInvoice } from '../ledger';
import { useOrders } from '../orders';
import { OrderStatusBadge, useOrderTitle } from './OrderStatusBadge';

const PER_PAGE = 10;

const stop = (event: MouseEvent) => event.stopPropagation();

interface OrderHistoryProps {
  phone: boolean;
  canPay: boolean;
  busy: string | null;
  onOpen: (order: Order) => void;
  onResume: (order: Order) => void;
}

function OrderActions({
  order,
  canPay,
  busy,
  onResume,
}: Pick<OrderHistoryProps, 'canPay' | 'busy' | 'onResume'> & { order: Order }) {
  const { t } = useTranslation('topup');
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!order.invoiceId) return;
    setDownloading(true);
    try {
      await downloadInvoice(order.invoiceId, order._id, currentLanguage());
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setDownloading(false);
    }
  };
  if (order.status === 'pending' && canPay)
    return (
      <Button
        size="compact-sm"
        onClick={(e) => {
          stop(e);
          onResume(order);
        }}
        loading={busy === order._id}
        data-testid="order-pay"
      >
        {t('orders.pay')}
      </Button>
    );
  if (order.invoiceId)
    return (
      <Group gap={4} wrap="nowrap" onClick={stop}>
        <Anchor
          component={Link}
          to={`/setting/billing-invoice/${order.invoiceId}`}
          size="sm"
          data-testid="order-invoice"
        >
          <Group gap={4} wrap="nowrap">
            <IconReceipt size={16} />
            {t('orders.invoice')}
          </Group>
        </Anchor>
        <Tooltip label={t('orders.invoicePdf')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('orders.invoicePdf')}
            onClick={() => void download()}
            loading={downloading}
            data-testid="order-invoice-pdf"
          >
            <IconDownload size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  return null;
}

/** The account's orders, newest first, statuses live through `order.updated`. */
export function OrderHistory(props: OrderHistoryProps) {
  const { phone, onOpen } = props;
  const { t } = useTranslation('topup');
  const title = useOrderTitle();
  const [page, setPage] = useState(1);
  const query = useOrders(page, PER_PAGE);
  const rows = query.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.meta.total ?? 0) / PER_PAGE));
  const actions = (order: Order) => <OrderActions order={order} {...props} />;

  const columns: RecordColumn<Order>[] = [
    {
      key: 'date',
      header: t('orders.date'),
      cell: (o) => <Text size="sm">{formatDateTime(o.createdAt)}</Text>,
    },
    {
      key: 'item',
      header: t('orders.item'),
      cell: (o) => (
        <div>
          <Text size="sm" fw={550}>
            {title(o)}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {o._id}
          </Text>
        </div>
      ),
    },
    {
      key: 'total',
      header: t('orders.total'),
      align: 'right',
      cell: (o) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatCurrency(o.grossAmount)}
        </Text>
      ),
    },
    {
      key: 'method',
      header: t('orders.method'),
      cell: (o) => (
        <Text size="sm" c={o.paymentMethod ? undefined : 'dimmed'}>
          {o.paymentMethod ?? '—'}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('orders.status'),
      cell: (o) => <OrderStatusBadge status={o.status} />,
    },
    { key: 'actions', header: '', ariaLabel: t('orders.actions'), cell: actions },
  ];

  const shared = {
    rows,
    rowKey: (o: Order) => o._id,
    onOpen,
    testId: 'order-list',
    rowTestId: 'order-row',
    rowData: (o: Order) => ({ 'data-order-id': o._id, 'data-status': o.status }),
  } as const;

  return (
    <QueryState
      query={query}
      retryLabel={t('retry')}
      isEmpty={rows.length === 0}
      empty={{
        icon: <IconReceipt size={28} />,
        title: t('orders.emptyTitle'),
        text: t('orders.emptyText'),
      }}
    >
      <Stack gap="md">
        {phone ? (
          <RecordCards
            {...shared}
            title={(o) => (
              <>
                <Text fw={600}>{title(o)}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {o._id}
                </Text>
              </>
            )}
            corner={(o) => <OrderStatusBadge status={o.status} />}
            facts={(o) => [
              { label: t('orders.date'), value: formatDateTime(o.createdAt) },
              { label: t('orders.total'), value: formatCurrency(o.grossAmount) },
              !!o.paymentMethod && { label: t('orders.method'), value: o.paymentMethod },
            ]}
            footer={(o) =>
              (o.status === 'pending' && props.canPay) || o.invoiceId ? (
                <Group mt="sm">{actions(o)}</Group>
              ) : null
            }
          />
        ) : (
          <RecordTable {...shared} columns={columns} minWidth={760} />
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Stack>
    </QueryState>
  );
}
