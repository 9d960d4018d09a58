import { MESSAGES } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createUser, type TestUser } from '../../../test/fixtures.js';
import { subscriptionStanding } from '../index.js';
import {
  balanceOf,
  ledgerOf,
  notify,
  orderPaidAtGateway,
  paymentsHarness,
  runPaymentJobs,
  type PaymentsHarness,
} from '../payments/test-helpers.js';

const DAY_MS = 86_400_000;
let h: PaymentsHarness;
beforeAll(async () => {
  h = await paymentsHarness();
});
afterAll(() => h.close());

const post = (user: TestUser, url: string, payload: object) =>
  h.ctx.app.inject({ method: 'POST', url, headers: user.auth, payload });
const get = (user: TestUser, url: string) =>
  h.ctx.app.inject({ method: 'GET', url, headers: user.auth });

async function adminOf(opts: { subscribed?: boolean } = {}): Promise<TestUser> {
  return createUser(h.ctx, await createAccount(h.ctx, { subscribed: opts.subscribed ?? false }), {
    role: 'admin',
  });
}

/** Puts the account's plan at a given due date (and kind) without moving the clock. */
async function planDue(accountId: string, dueDate: Date, status: 'trial' | 'active' = 'active') {
  await h.ctx.deps.db
    .updateTable('subscriptions')
    .set({ due_date: dueDate, status })
    .where('account_id', '=', accountId)
    .execute();
}

async function setSetting(accountId: string, key: string, value: string) {
  await h.ctx.deps.db
    .insertInto('settings')
    .values({ account_id: accountId, key, value })
    .onConflict((oc) => oc.columns(['account_id', 'key']).doUpdateSet({ value }))
    .execute();
}

async function subscription(accountId: string) {
  return h.ctx.deps.db
    .selectFrom('subscriptions as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select([
      's.status',
      's.due_date',
      's.billing_period',
      's.billing_amount',
      's.last_order_id',
      'p.code',
    ])
    .where('s.account_id', '=', accountId)
    .executeTakeFirstOrThrow();
}

/** Places a plan order, has it paid at the gateway, and lets the notification settle it. */
async function buyPlan(
  user: TestUser,
  type: 'subscription' | 'renewal',
  productCode = 'starter',
  billingPeriod: 'monthly' | 'yearly' = 'monthly',
) {
  const order = await orderPaidAtGateway(h, user, type, { productCode, billingPeriod });
  expect((await notify(h, h.stub.notification(order._id))).statusCode).toBe(200);
  await runPaymentJobs(h);
  const res = await get(user, `/api/order/${order._id}`);
  return res.json();
}

