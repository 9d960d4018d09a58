import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  createAccount,
  createUser,
  login,
  PASSWORD,
  type TestUser,
} from '../../../test/fixtures.js';

const DAY_MS = 86_400_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user.auth });
const startTrial = (user: TestUser, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/subscription/trial', headers: user.auth, payload });

async function newAdmin(opts: { subscribed?: boolean } = {}): Promise<TestUser> {
  return createUser(ctx, await createAccount(ctx, { subscribed: opts.subscribed ?? false }), {
    role: 'admin',
  });
}

describe('GET /api/product', () => {
  it('lists the active plans in order', async () => {
    const agent = await createUser(ctx, await createAccount(ctx), { role: 'agent' });
    const res = await get(agent, '/api/product');
    expect(res.statusCode).toBe(200);
    const plans = res.json().data;
    expect(plans.map((p: { code: string }) => p.code)).toEqual(['starter', 'growth', 'business']);
    expect(plans[0]).toMatchObject({
      name: 'Starter',
      price: 299000,
      yearlyPrice: 2990000,
      billingPeriod: 'monthly',
      agentLimit: 3,
      trialDays: 14,
    });
    expect(plans[0].features).toContain('Shared inbox');
  });

  it('hides retired plans', async () => {
    await ctx.deps.db
      .updateTable('products')
      .set({ active: false })
      .where('code', '=', 'business')
      .execute();
    try {
      const res = await get(await newAdmin(), '/api/product');
      expect(res.json().data.map((p: { code: string }) => p.code)).toEqual(['starter', 'growth']);
    } finally {
      await ctx.deps.db
        .updateTable('products')
        .set({ active: true })
        .where('code', '=', 'business')
        .execute();
    }
  });

  it('refuses a request without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/product' })).statusCode).toBe(401);
  });
});

describe('GET /api/settings/subscription-info', () => {
  it('says none for an account without a plan (and is not taken for a settings key)', async () => {
    const res = await get(await newAdmin(), '/api/settings/subscription-info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      dueDate: null,
      billingPeriod: null,
      billingAmount: null,
      plan: null,
      status: 'none',
      graceEndsAt: null,
      renewalOpensAt: null,
    });
  });

  it('shows an active plan to every role', async () => {
    const agent = await createUser(ctx, await createAccount(ctx), { role: 'agent' });
    const res = await get(agent, '/api/settings/subscription-info');
    const due = ctx.clock.now().getTime() + 30 * DAY_MS;
    expect(res.json()).toEqual({
      dueDate: new Date(due).toISOString(),
      billingPeriod: 'monthly',
      billingAmount: 299000,
      plan: { code: 'starter', name: 'Starter' },
      status: 'active',
      // No payment_tolerant_in_day: the grace ends at the due date itself.
      graceEndsAt: new Date(due).toISOString(),
      renewalOpensAt: new Date(due - 7 * DAY_MS).toISOString(),
    });
  });

  it('refuses a request without a token', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/settings/subscription-info' })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/subscription/trial', () => {
  it('starts a 14-day trial of the chosen plan', async () => {
    const admin = await newAdmin();
    const res = await startTrial(admin, { productCode: 'growth', trial: true });
    expect(res.statusCode).toBe(201);
    const dueDate = new Date(ctx.clock.now().getTime() + 14 * DAY_MS).toISOString();
    expect(res.json()).toEqual({
      dueDate,
      billingPeriod: 'monthly',
      billingAmount: 799000,
      plan: { code: 'growth', name: 'Growth' },
      status: 'trial',
      graceEndsAt: dueDate,
      renewalOpensAt: new Date(ctx.clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    expect((await get(admin, '/api/settings/subscription-info')).json().dueDate).toBe(dueDate);
    expect((await get(admin, '/api/settings/due_date')).json().value).toBe(dueDate);
  });

  it('answers 409 the second time', async () => {
    const admin = await newAdmin();
    expect((await startTrial(admin, { productCode: 'starter', trial: true })).statusCode).toBe(201);
    const again = await startTrial(admin, { productCode: 'business', trial: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MESSAGES.trialUsed, code: 'TRIAL_USED' });
    expect((await get(admin, '/api/settings/subscription-info')).json().plan.code).toBe('starter');
  });

  it('grants one trial when two requests race', async () => {
    const admin = await newAdmin();
    const results = await Promise.all([
      startTrial(admin, { productCode: 'starter', trial: true }),
      startTrial(admin, { productCode: 'growth', trial: true }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a trial to an account that already has a plan', async () => {
    const admin = await newAdmin({ subscribed: true });
    const res = await startTrial(admin, { productCode: 'growth', trial: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: MESSAGES.trialUnavailable,
      code: 'TRIAL_UNAVAILABLE',
    });
  });

  it('validates the body', async () => {
    const admin = await newAdmin();
    const missing = await startTrial(admin, { trial: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toBe('productCode');
    const notTrial = await startTrial(admin, { productCode: 'growth', trial: false });
    expect(notTrial.statusCode).toBe(400);
    expect(notTrial.json().issues[0].path).toBe('trial');
    const unknown = await startTrial(admin, { productCode: 'platinum', trial: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([
      { path: 'productCode', message: MESSAGES.planNotFound },
    ]);
    expect((await get(admin, '/api/settings/subscription-info')).json().status).toBe('none');
  });

  it('is for admins only', async () => {
    const accountId = await createAccount(ctx, { subscribed: false });
    for (const role of ['agent', 'supervisor'] as const) {
      const user = await createUser(ctx, accountId, { role });
      const res = await startTrial(user, { productCode: 'growth', trial: true });
      expect(res.statusCode).toBe(403);
    }
    const admin = await createUser(ctx, accountId, { role: 'admin' });
    expect((await get(admin, '/api/settings/subscription-info')).json().status).toBe('none');
  });

  it('refuses a request without a token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/trial',
      payload: { productCode: 'growth', trial: true },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('subscription status over time', () => {
  it('goes from trial to expired exactly at the due instant', async () => {
    const admin = await newAdmin();
    await startTrial(admin, { productCode: 'starter', trial: true });
    // Access tokens last 15 minutes; sign in again at each instant so only the plan can expire.
    const info = async () => {
      const token = await login(ctx, admin.email, PASSWORD);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/settings/subscription-info',
        headers: { authorization: `Bearer ${token}` },
      });
      return res.json();
    };
    expect((await info()).status).toBe('trial');
    ctx.clock.advance(14 * DAY_MS - 1);
    try {
      expect((await info()).status).toBe('trial');
      ctx.clock.advance(1);
      const expired = await info();
      expect(expired.status).toBe('expired');
      expect(expired.plan).toEqual({ code: 'starter', name: 'Starter' });
    } finally {
      ctx.clock.advance(-14 * DAY_MS);
    }
  });

  it('expires an active plan at its due date too', async () => {
    const admin = await newAdmin({ subscribed: true });
    ctx.clock.advance(30 * DAY_MS);
    try {
      const token = await login(ctx, admin.email, PASSWORD);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/settings/subscription-info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.json().status).toBe('expired');
    } finally {
      ctx.clock.advance(-30 * DAY_MS);
    }
  });
});

describe('tenancy', () => {
  it("never shows one account's subscription to another", async () => {
    const first = await newAdmin();
    const second = await newAdmin();
    await startTrial(first, { productCode: 'business', trial: true });
    expect((await get(second, '/api/settings/subscription-info')).json().status).toBe('none');
    expect((await startTrial(second, { productCode: 'starter', trial: true })).statusCode).toBe(
      201,
    );
    expect((await get(first, '/api/settings/subscription-info')).json().plan.code).toBe('business');
  });
});
