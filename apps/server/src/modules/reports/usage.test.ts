import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageReport } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { LedgerService } from '../billing/index.js';
import { rollLedger } from './ledger-rollup.js';

/**
 * Usage against a ledger written by hand (Asia/Jakarta):
 *   1 Jun 09:00  customer-initiated conversation      -350
 *   1 Jun 10:00  business-initiated conversation      -550, refunded at 11:00 (+550)
 *   1 Jun 12:00  broadcast claim of two messages     -1,100, one refunded at 13:00 (+550)
 *   1 Jun 15:00  an operator's adjustment, a top-up    (not usage)
 *   2 Jun 00:30  monthly active contact              -100.50 (17:30 UTC on 1 June)
 * Day 1 costs 900, day 2 costs 100.50: 1,000.50 in all, as the ledger says.
 */
let ctx: TestContext;
let accountId: string;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({ accessTokenTtlSeconds: 30 * 86_400 });
  ctx.clock.set('2026-06-01T00:00:00Z');
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  const ledger = new LedgerService(ctx.deps);
  const at = (iso: string) => ctx.clock.set(iso);
  at('2026-06-01T01:00:00Z');
  await ledger.credit(accountId, { amount: 100_000, kind: 'topup', orderId: 'ORDER-1' });
  const usage = (kind: 'user_initiated' | 'business_initiated', ref: string, amount: number) =>
    ctx.deps.db
      .insertInto('usage_charges')
      .values({
        account_id: accountId,
        kind,
        ref,
        starts_at: ctx.clock.now(),
        amount,
        status: 'charged',
      })
      .execute();
  at('2026-06-01T02:00:00Z');
  await usage('user_initiated', 'conv:c1:1', 350);
  await ledger.charge(accountId, { amount: 350, orderId: 'conv:c1:1' });
  at('2026-06-01T03:00:00Z');
  await usage('business_initiated', 'conv:c2:2', 550);
  await ledger.charge(accountId, { amount: 550, orderId: 'conv:c2:2' });
  at('2026-06-01T04:00:00Z');
  await ledger.credit(accountId, { amount: 550, kind: 'refund', orderId: 'conv:c2:2' });
  at('2026-06-01T05:00:00Z');
  const b = crypto.randomUUID();
  await ledger.charge(accountId, { amount: 1_100, orderId: `broadcast:${b}:claim:x` });
  at('2026-06-01T06:00:00Z');
  await ledger.credit(accountId, {
    amount: 550,
    kind: 'refund',
    orderId: `broadcast:${b}:refund:y`,
  });
  at('2026-06-01T08:00:00Z');
  await ledger.adjust(accountId, { amount: 1_000, direction: 'debit', description: 'fix' }, null);
  at('2026-06-01T17:30:00Z');
  await ledger.charge(accountId, { amount: 100.5, orderId: 'mau:k1:2026-06' });
  at('2026-06-03T10:00:00Z');
});
afterAll(() => ctx.close());

const get = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UsageReport;
};

describe('usage reports agree with the ledger to the rupiah', () => {
  it('splits the cost per local day and per what it paid for', async () => {
    const r = await get('/api/reports/usage?from=2026-06-01&to=2026-06-02');
    expect(r.days.map((d) => [d.date, d.cost.total])).toEqual([
      ['2026-06-01', 900],
      ['2026-06-02', 100.5],
    ]);
    expect(r.days[0]!.cost).toMatchObject({
      userInitiated: 350,
      businessInitiated: 0,
      broadcast: 550,
    });
    expect(r.days[0]!.conversations).toEqual({ customer: 1, business: 0 });
    expect(r.totals.cost).toMatchObject({
      total: 1000.5,
      activeContacts: 100.5,
      // PPN on Rp 1.001 at 11 %: base 918, PPN 110.
      ppn: 110,
      totalWithPpn: 1110.5,
    });
    expect(r.ledger).toEqual({ charges: 2100.5, refunds: 1100, net: 1000.5 });
    expect(r.totals.cost.total).toBe(r.ledger.net);
    expect(r.ppnRate).toBe(11);
    expect(r.totals.activeContacts).toEqual([{ month: '2026-06', contacts: 0 }]);
  });

  it('answers a day and an ISO week', async () => {
    const day = await get('/api/reports/daily/usage?date=2026-06-02');
    expect(day.days).toHaveLength(1);
    expect(day.totals.cost.total).toBe(100.5);
    expect(day.ledger.net).toBe(100.5);
    const week = await get('/api/reports/weekly/usage?week=2026-W23');
    expect(week.range).toMatchObject({ from: '2026-06-01', to: '2026-06-07', days: 7 });
    expect(week.totals.cost.total).toBe(1000.5);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports/weekly/usage?week=2026-23',
      headers: admin.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('rolls each ledger row once however many times and places roll it at once', async () => {
    await Promise.all(
      Array.from({ length: 4 }, () => rollLedger(ctx.deps.db, ctx.deps.pool, accountId)),
    );
    const again = await get('/api/reports/usage?from=2026-06-01&to=2026-06-02');
    expect(again.totals.cost.total).toBe(1000.5);
    expect(again.totals.cost.total).toBe(again.ledger.net);
  });
});