describe('the trial', () => {
  it('brings the platform trial credit once, as a plan entry of its own', async () => {
    const admin = await adminOf();
    const events = h.ctx.events.length;
    const res = await post(admin, '/api/subscription/trial', {
      productCode: 'starter',
      trial: true,
    });
    expect(res.statusCode).toBe(201);
    expect(await ledgerOf(h, admin.accountId)).toEqual([
      { kind: 'plan', amount: 100_000, after: 100_000, orderId: `trial:${admin.accountId}` },
    ]);
    expect(h.ctx.events.slice(events)).toContainEqual({
      type: 'balance.updated',
      accountId: admin.accountId,
      saldo: 100_000,
    });
    expect(
      (await post(admin, '/api/subscription/trial', { productCode: 'growth', trial: true }))
        .statusCode,
    ).toBe(409);
    expect(await balanceOf(h, admin.accountId)).toBe(100_000);
  });

  it('leaves room above the default minimum balance for real conversations', async () => {
    const admin = await adminOf();
    await post(admin, '/api/subscription/trial', { productCode: 'starter', trial: true });
    const settings = (await get(admin, '/api/settings')).json().data as {
      key: string;
      value: string;
    }[];
    const value = (key: string) => Number(settings.find((s) => s.key === key)?.value);
    const room = (await balanceOf(h, admin.accountId)) - value('bo.minimumBalance');
    // At least a hundred conversations either way before the balance meets the minimum.
    expect(room / value('bo.userInitiatePrice')).toBeGreaterThanOrEqual(100);
    expect(room / value('bo.businessInitiatePrice')).toBeGreaterThanOrEqual(90);
  });

  it('credits once when two trial requests race', async () => {
    const admin = await adminOf();
    const results = await Promise.all([
      post(admin, '/api/subscription/trial', { productCode: 'starter', trial: true }),
      post(admin, '/api/subscription/trial', { productCode: 'growth', trial: true }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await ledgerOf(h, admin.accountId)).toHaveLength(1);
  });

  it('follows the platform setting: another amount, or none at all', async () => {
    const { db } = h.ctx.deps;
    try {
      await db
        .updateTable('platform_settings')
        .set({ value: '250000' })
        .where('key', '=', 'trial_credit')
        .execute();
      const rich = await adminOf();
      await post(rich, '/api/subscription/trial', { productCode: 'starter', trial: true });
      expect(await balanceOf(h, rich.accountId)).toBe(250_000);
      await db
        .updateTable('platform_settings')
        .set({ value: '0' })
        .where('key', '=', 'trial_credit')
        .execute();
      const none = await adminOf();
      await post(none, '/api/subscription/trial', { productCode: 'starter', trial: true });
      expect(await ledgerOf(h, none.accountId)).toEqual([]);
    } finally {
      await db
        .updateTable('platform_settings')
        .set({ value: '100000' })
        .where('key', '=', 'trial_credit')
        .execute();
    }
  });
});

describe('buying a plan (subscription)', () => {
  it('after a trial: the plan is active for a month from payment, at the plan price plus PPN', async () => {
    const admin = await adminOf();
    await post(admin, '/api/subscription/trial', { productCode: 'starter', trial: true });
    const now = h.ctx.clock.now(); // 2026-01-15T03:00Z, 10:00 in Jakarta
    const order = await buyPlan(admin, 'subscription', 'growth');
    expect(order).toMatchObject({
      type: 'subscription',
      status: 'paid',
      amount: 799_000,
      ppn: 87_890,
      grossAmount: 886_890,
      product: { code: 'growth', name: 'Growth' },
      billingPeriod: 'monthly',
      periodStart: now.toISOString(),
      periodEnd: '2026-02-15T03:00:00.000Z',
    });
    expect(await subscription(admin.accountId)).toMatchObject({
      status: 'active',
      code: 'growth',
      billing_period: 'monthly',
      billing_amount: '799000.00',
      due_date: new Date('2026-02-15T03:00:00.000Z'),
      last_order_id: order._id,
    });
    // A plan does not touch the balance (the trial credit stays).
    expect(await balanceOf(h, admin.accountId)).toBe(100_000);
    expect(h.invoiced).toContain(order._id);
    const info = (await get(admin, '/api/settings/subscription-info')).json();
    expect(info).toMatchObject({
      status: 'active',
      plan: { code: 'growth' },
      billingAmount: 799_000,
    });
  });

  it('yearly: the yearly price, a year from payment', async () => {
    const admin = await adminOf();
    const order = await buyPlan(admin, 'subscription', 'starter', 'yearly');
    expect(order).toMatchObject({ amount: 2_990_000, periodEnd: '2027-01-15T03:00:00.000Z' });
    expect((await subscription(admin.accountId)).billing_period).toBe('yearly');
  });

  it("at the account's own price when billPrices names one", async () => {
    const admin = await adminOf();
    await setSetting(admin.accountId, 'billPrices', '{"starter":{"monthly":199000}}');
    const products = (await get(admin, '/api/product')).json().data;
    expect(products[0]).toMatchObject({ code: 'starter', price: 199_000, yearlyPrice: 2_990_000 });
    const res = await post(admin, '/api/order/create-order/subscription', {
      productCode: 'starter',
      billingPeriod: 'monthly',
    });
    expect(res.json()).toMatchObject({ amount: 199_000, grossAmount: 199_000 + 21_890 });
  });

  it('is refused while a paid plan runs (renew it instead), and allowed once it lapsed past its grace', async () => {
    const admin = await adminOf({ subscribed: true });
    const body = { productCode: 'growth', billingPeriod: 'monthly' };
    const refused = await post(admin, '/api/order/create-order/subscription', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: MESSAGES.planAlreadyActive,
      code: 'PLAN_ACTIVE',
    });
    await setSetting(admin.accountId, 'payment_tolerant_in_day', '3');
    await planDue(admin.accountId, new Date(h.ctx.clock.now().getTime() - 2 * DAY_MS));
    expect((await post(admin, '/api/order/create-order/subscription', body)).statusCode).toBe(409);
    await planDue(admin.accountId, new Date(h.ctx.clock.now().getTime() - 3 * DAY_MS));
    // The /subscription-expired page: a new period from the payment.
    const order = await buyPlan(admin, 'subscription', 'growth');
    expect(order.periodStart).toBe(h.ctx.clock.now().toISOString());
    expect((await subscription(admin.accountId)).due_date).toEqual(
      new Date('2026-02-15T03:00:00.000Z'),
    );
  });

  it('refuses an unknown plan or period with 400', async () => {
    const admin = await adminOf();
    const unknown = await post(admin, '/api/order/create-order/subscription', {
      productCode: 'platinum',
      billingPeriod: 'monthly',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([
      { path: 'productCode', message: MESSAGES.planNotFound },
    ]);
    const period = await post(admin, '/api/order/create-order/subscription', {
      productCode: 'starter',
      billingPeriod: 'weekly',
    });
    expect(period.statusCode).toBe(400);
    expect(period.json().message).toBe('The billing period must be monthly or yearly');
    expect((await post(admin, '/api/order/create-order/renewal', {})).statusCode).toBe(400);
  });
});

describe('renewal', () => {
  it('is refused without a paid plan (none, or a trial: those buy a plan)', async () => {
    const body = { productCode: 'starter', billingPeriod: 'monthly' };
    const none = await adminOf();
    const trial = await adminOf();
    await post(trial, '/api/subscription/trial', { productCode: 'starter', trial: true });
    for (const admin of [none, trial]) {
      const res = await post(admin, '/api/order/create-order/renewal', body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: MESSAGES.noPlanToRenew,
        code: 'NO_PLAN_TO_RENEW',
      });
    }
  });

  it('opens 7 days before the due date: 409 a moment earlier', async () => {
    const admin = await adminOf({ subscribed: true });
    const now = h.ctx.clock.now().getTime();
    const body = { productCode: 'starter', billingPeriod: 'monthly' };
    await planDue(admin.accountId, new Date(now + 7 * DAY_MS + 1));
    const early = await post(admin, '/api/order/create-order/renewal', body);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      message: MESSAGES.renewalTooEarly,
      code: 'RENEWAL_TOO_EARLY',
    });
    await planDue(admin.accountId, new Date(now + 7 * DAY_MS));
    expect((await post(admin, '/api/order/create-order/renewal', body)).statusCode).toBe(201);
  });

  it('extends from the due date, not from payment (early or in grace), and a second renewal stacks', async () => {
    const admin = await adminOf({ subscribed: true });
    const due = new Date('2026-01-20T05:00:00Z');
    await planDue(admin.accountId, due);
    const first = await buyPlan(admin, 'renewal');
    expect(first).toMatchObject({
      periodStart: due.toISOString(),
      periodEnd: '2026-02-20T05:00:00.000Z',
    });
    // In grace: due yesterday, three days' tolerance.
    await setSetting(admin.accountId, 'payment_tolerant_in_day', '3');
    await planDue(admin.accountId, new Date('2026-01-14T05:00:00Z'));
    const late = await buyPlan(admin, 'renewal');
    expect(late.periodEnd).toBe('2026-02-14T05:00:00.000Z');
    // Two renewals ordered inside the window and both paid: each buys its own month.
    await planDue(admin.accountId, new Date('2026-01-20T05:00:00Z'));
    const body = { productCode: 'starter', billingPeriod: 'monthly' };
    const twice = [
      await orderPaidAtGateway(h, admin, 'renewal', body),
      await orderPaidAtGateway(h, admin, 'renewal', body),
    ];
    for (const order of twice) await notify(h, h.stub.notification(order._id));
    await runPaymentJobs(h);
    expect((await subscription(admin.accountId)).due_date).toEqual(
      new Date('2026-03-20T05:00:00.000Z'),
    );
    // Paid through March: a third renewal is too early now.
    expect((await post(admin, '/api/order/create-order/renewal', body)).statusCode).toBe(409);
  });

  it('after the plan lapsed past its grace: a new period from payment, and may change plan', async () => {
    const admin = await adminOf({ subscribed: true });
    await planDue(admin.accountId, new Date(h.ctx.clock.now().getTime() - 10 * DAY_MS));
    const order = await buyPlan(admin, 'renewal', 'business', 'yearly');
    expect(order).toMatchObject({
      amount: 19_990_000,
      periodStart: h.ctx.clock.now().toISOString(),
      periodEnd: '2027-01-15T03:00:00.000Z',
    });
    expect(await subscription(admin.accountId)).toMatchObject({
      code: 'business',
      billing_period: 'yearly',
    });
  });

  it('counts months on the calendar of the account: 31 January renews to 28 February', async () => {
    h.ctx.clock.set('2026-01-25T03:00:00Z');
    try {
      const admin = await adminOf({ subscribed: true });
      // 31 January 00:30 in Jakarta (still the 30th in UTC).
      await planDue(admin.accountId, new Date('2026-01-30T17:30:00Z'));
      const order = await buyPlan(admin, 'renewal');
      expect(order.periodEnd).toBe('2026-02-27T17:30:00.000Z');
    } finally {
      h.ctx.clock.set('2026-01-15T03:00:00Z');
    }
  });
});

