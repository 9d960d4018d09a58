import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema, type Order } from '@sapa/contracts';
import type { Balance } from '../../lib/storage';

/** Every query of the money pages, so socket events know what to refresh. */
export const billingKeys = {
  all: ['billing'] as const,
  products: ['billing', 'products'] as const,
  balance: ['billing', 'balance'] as const,
  orders: ['billing', 'orders'] as const,
  orderList: (page: number, perpage: number) => ['billing', 'orders', 'list', page, perpage],
  order: (id: string) => ['billing', 'orders', 'one', id] as const,
  ledger: ['billing', 'ledger'] as const,
};

export interface OrderList {
  data: Order[];
  meta: { total: number; page: number; perpage: number };
}

const balanceUpdated = z.object({ saldo: z.number() });

/**
 * `balance.updated {saldo}`: the balance shows the new figure at once; the last top-up's order
 * and the ledger are fetched again (the event names neither). Answers the saldo it read (null for
 * a payload it could not read), so the event is parsed once for every screen that follows it.
 */
export function applyBalanceUpdated(queryClient: QueryClient, payload: unknown): number | null {
  const parsed = balanceUpdated.safeParse(payload);
  if (parsed.success) {
    queryClient.setQueryData<Balance>(billingKeys.balance, (old) =>
      old ? { ...old, saldo: parsed.data.saldo } : old,
    );
  }
  void queryClient.invalidateQueries({ queryKey: billingKeys.balance });
  void queryClient.invalidateQueries({ queryKey: billingKeys.ledger });
  return parsed.success ? parsed.data.saldo : null;
}

/**
 * `order.updated {order}` (the payload is the order): the order's own query and every cached
 * order list take it in place; a list that does not hold it yet (a new order) is fetched again.
 */
export function applyOrderUpdated(queryClient: QueryClient, payload: unknown): void {
  const parsed = orderSchema.safeParse(payload);
  if (!parsed.success) {
    void queryClient.invalidateQueries({ queryKey: billingKeys.orders });
    return;
  }
  const order = parsed.data;
  queryClient.setQueryData<Order>(billingKeys.order(order._id), order);
  for (const [key, list] of queryClient.getQueriesData<OrderList>({
    queryKey: [...billingKeys.orders, 'list'],
  })) {
    if (list?.data.some((o) => o._id === order._id)) {
      queryClient.setQueryData<OrderList>(key, {
        ...list,
        data: list.data.map((o) => (o._id === order._id ? order : o)),
      });
    } else {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}
