import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../db/database.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount, createWhatsappChannel } from '../../../test/fixtures.js';
import { bucketShape, DEFAULT_ENGINE_OPTIONS } from './options.js';
import { engineRepo } from './repo.js';

/**
 * The per-channel token bucket, on simulated time: what matters is how many tokens are granted
 * per second of (simulated) time, never how fast this machine runs.
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

/**
 * Two workers alternately ask for a batch every `stepMs` of simulated time for `seconds`;
 * returns the tokens each was granted.
 */
async function simulate(rate: number, seconds: number, stepMs: number, workers: Db[]) {
  const channelId = await channel();
  const { want, burst } = bucketShape(rate, DEFAULT_ENGINE_OPTIONS);
  const start = Date.parse('2026-03-01T00:00:00Z');
  const granted = workers.map(() => 0);
  for (let t = 0; t <= seconds * 1000; t += stepMs) {
    for (const [i, db] of workers.entries()) {
      // Each worker asks at its own moment within the step, as independent processes do.
      const at = new Date(start + t + (i * stepMs) / workers.length);
      const got = await engineRepo.takeTokens(db, channelId, rate, burst, want, at);
      granted[i]! += got.granted;
    }
  }
  return { granted, total: granted.reduce((a, b) => a + b, 0) };
}

describe('broadcast token bucket', () => {
  it('grants 80/s over a window within 2%', async () => {
    const { total } = await simulate(80, 20, 50, [ctx.deps.db]);
    // The bucket starts empty: 20 s at 80/s is 1,600 tokens.
    expect(Math.abs(total - 1600) / 1600).toBeLessThan(0.02);
  });

  it('grants 1,000/s over a window within 2%', async () => {
    const { total } = await simulate(1000, 10, 20, [ctx.deps.db]);
    expect(Math.abs(total - 10_000) / 10_000).toBeLessThan(0.02);
  });

  it('is shared: two worker processes together get the rate, not twice it', async () => {
    const { granted, total } = await simulate(80, 20, 50, [ctx.deps.db, second.db]);
    // The last ask is at 20.025 s: never more than rate × elapsed simulated time.
    expect(total).toBeLessThanOrEqual(Math.floor(80 * 20.025));
    expect(total).toBeGreaterThanOrEqual(80 * 20 * 0.98);
    // Both took part.
    expect(granted[0]).toBeGreaterThan(0);
    expect(granted[1]).toBeGreaterThan(0);
  });

  it('never exceeds the burst after a long idle time, and grants nothing while empty', async () => {
    const channelId = await channel();
    const t0 = Date.parse('2026-03-01T00:00:00Z');
    await engineRepo.takeTokens(ctx.deps.db, channelId, 100, 25, 10, new Date(t0));
    // An hour idle refills to the burst (25), not 360,000.
    const a = await engineRepo.takeTokens(
      ctx.deps.db,
      channelId,
      100,
      25,
      1000,
      new Date(t0 + 3_600_000),
    );
    expect(a.granted).toBe(25);
    const b = await engineRepo.takeTokens(
      ctx.deps.db,
      channelId,
      100,
      25,
      10,
      new Date(t0 + 3_600_000),
    );
    expect(b.granted).toBe(0);
    // A clock behind the bucket's (another process) never refills backwards or grants extra.
    const c = await engineRepo.takeTokens(
      ctx.deps.db,
      channelId,
      100,
      25,
      10,
      new Date(t0 + 3_599_000),
    );
    expect(c.granted).toBe(0);
    // 50 ms later at 100/s: 5 tokens.
    const d = await engineRepo.takeTokens(
      ctx.deps.db,
      channelId,
      100,
      25,
      10,
      new Date(t0 + 3_600_050),
    );
    expect(d.granted).toBe(5);
  });

  it('takes back unused tokens up to the burst', async () => {
    const channelId = await channel();
    const t0 = Date.parse('2026-03-01T00:00:00Z');
    await engineRepo.takeTokens(ctx.deps.db, channelId, 100, 25, 10, new Date(t0));
    const a = await engineRepo.takeTokens(ctx.deps.db, channelId, 100, 25, 10, new Date(t0 + 100));
    expect(a.granted).toBe(10);
    await engineRepo.returnTokens(ctx.deps.db, channelId, 4, 25);
    const b = await engineRepo.takeTokens(ctx.deps.db, channelId, 100, 25, 100, new Date(t0 + 100));
    expect(b.granted).toBe(4);
  });
});