describe('a refunded plan order', () => {
  it('ends the period it bought: the due date moves back by it', async () => {
    const admin = await adminOf({ subscribed: true });
    const due = new Date('2026-01-20T05:00:00Z');
    await planDue(admin.accountId, due);
    const order = await buyPlan(admin, 'renewal');
    expect((await subscription(admin.accountId)).due_date).toEqual(
      new Date('2026-02-20T05:00:00Z'),
    );
    h.stub.pay(order._id, { transaction_status: 'refund' });
    await notify(h, h.stub.notification(order._id));
    await runPaymentJobs(h);
    expect((await get(admin, `/api/order/${order._id}`)).json().status).toBe('refunded');
    expect((await subscription(admin.accountId)).due_date).toEqual(due);
    expect(await ledgerOf(h, admin.accountId)).toEqual([]);
  });
});

describe('grace and expiry (payment_tolerant_in_day)', () => {
  it('an account past its due date still stands until the grace ends, then is expired', async () => {
    const admin = await adminOf({ subscribed: true });
    await setSetting(admin.accountId, 'payment_tolerant_in_day', '3');
    const now = h.ctx.clock.now().getTime();
    const due = new Date(now - 2 * DAY_MS);
    await planDue(admin.accountId, due);
    const standing = await subscriptionStanding(h.ctx.deps, admin.accountId);
    expect(standing).toEqual({
      status: 'active',
      dueDate: due,
      graceEndsAt: new Date(now + DAY_MS),
      renewalOpensAt: new Date(now - 9 * DAY_MS),
      paid: true,
    });
    expect((await get(admin, '/api/settings/subscription-info')).json()).toMatchObject({
      status: 'active',
      graceEndsAt: new Date(now + DAY_MS).toISOString(),
    });
    await planDue(admin.accountId, new Date(now - 3 * DAY_MS));
    expect((await subscriptionStanding(h.ctx.deps, admin.accountId)).status).toBe('expired');
    expect((await get(admin, '/api/settings/subscription-info')).json().status).toBe('expired');
    expect((await get(admin, '/api/users/me/all')).json().subscription.status).toBe('expired');
  });

  it('without tolerance an account is expired exactly at its due date; trials too', async () => {
    const admin = await adminOf();
    await post(admin, '/api/subscription/trial', { productCode: 'starter', trial: true });
    const now = h.ctx.clock.now().getTime();
    await planDue(admin.accountId, new Date(now + 1), 'trial');
    expect((await subscriptionStanding(h.ctx.deps, admin.accountId)).status).toBe('trial');
    await planDue(admin.accountId, new Date(now), 'trial');
    expect(await subscriptionStanding(h.ctx.deps, admin.accountId)).toMatchObject({
      status: 'expired',
      paid: false,
    });
  });

  it('an account that never chose a plan stands nowhere', async () => {
    const admin = await adminOf();
    expect(await subscriptionStanding(h.ctx.deps, admin.accountId)).toEqual({
      status: 'none',
      dueDate: null,
      graceEndsAt: null,
      renewalOpensAt: null,
      paid: false,
    });
  });
});
