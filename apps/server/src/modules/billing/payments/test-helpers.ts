import type { Order, SnapToken } from '@sapa/contracts';
import { createTestContext, testConfig, type TestContext } from '../../../test/harness.js';
import { MidtransStub, type StubPayment } from '../../../test/midtrans-stub.js';
import type { TestUser } from '../../../test/fixtures.js';
import { registerPaymentWorkers } from './workers.js';

export const SERVER_KEY = 'SB-Mid-server-test';

export interface PaymentsHarness {
  ctx: TestContext;
  stub: MidtransStub;
  /** Order ids whose `invoice.issue` job ran (the invoices part registers the real handler). */
  invoiced: string[];
  close(): Promise<void>;
}

/** A test app whose Midtrans is a local stand-in, with the payment workers registered. */
export async function paymentsHarness(
  opts: { jobs?: 'recording' | 'pg-boss' } = {},
): Promise<PaymentsHarness> {
  const stub = await new MidtransStub(SERVER_KEY).start();
  const base = testConfig().payments;
  const ctx = await createTestContext({
    jobs: opts.jobs ?? 'recording',
    config: {
      payments: {
        ...base,
        midtrans: { ...base.midtrans, serverKey: SERVER_KEY, snapUrl: stub.url, apiUrl: stub.url },
        timeoutMs: 1_500,
      },
    },
  });
  const invoiced: string[] = [];
  await ctx.deps.jobs.work('invoice.issue', async ({ orderId }) => {
    invoiced.push(orderId);
  });
  await registerPaymentWorkers(ctx.deps);
  return {
    ctx,
    stub,
    invoiced,
    close: async () => {
      await ctx.close();
      await stub.stop();
    },
  };
}

export async function placeOrder(
  h: PaymentsHarness,
  user: TestUser,
  type: 'topup' | 'subscription' | 'renewal',
  payload: Record<string, unknown>,
): Promise<Order> {
  const res = await h.ctx.app.inject({
    method: 'POST',
    url: `/api/order/create-order/${type}`,
    headers: user.auth,
    payload,
  });
  if (res.statusCode !== 201)
    throw new Error(`create-order ${type}: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

export async function openPayment(
  h: PaymentsHarness,
  user: TestUser,
  orderId: string,
): Promise<SnapToken> {
  const res = await h.ctx.app.inject({
    method: 'GET',
    url: `/api/order/create-snap-token?orderId=${orderId}`,
    headers: user.auth,
  });
  if (res.statusCode !== 200) throw new Error(`snap token: ${res.statusCode} ${res.body}`);
  return res.json() as SnapToken;
}

export function notify(h: PaymentsHarness, body: unknown) {
  return h.ctx.app.inject({
    method: 'POST',
    url: '/webhooks/payments/midtrans',
    payload: body as object,
  });
}

/** Places an order, opens its Snap page, and has the buyer do `payment` there. */
export async function orderPaidAtGateway(
  h: PaymentsHarness,
  user: TestUser,
  type: 'topup' | 'subscription' | 'renewal',
  payload: Record<string, unknown>,
  payment: StubPayment = { transaction_status: 'settlement', bank: 'bca' },
): Promise<Order> {
  const order = await placeOrder(h, user, type, payload);
  await openPayment(h, user, order._id);
  h.stub.pay(order._id, payment);
  return order;
}

/** Runs the queued payment jobs (recording queue), leaving other modules' jobs alone. */
export async function runPaymentJobs(h: PaymentsHarness): Promise<void> {
  await h.ctx.jobs.drain();
}

export async function balanceOf(h: PaymentsHarness, accountId: string): Promise<number> {
  const row = await h.ctx.deps.db
    .selectFrom('balance_ledger')
    .select('balance_after')
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.balance_after) : 0;
}

export async function ledgerOf(h: PaymentsHarness, accountId: string) {
  const rows = await h.ctx.deps.db
    .selectFrom('balance_ledger')
    .select(['kind', 'amount', 'balance_after', 'order_id'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    amount: Number(r.amount),
    after: Number(r.balance_after),
    orderId: r.order_id,
  }));
}
