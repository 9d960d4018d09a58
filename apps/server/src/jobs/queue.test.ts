import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ jobs: 'pg-boss' });
});
afterAll(() => ctx.close());

describe('PgBossQueue.enqueueMany', () => {
  it('queues every job of one call with its data, key and start time', async () => {
    const id = () => `q-${Math.random().toString(36).slice(2)}`;
    const [a, b] = [id(), id()];
    await ctx.deps.jobs.enqueueMany('media.fetch', [
      { data: { messageId: a, attempt: 0 }, options: { singletonKey: `media:${a}` } },
      {
        data: { messageId: b, attempt: 1 },
        options: { singletonKey: `media:${b}`, startAfterSeconds: 60 },
      },
    ]);
    const { rows } = await sql<{ key: string; later: boolean; data: unknown }>`
      SELECT singleton_key AS key, start_after > now() + interval '30 seconds' AS later, data
      FROM pgboss.job WHERE name = 'media.fetch' AND data->>'messageId' = ANY (${[a, b]}::text[])
      ORDER BY start_after`.execute(ctx.deps.db);
    expect(rows).toEqual([
      { key: `media:${a}`, later: false, data: { messageId: a, attempt: 0 } },
      { key: `media:${b}`, later: true, data: { messageId: b, attempt: 1 } },
    ]);
  });

  it('queues nothing for no jobs', async () => {
    await expect(ctx.deps.jobs.enqueueMany('media.fetch', [])).resolves.toBeUndefined();
  });
});
