import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { reconcileAccount } from '../modules/reports/reconcile.js';
import { seedLarge } from './large.js';
import { seedLargeReports } from './large-reports.js';

/**
 * The reports part of `npm run seed:large` at a small size: its set-based facts follow the
 * listeners' definitions exactly, so the reconcile, which derives facts the listeners' way and
 * sums rollups from facts, finds nothing to add or repair.
 */
let ctx: TestContext;
let accountId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const seeded = await seedLarge(ctx.deps.pool, {
    chats: 400,
    messages: 4_000,
    password: 'Sapa12345',
    log: () => undefined,
  });
  accountId = seeded!.accountId;
}, 120_000);
afterAll(() => ctx.close());

describe('seedLargeReports', () => {
  it('writes tickets, broadcasts, CSAT answers and their facts, and skips a second time', async () => {
    const lines: string[] = [];
    const summary = await seedLargeReports(ctx.deps.pool, accountId, (l) => lines.push(l));
    expect(summary).toMatchObject({ broadcasts: 104 });
    expect(summary!.tickets).toBeGreaterThan(300);
    expect(summary!.facts).toBeGreaterThan(5_000);
    const { rows } = await ctx.deps.pool.query<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM report_events WHERE account_id = $1 GROUP BY 1`,
      [accountId],
    );
    const kinds = Object.fromEntries(rows.map((r) => [r.kind, r.n]));
    expect(kinds.message_in! + kinds.message_out!).toBe(4_000);
    for (const kind of [
      'opened',
      'first_response',
      'reply_time',
      'resolution',
      'csat',
      'contact_active',
    ])
      expect(kinds[kind], kind).toBeGreaterThan(0);
    expect(await seedLargeReports(ctx.deps.pool, accountId, () => undefined)).toBeNull();
  }, 120_000);

  it('agrees with the listeners’ definitions: the reconcile finds nothing to repair', async () => {
    const { rows } = await ctx.deps.pool.query<{ from: string; to: string }>(
      `SELECT min(day)::text AS from, max(day)::text AS to FROM report_events WHERE account_id = $1`,
      [accountId],
    );
    const report = await reconcileAccount(ctx.deps, accountId, rows[0]!.from, rows[0]!.to);
    expect(report).toMatchObject({
      factsAdded: 0,
      rollupRowsRepaired: 0,
      costRowsRepaired: 0,
      broadcastsRepaired: 0,
    });
    expect(report.messages).toBe(4_000);
  }, 120_000);
});
