import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconClockOff,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order, OrderStatus } from '@sapa/contracts';
import { formatCurrency, formatDateTime } from '../../../lib/format';
import { errorText } from '../../shared/forms';
import { useOrder } from '../orders';
import type { PaymentHint, WatchedOrder } from '../usePayment';
import { OrderStatusBadge, STATUS_COLORS, useOrderTitle } from './OrderStatusBadge';

const ICONS: Record<OrderStatus, ReactNode> = {
  pending: <IconClockHour4 size={30} />,
  paid: <IconCircleCheck size={30} />,
  failed: <IconCircleX size={30} />,
  expired: <IconClockOff size={30} />,
  refunded: <IconReceiptRefund size={30} />,
};

function Fact({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ta="right" style={{ minWidth: 0 }}>
        {value}
      </Text>
    </Group>
  );
}

/** What the order costs and how it stands: the server's figures, never the page's own. */
function OrderFacts({ order }: { order: Order }) {
  const { t } = useTranslation('topup');
  const title = useOrderTitle();
  return (
    <Stack gap={8}>
      <Fact
        label={t('status.order')}
        value={<span data-testid="payment-order-id">{order._id}</span>}
      />
      <Fact label={t('status.item')} value={title(order)} />
      <Fact label={t('breakdown.price')} value={formatCurrency(order.amount)} />
      <Fact
        label={t('breakdown.ppn', { rate: String(order.ppnRate).replace('.', ',') })}
        value={formatCurrency(order.ppn)}
      />
      <Divider my={2} />
      <Fact
        label={t('breakdown.total')}
        value={<span data-testid="payment-total">{formatCurrency(order.grossAmount)}</span>}
        strong
      />
      {order.paymentMethod && <Fact label={t('status.method')} value={order.paymentMethod} />}
      {order.paidAt && <Fact label={t('status.paidAt')} value={formatDateTime(order.paidAt)} />}
      {order.status === 'pending' && (
        <Fact label={t('status.payBefore')} value={formatDateTime(order.expiresAt)} />
      )}
    </Stack>
  );
}

function message(
  order: Order,
  hint: PaymentHint,
  t: (key: string, o?: Record<string, unknown>) => string,
) {
  if (order.status === 'pending') return t(`status.pendingText.${hint}`);
  if (order.status === 'paid' && order.type === 'topup')
    return t('status.paidText.topup', { amount: formatCurrency(order.amount) });
  if (order.status === 'paid') return t('status.paidText.plan');
  return t(`status.text.${order.status}`);
}

interface PaymentStatusModalProps {
  watched: WatchedOrder | null;
  onClose: () => void;
  /** Opens a pending order's payment again. */
  onResume: (order: Order) => void;
  /** Orders the same again, after a failed or expired payment. */
  onRetry?: ((order: Order) => void) | undefined;
  busy: string | null;
}

/**
 * An order's live status (the server's, kept live by `order.updated`): after the payment popup
 * closes, when the buyer comes back from the gateway's page, or from the order history.
 */
export function PaymentStatusModal({
  watched,
  onClose,
  onResume,
  onRetry,
  busy,
}: PaymentStatusModalProps) {
  const { t } = useTranslation('topup');
  const phone = useMediaQuery('(max-width: 767px)') ?? false;
  const query = useOrder(watched?.orderId ?? null);
  const order = query.data;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (query.isError || !order) {
    body = (
      <Alert color="red" variant="light">
        {errorText(query.error)}
      </Alert>
    );
  } else {
    const status = order.status;
    body = (
      <Stack gap="lg" data-testid="payment-status" data-status={status}>
        <Stack gap="xs" align="center" ta="center">
          <ThemeIcon size={60} radius="xl" variant="light" color={STATUS_COLORS[status]}>
            {ICONS[status]}
          </ThemeIcon>
          <Title order={3} data-testid="payment-heading">
            {t(`status.heading.${status}`)}
          </Title>
          <Text size="sm" c="dimmed" maw={380}>
            {message(order, watched?.hint ?? 'view', t)}
          </Text>
          {status === 'pending' && (
            <Group gap={6} c="dimmed">
              <Loader size="xs" type="dots" />
              <Text size="xs">{t('status.live')}</Text>
            </Group>
          )}
        </Stack>
        <div
          style={{
            background: 'var(--mantine-color-gray-0)',
            borderRadius: 'var(--mantine-radius-md)',
            padding: 'var(--mantine-spacing-md)',
          }}
        >
          <Group justify="space-between" mb="sm">
            <Text fw={650} size="sm">
              {t('status.summary')}
            </Text>
            <OrderStatusBadge status={status} />
          </Group>
          <OrderFacts order={order} />
        </div>
        <Group justify="flex-end" gap="sm">
          {status === 'pending' && watched?.hint !== 'success' && (
            <Button
              onClick={() => onResume(order)}
              loading={busy === order._id}
              data-testid="payment-resume"
            >
              {t('status.resume')}
            </Button>
          )}
          {(status === 'failed' || status === 'expired') && onRetry && (
            <Button onClick={() => onRetry(order)} data-testid="payment-retry">
              {t('status.retry')}
            </Button>
          )}
          {status === 'paid' && order.invoiceId && (
            <Button
              component={Link}
              to={`/setting/billing-invoice/${order.invoiceId}`}
              variant="light"
              data-testid="payment-invoice"
            >
              {t('status.invoice')}
            </Button>
          )}
          <Button variant="default" onClick={onClose} data-testid="payment-close">
            {status === 'paid' ? t('status.done') : t('status.close')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened={watched !== null}
      onClose={onClose}
      title={t('status.title')}
      centered
      size="md"
      fullScreen={phone}
      radius="lg"
    >
      {body}
    </Modal>
  );
}
