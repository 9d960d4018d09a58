import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createDb } from './database.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const VICTIM = 'sapa_pool_under_test';

/** Ends the pool's backends, as PostgreSQL's shutdown does (57P01 admin_shutdown). */
async function terminateBackends(): Promise<void> {
  const admin = new pg.Client({ connectionString: ctx.databaseUrl });
  await admin.connect();
  try {
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
      [VICTIM],
    );
  } finally {
    await admin.end();
  }
}

describe('a pool whose connections are terminated', () => {
  it('reports the lost connections instead of crashing, and serves again with new ones', async () => {
    const lost: Error[] = [];
    const url = `${ctx.databaseUrl}${ctx.databaseUrl.includes('?') ? '&' : '?'}application_name=${VICTIM}`;
    const { db, pool } = createDb(url, 4, (err) => lost.push(err));
    // One client checked out (a request or job mid-work), one idle in the pool.
    const held = await pool.connect();
    const idle = await pool.connect();
    idle.release();
    try {
      await terminateBackends();
      // The idle one is reported through the pool, and dropped from it.
      await vi.waitFor(() => expect(lost.length).toBe(1), { timeout: 10_000 });
      expect((lost[0] as Error & { code?: string }).code).toBe('57P01');
      // The held one fails its next query (its caller sees that) instead of ending the process.
      await expect(held.query('SELECT 1')).rejects.toThrow();
    } finally {
      held.release(true);
    }
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
    expect(rows[0]?.one).toBe(1);
    await db.destroy();
  });
});
