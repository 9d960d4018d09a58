import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Order, OrderStatus } from '@sapa/contracts';

export const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  paid: 'green',
  failed: 'red',
  expired: 'gray',
  refunded: 'blue',
};

/** The order's status as the server last said it (live through `order.updated`). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('topup');
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      data-testid="order-status"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {t(`orderStatus.${status}`)}
    </Badge>
  );
}

/** What the order buys, in the page's language: "Balance top-up", "Starter plan, 1 year". */
export function useOrderTitle(): (order: Order) => string {
  const { t } = useTranslation('topup');
  return (order) => {
    if (order.type === 'topup') return t('orderType.topup');
    const plan = order.product?.name ?? t('orderType.planFallback');
    const period = order.billingPeriod ?? 'monthly';
    return t(`orderType.${order.type}`, { plan, period: t(`orderType.period.${period}`) });
  };
}
