import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, meAllResponseSchema, SETTING_KEYS } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  login,
  PASSWORD,
  type TestUser,
} from '../../test/fixtures.js';
import { LedgerService } from '../billing/ledger.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const meAll = (user: Pick<TestUser, 'auth'>) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/me/all', headers: user.auth });

describe('GET /api/users/me/all', () => {
  it('answers user, account, settings, subscription and balance in one call', async () => {
    const accountId = await createAccount(ctx, { name: 'Shell Co' });
    const divisionId = await createDivision(ctx, accountId, 'Support');
    const agent = await createUser(ctx, accountId, {
      role: 'agent',
      name: 'Budi Agent',
      divisionIds: [divisionId],
    });
    await new LedgerService(ctx.deps).credit(accountId, {
      amount: 75_000,
      kind: 'topup',
      orderId: 'ORD-SHELL',
    });

    const res = await meAll(agent);
    expect(res.statusCode).toBe(200);
    const body = meAllResponseSchema.parse(res.json());
    expect(body.user).toMatchObject({
      _id: agent.id,
      name: 'Budi Agent',
      role: 'agent',
      company: 'Shell Co',
      divisions: [{ id: divisionId, name: 'Support' }],
    });
    expect(body.account).toEqual({
      _id: accountId,
      name: 'Shell Co',
      type: 'regular',
      timezone: 'Asia/Jakarta',
    });
    expect(body.settings.map((s) => s.key)).toEqual([...SETTING_KEYS]);
    expect(body.settings.find((s) => s.key === 'saldo')?.value).toBe('75000');
    expect(body.subscription).toMatchObject({
      status: 'active',
      plan: { code: 'starter', name: 'Starter' },
      billingPeriod: 'monthly',
    });
    expect(body.balance).toEqual({ saldo: 75_000, orderId: 'ORD-SHELL' });
  });

  it('shows a new account without a plan as status none with a zero balance', async () => {
    const admin = await createUser(
      ctx,
      await createAccount(ctx, { subscribed: false, type: 'api_only' }),
    );
    const body = (await meAll(admin)).json();
    expect(body.subscription).toEqual({
      dueDate: null,
      billingPeriod: null,
      billingAmount: null,
      plan: null,
      status: 'none',
      graceEndsAt: null,
      renewalOpensAt: null,
    });
    expect(body.balance).toEqual({ saldo: 0, orderId: null });
    expect(body.account.type).toBe('api_only');
    expect(body.settings.find((s: { key: string }) => s.key === 'bo.api_only').value).toBe('true');
  });

  it('refuses a token still waiting for its TOTP step', async () => {
    const accountId = await createAccount(ctx);
    const user = await createUser(ctx, accountId);
    await ctx.deps.db
      .updateTable('users')
      .set({ two_factor_enabled: true })
      .where('id', '=', user.id)
      .execute();
    const pending = await login(ctx, user.email, PASSWORD);
    const res = await meAll({ auth: { authorization: `Bearer ${pending}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: '2FA_REQUIRED', message: MESSAGES.twoFactorRequired });
  });

  it('refuses a request without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me/all' });
    expect(res.statusCode).toBe(401);
  });

  it("shows only the caller's own account", async () => {
    const first = await createUser(ctx, await createAccount(ctx, { name: 'First Co' }));
    const second = await createUser(
      ctx,
      await createAccount(ctx, { name: 'Second Co', subscribed: false }),
    );
    await new LedgerService(ctx.deps).credit(first.accountId, { amount: 9000 });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: first.auth,
      payload: { settings: [{ key: 'welcomeMessage', value: 'First only' }] },
    });
    const body = (await meAll(second)).json();
    expect(body.account.name).toBe('Second Co');
    expect(body.user.company).toBe('Second Co');
    expect(body.balance.saldo).toBe(0);
    expect(body.subscription.status).toBe('none');
    expect(body.settings.find((s: { key: string }) => s.key === 'welcomeMessage').value).toBeNull();
  });
});
