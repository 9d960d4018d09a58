import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../db/database.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount, createWhatsappChannel } from '../../../test/fixtures.js';
import { engineRepo } from './repo.js';

/**
 * The per-channel grid of send slots, shared by every worker process through PostgreSQL. What
 * matters is where the slots fall (the database's own timestamps), never how fast this runs.
 */
let ctx: TestContext;
let second: { db: Db; destroy: () => Promise<void> };

beforeAll(async () => {
  ctx = await createTestContext();
  // A second pool on the same database: another worker process's connections.
  const other = createDb(ctx.databaseUrl, 4);
  second = { db: other.db, destroy: () => other.db.destroy() };
});
afterAll(async () => {
  await second?.destroy();
  await ctx?.close();
});

async function channel(): Promise<string> {
  const accountId = await createAccount(ctx);
  return (await createWhatsappChannel(ctx, accountId)).id;
}

// node-postgres reads timestamps to the millisecond; every span below is whole milliseconds.
const ms = (d: Date) => d.getTime();

describe('broadcast send grid', () => {
  it('gives two processes asking at once back-to-back slots, one every 1/rate s, never overlapping', async () => {
    const channelId = await channel();
    // Connections open first, so no reservation waits on a connect while the grid runs ahead.
    await Promise.all(
      [ctx.deps.db, second.db].flatMap((db) =>
        Array.from({ length: 4 }, () => sql`SELECT 1`.execute(db)),
      ),
    );
    // 20 reservations of 3 slots at 5/s, 10 from each pool, all at once.
    const asks = Array.from({ length: 20 }, (_, i) =>
      engineRepo.reserveSlots(i % 2 ? second.db : ctx.deps.db, channelId, 3, 5),
    );
    const firsts = (await Promise.all(asks)).map((r) => ms(r.firstAt)).sort((a, b) => a - b);
    // Each reservation begins exactly where the one before ended: 3 slots × 200 ms later.
    for (let i = 1; i < firsts.length; i++) expect(firsts[i]! - firsts[i - 1]!).toBe(600);
  });

  it('drops slots nobody used: after an idle spell the next slot is now, not in the past', async () => {
    const channelId = await channel();
    await engineRepo.reserveSlots(ctx.deps.db, channelId, 5, 100);
    // An hour idle (the grid's next slot long past), as after a pause or a stall at Meta.
    await sql`UPDATE broadcast_send_pace SET next_slot_at = now() - interval '1 hour'
      WHERE channel_id = ${channelId}`.execute(ctx.deps.db);
    const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(ctx.deps.db);
    const before = rows[0]!.now;
    const next = await engineRepo.reserveSlots(ctx.deps.db, channelId, 100, 100);
    expect(ms(next.firstAt)).toBeGreaterThanOrEqual(ms(before));
    expect(next.waitMs).toBeGreaterThanOrEqual(0);
    // The 100 slots at 100/s run one second from there: none of the idle hour was saved up.
    const { rows: pace } = await sql<{ next_slot_at: Date }>`
      SELECT next_slot_at FROM broadcast_send_pace WHERE channel_id = ${channelId}`.execute(
      ctx.deps.db,
    );
    expect(ms(pace[0]!.next_slot_at) - ms(next.firstAt)).toBe(1000);
  });

  it('answers how long until the first slot, so a worker on a skewed clock still keeps the grid', async () => {
    const channelId = await channel();
    const a = await engineRepo.reserveSlots(ctx.deps.db, channelId, 10, 10);
    const b = await engineRepo.reserveSlots(second.db, channelId, 1, 10);
    // b's slot is a's last + 0.1 s, i.e. a full second after a's first: b waits for it.
    expect(ms(b.firstAt) - ms(a.firstAt)).toBe(1000);
    expect(b.waitMs).toBeGreaterThan(0);
    expect(b.waitMs).toBeLessThanOrEqual(1000);
  });
});
