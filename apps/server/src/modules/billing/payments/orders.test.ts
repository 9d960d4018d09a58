import { MESSAGES, TOPUP_LIMITS } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createUser, type TestUser } from '../../../test/fixtures.js';
import { newOrderId } from './order-id.js';
import { openPayment, paymentsHarness, placeOrder, type PaymentsHarness } from './test-helpers.js';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await paymentsHarness();
});
afterAll(() => h.close());

const newAdmin = async () => createUser(h.ctx, await createAccount(h.ctx), { role: 'admin' });
const inject = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  h.ctx.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

async function setSetting(accountId: string, key: string, value: string) {
  await h.ctx.deps.db
    .insertInto('settings')
    .values({ account_id: accountId, key, value })
    .onConflict((oc) => oc.columns(['account_id', 'key']).doUpdateSet({ value }))
    .execute();
}

describe('order ids', () => {
  it('are SAPA-<yyMMdd in Jakarta>-<10 characters>', () => {
    // 17:30 UTC on the 14th is already the 15th in Jakarta.
    const id = newOrderId(new Date('2026-01-14T17:30:00Z'));
    expect(id).toMatch(/^SAPA-260115-[A-HJ-NP-Z2-9]{10}$/);
    expect(newOrderId(new Date())).not.toBe(newOrderId(new Date()));
  });
});

