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
      `SELECT kind, sum(n)::int AS n FROM report_fact_rows WHERE account_id = $1 GROUP BY 1`,
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
      'csat_sent',
      'csat_answered',
      'contact_active',
    ])
      expect(kinds[kind], kind).toBeGreaterThan(0);
    // CSAT lives in the csat tables, and the facts say what they hold.
    const { rows: csat } = await ctx.deps.pool.query<{ surveys: number; answers: number }>(
      `SELECT (SELECT count(*)::int FROM csat_surveys WHERE account_id = $1) AS surveys,
              (SELECT count(*)::int FROM csat_responses WHERE account_id = $1) AS answers`,
      [accountId],
    );
    expect(csat[0]!.answers).toBeGreaterThan(0);
    expect(csat[0]).toEqual({ surveys: kinds.csat_sent, answers: kinds.csat });
    expect(kinds.csat_answered).toBe(kinds.csat);
    expect(await seedLargeReports(ctx.deps.pool, accountId, () => undefined)).toBeNull();
  }, 120_000);

  it('agrees with the listeners’ definitions: the reconcile finds nothing to repair', async () => {
    const { rows } = await ctx.deps.pool.query<{ from: string; to: string }>(
      `SELECT min(day)::text AS from, max(day)::text AS to FROM report_fact_rows WHERE account_id = $1`,
      [accountId],
    );
    const report = await reconcileAccount(ctx.deps, accountId, rows[0]!.from, rows[0]!.to);
    expect(report).toMatchObject({
      factsAdded: 0,
      factsFixed: 0,
      rollupRowsRepaired: 0,
      costRowsRepaired: 0,
      broadcastsRepaired: 0,
    });
    expect(report.messages).toBe(4_000);
  }, 120_000);
});
