import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { KeyRateLimiter } from './rate-limit.js';

describe('KeyRateLimiter', () => {
  it('counts per key in a one-minute window and says when it starts again', () => {
    const limiter = new KeyRateLimiter(2);
    expect(limiter.hit('a', 0)).toEqual({
      allowed: true,
      limit: 2,
      remaining: 1,
      resetSeconds: 60,
    });
    expect(limiter.hit('a', 10_000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit('a', 20_500)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      resetSeconds: 40,
    });
    expect(limiter.hit('b', 20_500)).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.hit('a', 60_000)).toMatchObject({
      allowed: true,
      remaining: 1,
      resetSeconds: 60,
    });
  });
});

describe('per-key rate limit over HTTP', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ config: { apiKeyRateLimit: 3 } });
    admin = await createUser(ctx, await createAccount(ctx, { type: 'api_only' }), {
      role: 'admin',
    });
  });
  afterAll(() => ctx.close());

  it('sends RateLimit-* headers on every key request and 429 with Retry-After when over', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.auth,
      payload: { name: 'busy', scopes: ['chats:read'] },
    });
    const headers = { authorization: `Bearer ${created.json().key}` };
    const call = () => ctx.app.inject({ method: 'GET', url: '/api/chats/paginate', headers });
    for (const remaining of [2, 1, 0]) {
      const res = await call();
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      expect(res.headers['ratelimit-remaining']).toBe(String(remaining));
      expect(Number(res.headers['ratelimit-reset'])).toBe(60);
    }
    ctx.clock.advance(15_000);
    const over = await call();
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('45');
    expect(over.headers['ratelimit-remaining']).toBe('0');
    ctx.clock.advance(45_000);
    expect((await call()).statusCode).toBe(200);
    // People signed in are not counted against keys' limits.
    const person = await ctx.app.inject({
      method: 'GET',
      url: '/api/chats/paginate',
      headers: admin.auth,
    });
    expect(person.headers['ratelimit-limit']).toBeUndefined();
  });
});
