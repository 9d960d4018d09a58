import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { forwardOnlyCondition, statusRank } from './status-rule.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const STATUSES = ['queue', 'sent', 'delivered', 'read', 'failed', 'received'] as const;

/** The rule as a table: may a message in `current` move to `incoming`? */
const EXPECTED: Record<string, readonly string[]> = {
  queue: ['sent', 'delivered', 'read', 'failed'],
  sent: ['delivered', 'read', 'failed'],
  delivered: ['read', 'failed'],
  read: [],
  failed: [],
  received: [],
};

describe('forward-only status rule, evaluated by PostgreSQL', () => {
  it.each(STATUSES)('from %s', async (current) => {
    const incoming = STATUSES.filter((s) => s !== 'received');
    const { rows } = await sql<{ incoming: string; allowed: boolean }>`
      SELECT i.status AS incoming, ${sql.raw(forwardOnlyCondition('c.status', 'i.status', 'i.rank'))} AS allowed
      FROM (VALUES (${current}::text)) AS c(status),
           unnest(${incoming}::text[], ${incoming.map(statusRank)}::int[]) AS i(status, rank)`.execute(
      ctx.deps.db,
    );
    const allowed = rows.filter((r) => r.allowed).map((r) => r.incoming);
    expect(allowed.sort()).toEqual([...(EXPECTED[current] ?? [])].sort());
  });

  it('ranks keep the furthest status of a batch', () => {
    expect(statusRank('read')).toBeGreaterThan(statusRank('delivered'));
    expect(statusRank('failed')).toBeGreaterThan(statusRank('read'));
    expect(statusRank('unknown')).toBe(99);
  });
});
