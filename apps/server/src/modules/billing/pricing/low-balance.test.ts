import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createUser } from '../../../test/fixtures.js';
import { createChat } from '../../../test/fixtures-inbox.js';
import { LedgerService } from '../ledger.js';
import { billConversation } from './conversations.js';
import { checkLowBalance } from './low-balance.js';
import { pricingStanding } from './may-send.js';
import { fresh, pricedAccount, replyAs, settle, storedSilently } from './test-helpers.js';

/** The low-balance alert: one email to the admins when the balance falls under the threshold. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const alerts = (accountId: string) =>
  ctx.deps.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text'])
    .where('account_id', '=', accountId)
    .where('template', '=', 'low_balance')
    .orderBy('id')
    .execute();

async function withAdmins(balance: number) {
  const a = await pricedAccount(ctx, { balance });
  const indonesian = await createUser(ctx, a.accountId, { role: 'admin' });
  await ctx.deps.db
    .updateTable('users')
    .set({ language: 'id' })
    .where('id', '=', indonesian.id)
    .execute();
  await createUser(ctx, a.accountId, { role: 'agent' });
  return { a, indonesian };
}

describe('low-balance email', () => {
  it('goes once to each admin, in their language, when a charge crosses the threshold', async () => {
    // Threshold by default: twice the 50,000 minimum. 100,200 − 350 falls under it.
    const { a, indonesian } = await withAdmins(100_200);
    const { chatId } = await a.writes();
    expect((await replyAs(ctx, a.admin, chatId)).statusCode).toBe(201);
    await settle(ctx);
    const sent = await alerts(a.accountId);
    expect(sent.map((m) => m.to_address).sort()).toEqual([a.admin.email, indonesian.email].sort());
    expect(sent.find((m) => m.to_address === a.admin.email)?.subject).toBe(
      'Your Sapa balance is low: Rp 99.850',
    );
    expect(sent.find((m) => m.to_address === indonesian.email)?.subject).toBe(
      'Saldo Sapa Anda menipis: Rp 99.850',
    );
    expect(sent[0]?.text).toContain('http://sapa.test/top-up');

    // More charges while it stays low: no more email.
    for (let i = 0; i < 3; i++) {
      const other = await a.writes();
      expect((await replyAs(ctx, a.admin, other.chatId)).statusCode).toBe(201);
    }
    await settle(ctx);
    expect(await alerts(a.accountId)).toHaveLength(2);
  });

  it('sends one email when many concurrent charges cross together', async () => {
    const { a } = await withAdmins(100_500);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const chatId = await createChat(ctx, a.accountId, { channelId: a.channel.id });
      ids.push(await storedSilently(ctx, a.accountId, chatId, { fromMe: true }));
    }
    await Promise.all(ids.map((id) => billConversation(ctx.deps, id)));
    // Every charge's announcement races to the alert.
    await Promise.all(
      Array.from({ length: 10 }, () => checkLowBalance(ctx.deps, a.accountId, 93_500)),
    );
    await settle(ctx);
    expect(await alerts(a.accountId)).toHaveLength(2);
  });

  it('warns again after a top-up brought the balance back and it ran low again', async () => {
    const { a } = await withAdmins(100_000);
    expect(await checkLowBalance(ctx.deps, a.accountId, 99_000)).toBe('notified');
    expect(await checkLowBalance(ctx.deps, a.accountId, 98_000)).toBeNull();
    expect(await checkLowBalance(ctx.deps, a.accountId, 150_000)).toBe('cleared');
    expect(await checkLowBalance(ctx.deps, a.accountId, 90_000)).toBe('notified');
    expect(await alerts(a.accountId)).toHaveLength(4);
  });

  it('uses the threshold of the billing profile, and keeps the profile’s own details', async () => {
    const { a } = await withAdmins(1_000_000);
    await ctx.deps.db
      .insertInto('billing_profiles')
      .values({
        account_id: a.accountId,
        company_name: 'PT Maju Jaya',
        address: 'Jl. Sudirman 1, Jakarta',
        low_balance_threshold: 500_000,
      })
      .execute();
    expect(await checkLowBalance(ctx.deps, a.accountId, 600_000)).toBeNull();
    expect(await checkLowBalance(ctx.deps, a.accountId, 499_999)).toBe('notified');
    const profile = await ctx.deps.db
      .selectFrom('billing_profiles')
      .select(['company_name', 'address', 'low_balance_notified_at'])
      .where('account_id', '=', a.accountId)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      company_name: 'PT Maju Jaya',
      address: 'Jl. Sudirman 1, Jakarta',
    });
    expect(profile.low_balance_notified_at).not.toBeNull();
  });
});

describe('GET /api/pricing/standing', () => {
  it('answers balance, threshold, plain prices and the state the banner shows', async () => {
    const a = await pricedAccount(ctx, { balance: 80_000 });
    const { auth } = await fresh(ctx, a.admin);
    const get = () =>
      ctx.app.inject({ method: 'GET', url: '/api/pricing/standing', headers: auth });
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      saldo: 80_000,
      minimumBalance: 50_000,
      lowBalanceThreshold: 100_000,
      prices: { userInitiatePrice: 350, businessInitiatePrice: 550, mauPrice: 0 },
      state: 'low',
      dueDate: expect.any(String),
    });
    await new LedgerService(ctx.deps).charge(a.accountId, { amount: 40_000 });
    expect((await get()).json().state).toBe('insufficient');
    await ctx.deps.db
      .updateTable('accounts')
      .set({ suspended_at: ctx.clock.now() })
      .where('id', '=', a.accountId)
      .execute();
    // Its sessions end (the operator console's rule); the standing itself says suspended.
    expect((await get()).statusCode).toBe(401);
    expect((await pricingStanding(ctx.deps, a.accountId)).state).toBe('suspended');
  });

  it('refuses a request without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/pricing/standing' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).not.toBe(MESSAGES.insufficientBalance);
  });
});