describe('POST /api/order/create-order/topup', () => {
  it('creates a pending order whose gross adds PPN (11/12 base at 12 %)', async () => {
    const admin = await newAdmin();
    const res = await inject(admin, 'POST', '/api/order/create-order/topup', { amount: 100_000 });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      type: 'topup',
      status: 'pending',
      amount: 100_000,
      ppnRate: 11,
      taxBase: 91_667,
      ppn: 11_000,
      grossAmount: 111_000,
      product: null,
      billingPeriod: null,
      paymentMethod: null,
      paidAt: null,
      invoiceId: null,
      periodStart: null,
    });
    expect(order._id).toMatch(/^SAPA-\d{6}-/);
    expect(new Date(order.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(
      24 * 3_600_000,
    );
  });

  it("uses the account's bo.ppn", async () => {
    const admin = await newAdmin();
    await setSetting(admin.accountId, 'bo.ppn', '12');
    const order = await placeOrder(h, admin, 'topup', { amount: 250_000 });
    expect(order).toMatchObject({
      ppnRate: 12,
      taxBase: 250_000,
      ppn: 30_000,
      grossAmount: 280_000,
    });
  });

  it('refuses amounts outside the limits, fractions and missing amounts with 400', async () => {
    const admin = await newAdmin();
    for (const [amount, message] of [
      [TOPUP_LIMITS.min - 1, 'The amount must be at least Rp 10.000'],
      [TOPUP_LIMITS.max + 1, 'The amount may not be more than Rp 100.000.000'],
      [50_000.5, 'The amount must be whole rupiah'],
      [undefined, 'The amount field is required'],
      ['100000', 'The amount field is required'],
    ] as const) {
      const res = await inject(admin, 'POST', '/api/order/create-order/topup', { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const count = await h.ctx.deps.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', admin.accountId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('answers 400 to a request without a body', async () => {
    const admin = await newAdmin();
    for (const type of ['topup', 'subscription', 'renewal']) {
      const res = await h.ctx.app.inject({
        method: 'POST',
        url: `/api/order/create-order/${type}`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers 400 for an order type that does not exist', async () => {
    const res = await inject(await newAdmin(), 'POST', '/api/order/create-order/donation', {
      amount: 100_000,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('type');
  });

  it('lets only admins buy; supervisors read; agents neither', async () => {
    const accountId = await createAccount(h.ctx);
    const admin = await createUser(h.ctx, accountId, { role: 'admin' });
    const supervisor = await createUser(h.ctx, accountId, { role: 'supervisor' });
    const agent = await createUser(h.ctx, accountId, { role: 'agent' });
    const order = await placeOrder(h, admin, 'topup', { amount: 100_000 });
    for (const user of [supervisor, agent]) {
      const res = await inject(user, 'POST', '/api/order/create-order/topup', { amount: 100_000 });
      expect(res.statusCode).toBe(403);
      const token = await inject(user, 'GET', `/api/order/create-snap-token?orderId=${order._id}`);
      expect(token.statusCode).toBe(403);
    }
    expect((await inject(supervisor, 'GET', `/api/order/${order._id}`)).statusCode).toBe(200);
    expect((await inject(supervisor, 'GET', '/api/order')).json().meta.total).toBe(1);
    expect((await inject(agent, 'GET', `/api/order/${order._id}`)).statusCode).toBe(403);
    expect((await inject(agent, 'GET', '/api/order')).statusCode).toBe(403);
    expect((await inject(null, 'GET', '/api/order')).statusCode).toBe(401);
  });
});

describe('GET /api/order and /api/order/{id}', () => {
  it("never shows one account's orders to another (404, and not in the list)", async () => {
    const mine = await newAdmin();
    const theirs = await newAdmin();
    const order = await placeOrder(h, mine, 'topup', { amount: 100_000 });
    const res = await inject(theirs, 'GET', `/api/order/${order._id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.orderNotFound);
    expect((await inject(theirs, 'GET', '/api/order')).json()).toEqual({
      data: [],
      meta: { total: 0, page: 1, perpage: 10 },
    });
    const token = await inject(theirs, 'GET', `/api/order/create-snap-token?orderId=${order._id}`);
    expect(token.statusCode).toBe(404);
    expect(h.stub.calls.filter((c) => JSON.stringify(c.body).includes(order._id))).toEqual([]);
    expect((await inject(mine, 'GET', `/api/order/${order._id}`)).json()._id).toBe(order._id);
  });

  it('lists newest first with paging and a type filter', async () => {
    const admin = await newAdmin();
    const ids: string[] = [];
    for (const amount of [100_000, 200_000, 300_000]) {
      ids.push((await placeOrder(h, admin, 'topup', { amount }))._id);
      h.ctx.clock.advance(1000);
    }
    const page1 = (await inject(admin, 'GET', '/api/order?perpage=2')).json();
    expect(page1.meta).toEqual({ total: 3, page: 1, perpage: 2 });
    expect(page1.data.map((o: { _id: string }) => o._id)).toEqual([ids[2], ids[1]]);
    const page2 = (await inject(admin, 'GET', '/api/order?perpage=2&page=2')).json();
    expect(page2.data.map((o: { _id: string }) => o._id)).toEqual([ids[0]]);
    expect((await inject(admin, 'GET', '/api/order?type=subscription')).json().meta.total).toBe(0);
    expect((await inject(admin, 'GET', '/api/order?type=topup')).json().meta.total).toBe(3);
    expect((await inject(admin, 'GET', '/api/order?type=gift')).statusCode).toBe(400);
    expect((await inject(admin, 'GET', '/api/order?perpage=0')).statusCode).toBe(400);
  });
});

describe('GET /api/order/create-snap-token', () => {
  it('opens one Snap transaction with the items, the buyer and the expiry, and says how to load snap.js', async () => {
    const admin = await newAdmin();
    const order = await placeOrder(h, admin, 'topup', { amount: 100_000 });
    const token = await openPayment(h, admin, order._id);
    expect(token).toMatchObject({
      clientKey: 'SB-Mid-client-test',
      scriptUrl: `${h.stub.url}/snap/snap.js`,
    });
    expect(token.redirectUrl).toBe(`${h.stub.url}/snap/v2/vtweb/${token.token}`);
    const call = h.stub.calls.find(
      (c) => c.path === '/snap/v1/transactions' && JSON.stringify(c.body).includes(order._id),
    );
    expect(call?.auth).toBe(`Basic ${Buffer.from('SB-Mid-server-test:').toString('base64')}`);
    expect(call?.body).toMatchObject({
      transaction_details: { order_id: order._id, gross_amount: 111_000 },
      item_details: [
        { id: 'topup', price: 100_000, quantity: 1, name: 'Sapa balance top-up' },
        { id: 'ppn', price: 11_000, quantity: 1, name: 'PPN 11%' },
      ],
      customer_details: { email: admin.email },
      callbacks: { finish: 'http://sapa.test/top-up' },
      expiry: { unit: 'minute', duration: 1440 },
    });
  });

  it('returns the stored token when asked again, and opens one transaction for concurrent askers', async () => {
    const admin = await newAdmin();
    const order = await placeOrder(h, admin, 'topup', { amount: 150_000 });
    const before = h.stub.snapCalls();
    h.stub.snapDelayMs = 100;
    try {
      const tokens = await Promise.all(
        Array.from({ length: 10 }, () => openPayment(h, admin, order._id)),
      );
      expect(new Set(tokens.map((t) => t.token)).size).toBe(1);
      expect(h.stub.snapCalls() - before).toBe(1);
    } finally {
      h.stub.snapDelayMs = 0;
    }
    const again = await openPayment(h, admin, order._id);
    expect(h.stub.snapCalls() - before).toBe(1);
    const row = await h.ctx.deps.db
      .selectFrom('orders')
      .select(['payment_token'])
      .where('id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(row.payment_token).toBe(again.token);
  });

  it('answers 502 with a clear message while Midtrans is down or silent, and works once it is back', async () => {
    const admin = await newAdmin();
    const order = await placeOrder(h, admin, 'topup', { amount: 100_000 });
    for (const mode of ['down', 'hang'] as const) {
      h.stub.mode = mode;
      try {
        const res = await inject(admin, 'GET', `/api/order/create-snap-token?orderId=${order._id}`);
        expect(res.statusCode).toBe(502);
        expect(res.json()).toMatchObject({
          error: 'Bad Gateway',
          message: MESSAGES.paymentGatewayDown,
          code: 'GATEWAY_UNAVAILABLE',
        });
      } finally {
        h.stub.mode = 'up';
      }
    }
    const token = await openPayment(h, admin, order._id);
    expect(token.token).toBeTruthy();
  });

  it('answers 502 "refused" when Midtrans refuses the server key', async () => {
    // A second app whose drivers are built with a key the stand-in does not know.
    const wrong = await paymentsHarness();
    try {
      wrong.ctx.deps.config.payments.midtrans.serverKey = 'wrong-key';
      const user = await createUser(wrong.ctx, await createAccount(wrong.ctx), { role: 'admin' });
      const order = await placeOrder(wrong, user, 'topup', { amount: 100_000 });
      const res = await wrong.ctx.app.inject({
        method: 'GET',
        url: `/api/order/create-snap-token?orderId=${order._id}`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        message: MESSAGES.paymentGatewayRefused,
        code: 'GATEWAY_REFUSED',
      });
    } finally {
      await wrong.close();
    }
  });

  it('refuses a missing order id (400), an unknown one (404) and an expired order (409)', async () => {
    const admin = await newAdmin();
    expect((await inject(admin, 'GET', '/api/order/create-snap-token')).statusCode).toBe(400);
    expect(
      (await inject(admin, 'GET', '/api/order/create-snap-token?orderId=SAPA-nope')).statusCode,
    ).toBe(404);
    const order = await placeOrder(h, admin, 'topup', { amount: 100_000 });
    await h.ctx.deps.db
      .updateTable('orders')
      .set({ expires_at: h.ctx.clock.now() })
      .where('id', '=', order._id)
      .execute();
    const res = await inject(admin, 'GET', `/api/order/create-snap-token?orderId=${order._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: MESSAGES.orderClosed, code: 'ORDER_CLOSED' });
  });
});
