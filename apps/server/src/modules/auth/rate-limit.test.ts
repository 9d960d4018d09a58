import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TOO_MANY_ATTEMPTS_PATTERN } from '@sapa/contracts';
import { createPeer, createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, PASSWORD, type TestUser } from '../../test/fixtures.js';
import type { App } from '../../http/types.js';

let ctx: TestContext;
let peer: { app: App; close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext();
  peer = await createPeer(ctx);
});
afterAll(async () => {
  await peer.close();
  await ctx.close();
});

let nextIp = 1;
/** A fresh address per test, so tests never share a counter by accident. */
const freshIp = () => `10.20.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`;

const login = (app: App, email: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

/** The wait the 429 states, in seconds, checked against its Retry-After header. */
function statedWait(res: LightMyRequestResponse): number {
  expect(res.statusCode).toBe(429);
  const match = TOO_MANY_ATTEMPTS_PATTERN.exec(res.json().message as string);
  expect(match).not.toBeNull();
  const seconds = Number(match![1]) * (match![2] === 'minute' ? 60 : 1);
  expect(res.headers['retry-after']).toBe(String(seconds));
  return seconds;
}

async function misses(user: TestUser, count: number, ip: string, app = ctx.app) {
  for (let i = 0; i < count; i++)
    expect((await login(app, user.email, 'Wrong1234', ip)).statusCode).toBe(401);
}

describe('login limits', () => {
  it('slows a guesser down after 5 misses, with the true wait in the message and Retry-After', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const ip = freshIp();
    await misses(user, 5, ip);
    // The sixth try at once: 1 s to wait, then 2 s after the next miss, and so on.
    expect(statedWait(await login(ctx.app, user.email, PASSWORD, ip))).toBe(1);
    ctx.clock.advance(1_000);
    await misses(user, 1, ip);
    expect(statedWait(await login(ctx.app, user.email, 'Wrong1234', ip))).toBe(2);
    ctx.clock.advance(2_000);
    expect((await login(ctx.app, user.email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('locks one address out of one account after 10 misses, for 15 minutes', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      // A minute apart: slower than the slow-down, so only the lock can stop this guesser.
      if (i > 0) ctx.clock.advance(60_000);
      expect((await login(ctx.app, user.email, 'Wrong1234', ip)).statusCode).toBe(401);
    }
    const locked = await login(ctx.app, user.email, PASSWORD, ip);
    expect(statedWait(locked)).toBe(15 * 60);
    expect(locked.json().message).toBe('Too many attempts. Try again in 15 minutes.');
    ctx.clock.advance(14 * 60_000);
    expect(statedWait(await login(ctx.app, user.email, PASSWORD, ip))).toBe(60);
    ctx.clock.advance(60_000);
    expect((await login(ctx.app, user.email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it("a stranger's misses never lock the owner out from their own address", async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const stranger = freshIp();
    for (let i = 0; i < 12; i++) {
      await login(ctx.app, user.email, 'Wrong1234', stranger);
      ctx.clock.advance(60_000);
    }
    expect((await login(ctx.app, user.email, PASSWORD, stranger)).statusCode).toBe(429);
    expect((await login(ctx.app, user.email, PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('counts on every server process alike', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const ip = freshIp();
    await misses(user, 3, ip, ctx.app);
    await misses(user, 2, ip, peer.app);
    expect(statedWait(await login(ctx.app, user.email, PASSWORD, ip))).toBe(1);
    expect(statedWait(await login(peer.app, user.email, PASSWORD, ip))).toBe(1);
  });

  it('a right password forgets the misses of its own address', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const ip = freshIp();
    await misses(user, 4, ip);
    expect((await login(ctx.app, user.email, PASSWORD, ip)).statusCode).toBe(200);
    await misses(user, 5, ip);
  });

  it('answers 429 after 50 misses from one address across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 50; i++) {
      const res = await login(ctx.app, `nobody${i}@example.com`, 'x', ip);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.loginFailed);
    }
    expect(statedWait(await login(ctx.app, 'fresh@example.com', 'x', ip))).toBe(15 * 60);
    expect((await login(ctx.app, 'fresh@example.com', 'x', freshIp())).statusCode).toBe(401);
  });

  it('spaces out guesses at one account spread over many addresses, without locking it', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    for (let i = 0; i < 20; i++) await misses(user, 1, freshIp());
    const owner = freshIp();
    expect(statedWait(await login(ctx.app, user.email, PASSWORD, owner))).toBe(1);
    ctx.clock.advance(1_000);
    expect((await login(ctx.app, user.email, PASSWORD, owner)).statusCode).toBe(200);
  });
});
