import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BillingPeriod, Order, SnapToken } from '@sapa/contracts';
import { api } from '../../lib/http';
import { billingKeys, type OrderList } from './cache';

/** What a buyer asks for: a top-up of an amount, or a period of a plan (new or renewed). */
export type OrderRequest =
  | { type: 'topup'; amount: number }
  | { type: 'subscription' | 'renewal'; productCode: string; billingPeriod: BillingPeriod };

export function createOrder(request: OrderRequest): Promise<Order> {
  const { type, ...body } = request;
  return api.post<Order>(`/order/create-order/${type}`, { body });
}

/** The order's one payment session (asking again returns the same token). */
export function paymentSession(orderId: string): Promise<SnapToken> {
  return api.get<SnapToken>('/order/create-snap-token', { params: { orderId } });
}

/** The same purchase again, for an order that failed or expired. */
export function requestOf(order: Order): OrderRequest | null {
  if (order.type === 'topup') return { type: 'topup', amount: order.amount };
  if (!order.product || !order.billingPeriod) return null;
  return { type: order.type, productCode: order.product.code, billingPeriod: order.billingPeriod };
}

export function useOrders(page: number, perpage: number, enabled = true) {
  return useQuery({
    queryKey: billingKeys.orderList(page, perpage),
    queryFn: () => api.get<OrderList>('/order', { params: { page, perpage } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * One order as the server knows it. Its changes arrive by `order.updated`; while it waits for
 * payment it is also read again now and then, in case the socket missed the moment.
 */
export function useOrder(id: string | null) {
  return useQuery({
    queryKey: billingKeys.order(id ?? ''),
    queryFn: () => api.get<Order>(`/order/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    retry: false,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 10_000 : false),
  });
}
