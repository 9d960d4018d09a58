import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createChat } from '../../../test/fixtures-inbox.js';
import { LedgerService } from '../ledger.js';
import { billConversation } from './conversations.js';
import { runUsageSweep } from './sweeper.js';
import {
  balanceOf,
  pricedAccount,
  settle,
  setPlatform,
  storedSilently,
  usageLedger,
  usageOf,
} from './test-helpers.js';

/** Lost events, concurrency and owed charges: the money stays exact whatever happens. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the sweeper', () => {
  it('bills a conversation and a monthly active contact whose events were lost, once', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx, { settings: { mauPrice: '200' } });
    const chatId = await createChat(ctx, a.accountId, { channelId: a.channel.id });
    await storedSilently(ctx, a.accountId, chatId, { fromMe: false });
    const reply = await storedSilently(ctx, a.accountId, chatId, { fromMe: true });
    expect(await usageOf(ctx, a.accountId)).toEqual([]);

    const report = await runUsageSweep(ctx.deps);
    expect(report).toMatchObject({ conversations: 1, contacts: 1 });
    await settle(ctx);
    expect((await usageOf(ctx, a.accountId)).map((r) => [r.kind, r.status, r.message_id])).toEqual([
      ['user_initiated', 'charged', reply],
      ['mau', 'charged', null],
    ]);
    expect(await balanceOf(ctx, a.accountId)).toBe(1_000_000 - 350 - 200);
    // The balance change is announced like a listener's.
    expect(ctx.events).toContainEqual({
      type: 'balance.updated',
      accountId: a.accountId,
      saldo: 999_450,
    });

    // Sweeping again (or the late listener) books nothing more.
    await runUsageSweep(ctx.deps);
    await billConversation(ctx.deps, reply);
    expect(await usageLedger(ctx, a.accountId)).toHaveLength(2);
  });

  it('refunds a conversation whose opener failed while the status event was lost', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx);
    const chatId = await createChat(ctx, a.accountId, { channelId: a.channel.id });
    const reply = await storedSilently(ctx, a.accountId, chatId, { fromMe: true, status: 'queue' });
    await billConversation(ctx.deps, reply);
    await ctx.deps.db
      .updateTable('messages')
      .set({ status: 'failed' })
      .where('id', '=', reply)
      .execute();
    expect(await runUsageSweep(ctx.deps)).toMatchObject({ refunds: 1 });
    expect((await usageLedger(ctx, a.accountId)).map((r) => r.kind)).toEqual(['charge', 'refund']);
    expect(await balanceOf(ctx, a.accountId)).toBe(1_000_000);
  });

  it('never bills messages stored before usage charges existed (the watermark)', async () => {
    const a = await pricedAccount(ctx);
    const chatId = await createChat(ctx, a.accountId, { channelId: a.channel.id });
    const old = await storedSilently(ctx, a.accountId, chatId, { fromMe: true });
    await ctx.deps.db.updateTable('usage_sweep_state').set({ last_message_id: old }).execute();
    await runUsageSweep(ctx.deps);
    expect(await usageOf(ctx, a.accountId)).toEqual([]);
  });
});

describe('concurrency', () => {
  it('200 concurrent charges lose no update and never go below zero; owed ones are collected', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    // Money for 120 of 200 conversations, and no minimum: the rest must wait, owed.
    const a = await pricedAccount(ctx, {
      balance: 120 * 350,
      settings: { 'bo.minimumBalance': '0' },
    });
    const messages: number[] = [];
    for (let i = 0; i < 200; i++) {
      const chatId = await createChat(ctx, a.accountId, { channelId: a.channel.id });
      messages.push(await storedSilently(ctx, a.accountId, chatId, { fromMe: true }));
    }
    const results = await Promise.all(messages.map((id) => billConversation(ctx.deps, id)));
    expect(results.filter((r) => r?.moved)).toHaveLength(120);
    const rows = await usageOf(ctx, a.accountId);
    expect(rows.filter((r) => r.status === 'charged')).toHaveLength(120);
    expect(rows.filter((r) => r.status === 'owed')).toHaveLength(80);
    expect(await balanceOf(ctx, a.accountId)).toBe(0);
    // Each ledger row is the previous balance minus its amount: no write lost or doubled.
    const ledger = await ctx.deps.db
      .selectFrom('balance_ledger')
      .select(['amount', 'balance_after'])
      .where('account_id', '=', a.accountId)
      .orderBy('id')
      .execute();
    let running = 0;
    for (const r of ledger) {
      running = Math.round((running + Number(r.amount)) * 100) / 100;
      expect(Number(r.balance_after)).toBe(running);
      expect(running).toBeGreaterThanOrEqual(0);
    }

    // A top-up is announced (as the payments module does): what is owed is taken, oldest first.
    await new LedgerService(ctx.deps).credit(a.accountId, { amount: 50 * 350, kind: 'adjustment' });
    ctx.deps.events.publish({ type: 'balance.updated', accountId: a.accountId, saldo: 50 * 350 });
    await settle(ctx);
    const after = await usageOf(ctx, a.accountId);
    expect(after.filter((r) => r.status === 'owed')).toHaveLength(30);
    expect(await balanceOf(ctx, a.accountId)).toBe(0);
  });

  it('takes an owed charge once when collectors race', async () => {
    const a = await pricedAccount(ctx, { balance: 0, settings: { 'bo.minimumBalance': '0' } });
    const chatId = await createChat(ctx, a.accountId, { channelId: a.channel.id });
    await billConversation(
      ctx.deps,
      await storedSilently(ctx, a.accountId, chatId, { fromMe: true }),
    );
    await new LedgerService(ctx.deps).credit(a.accountId, { amount: 10_000 });
    await Promise.all([runUsageSweep(ctx.deps), runUsageSweep(ctx.deps)]);
    for (let i = 0; i < 3; i++)
      ctx.deps.events.publish({ type: 'balance.updated', accountId: a.accountId, saldo: 10_000 });
    await settle(ctx);
    expect(await usageLedger(ctx, a.accountId)).toHaveLength(1);
    expect(await balanceOf(ctx, a.accountId)).toBe(9_650);
  });
});

describe('prices', () => {
  it('falls back to the catalog defaults for missing or malformed values', async () => {
    const { prices } = await import('./prices.js');
    const a = await pricedAccount(ctx);
    expect(await prices(ctx.deps.db, a.accountId)).toEqual({
      userInitiatePrice: 350,
      businessInitiatePrice: 550,
      mauPrice: 0,
      minimumBalance: 50_000,
    });
    await setPlatform(ctx, a.accountId, {
      'bo.userInitiatePrice': '-5',
      'bo.businessInitiatePrice': 'abc',
      mauPrice: '125.5',
      'bo.minimumBalance': '0',
    });
    expect(await prices(ctx.deps.db, a.accountId)).toEqual({
      userInitiatePrice: 350,
      businessInitiatePrice: 550,
      mauPrice: 125.5,
      minimumBalance: 0,
    });
  });
});
