import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { RateLimiter } from './rate-limiter.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const rows = (scope: string) =>
  ctx.deps.db.selectFrom('rate_limits').selectAll().where('scope', '=', scope).execute();

describe('RateLimiter (PostgreSQL)', () => {
  it('lets exactly the allowance through a burst of parallel attempts', async () => {
    const limiter = new RateLimiter(ctx.deps, 'test-burst', {
      windowMs: 15 * MINUTE,
      lockAfter: 5,
      lockMs: 15 * MINUTE,
    });
    const results = await Promise.all(Array.from({ length: 30 }, () => limiter.hit('k')));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.find((r) => !r.allowed)).toEqual({ allowed: false, retryAfterMs: 15 * MINUTE });
    expect((await rows('test-burst'))[0]?.hits).toBe(5);
  });

  it('starts a new window once the old one is over, and refunds one attempt', async () => {
    const limiter = new RateLimiter(ctx.deps, 'test-window', {
      windowMs: MINUTE,
      lockAfter: 2,
      lockMs: MINUTE,
    });
    expect((await limiter.hit('k')).allowed).toBe(true);
    await limiter.refund('k');
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(false);
    ctx.clock.advance(MINUTE);
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await rows('test-window'))[0]?.hits).toBe(1);
  });

  it('sweeps rows that are of no more use', async () => {
    const policy = { windowMs: MINUTE, lockAfter: 3, lockMs: MINUTE };
    await new RateLimiter(ctx.deps, 'test-sweep', policy).hit('old');
    ctx.clock.advance(2 * MINUTE);
    // A new limiter sweeps on its first use; the sweep runs beside the attempt.
    await new RateLimiter(ctx.deps, 'test-sweep', policy).hit('new');
    for (let i = 0; i < 100 && (await rows('test-sweep')).length > 1; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await rows('test-sweep')).map((r) => r.key)).toEqual(['new']);
  });
});
