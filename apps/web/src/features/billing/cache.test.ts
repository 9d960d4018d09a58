import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Order } from '@sapa/contracts';
import { applyBalanceUpdated, applyOrderUpdated, billingKeys, type OrderList } from './cache';
import { makeOrder } from './testFixtures';

const list = (orders: Order[]): OrderList => ({
  data: orders,
  meta: { total: orders.length, page: 1, perpage: 10 },
});

describe('balance.updated', () => {
  it('shows the new saldo at once and keeps the last top-up until refetched', () => {
    const client = new QueryClient();
    client.setQueryData(billingKeys.balance, { saldo: 150_000, orderId: 'SAPA-1' });
    applyBalanceUpdated(client, { saldo: 250_000 });
    expect(client.getQueryData(billingKeys.balance)).toEqual({ saldo: 250_000, orderId: 'SAPA-1' });
  });

  it('marks the balance and the ledger stale, whatever the payload', () => {
    const client = new QueryClient();
    client.setQueryData([...billingKeys.ledger, 'page-1'], { data: [] });
    applyBalanceUpdated(client, { saldo: 'lots' });
    expect(client.getQueryState([...billingKeys.ledger, 'page-1'])?.isInvalidated).toBe(true);
  });
});

describe('order.updated', () => {
  it('updates the order and every list holding it, in place', () => {
    const client = new QueryClient();
    const pending = makeOrder();
    const other = makeOrder({ _id: 'SAPA-OTHER', status: 'paid' });
    client.setQueryData(billingKeys.order(pending._id), pending);
    client.setQueryData(billingKeys.orderList(1, 10), list([pending, other]));
    const paid = { ...pending, status: 'paid' as const, paymentMethod: 'BCA Virtual Account' };
    applyOrderUpdated(client, paid);
    expect(client.getQueryData(billingKeys.order(pending._id))).toEqual(paid);
    expect(client.getQueryData<OrderList>(billingKeys.orderList(1, 10))?.data).toEqual([
      paid,
      other,
    ]);
    expect(client.getQueryState(billingKeys.orderList(1, 10))?.isInvalidated).toBe(false);
  });

  it('refetches a list that does not hold the order yet (a new order)', () => {
    const client = new QueryClient();
    client.setQueryData(billingKeys.orderList(1, 10), list([]));
    applyOrderUpdated(client, makeOrder());
    expect(client.getQueryState(billingKeys.orderList(1, 10))?.isInvalidated).toBe(true);
  });

  it('refetches the orders rather than trusting an unreadable payload', () => {
    const client = new QueryClient();
    const order = makeOrder();
    client.setQueryData(billingKeys.order(order._id), order);
    applyOrderUpdated(client, { _id: order._id, status: 'paid' });
    expect(client.getQueryData<Order>(billingKeys.order(order._id))?.status).toBe('pending');
    expect(client.getQueryState(billingKeys.order(order._id))?.isInvalidated).toBe(true);
  });
});
