import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, PASSWORD, type TestUser } from '../../test/fixtures.js';
import { generatePin } from './two-factor.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function enable(user: TestUser) {
  const gen = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/2fa/generate',
    headers: user.auth,
  });
  expect(gen.statusCode).toBe(200);
  const { secret, otpauthUrl, qrCode } = gen.json();
  expect(otpauthUrl).toContain('otpauth://totp/Sapa:');
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  const on = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/turn-on',
    headers: user.auth,
    payload: { pin: generatePin(secret, ctx.clock.now()) },
  });
  expect(on.statusCode).toBe(200);
  expect(on.json().user.isTwoFactorAuthenticationEnabled).toBe(true);
  // The turn-on code is spent: what follows needs the authenticator's next one.
  ctx.clock.advance(30_000);
  return secret as string;
}

const login = (email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });

describe('two-factor authentication', () => {
  it('turn-on refuses a wrong pin and keeps 2FA off', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    await ctx.app.inject({ method: 'GET', url: '/api/auth/2fa/generate', headers: user.auth });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/turn-on',
      headers: user.auth,
      payload: { pin: '000000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.twoFactorInvalid);
    const row = await ctx.deps.db
      .selectFrom('users')
      .select('two_factor_enabled')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.two_factor_enabled).toBe(false);
  });

  it('validates the pin shape with a clear message', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/validate',
      headers: user.auth,
      payload: { pin: '12ab' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The pin must be 6 digits');
  });

  it('after login, every endpoint but validate answers 403 until the pin is validated', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const secret = await enable(user);

    const res = await login(user.email);
    expect(res.statusCode).toBe(200);
    const pending = res.json().accessToken as string;
    const claims = JSON.parse(Buffer.from(pending.split('.')[1]!, 'base64url').toString());
    expect(claims.isTwoFactorAuthenticated).toBe(false);

    const blocked = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/2fa/generate',
      headers: bearer(pending),
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('2FA_REQUIRED');

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/validate',
      headers: bearer(pending),
      payload: { pin: '123456' },
    });
    expect(wrong.statusCode).toBe(400);

    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/validate',
      headers: bearer(pending),
      payload: { pin: generatePin(secret, ctx.clock.now()) },
    });
    expect(ok.statusCode).toBe(200);
    const verified = ok.json().accessToken as string;
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/2fa/generate',
      headers: bearer(verified),
    });
    // Generating while on is refused (400), which proves the 2FA gate let the call through.
    expect(again.statusCode).toBe(400);
  });

  it('a refreshed token keeps the session 2FA state', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    await enable(user);
    const res = await login(user.email);
    const cookie = res.cookies.find((c) => c.name === 'sapa_rt')!.value;
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { sapa_rt: cookie },
    });
    const claims = JSON.parse(
      Buffer.from(refreshed.json().accessToken.split('.')[1], 'base64url').toString(),
    );
    expect(claims.isTwoFactorAuthenticated).toBe(false);
  });

  it('turn-off needs a valid pin, then login is single-step again', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const secret = await enable(user);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/turn-off',
      headers: user.auth,
      payload: { pin: '000000' },
    });
    expect(bad.statusCode).toBe(400);
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/turn-off',
      headers: user.auth,
      payload: { pin: generatePin(secret, ctx.clock.now()) },
    });
    expect(off.statusCode).toBe(200);
    const res = await login(user.email);
    const claims = JSON.parse(
      Buffer.from(res.json().accessToken.split('.')[1], 'base64url').toString(),
    );
    expect(claims.isTwoFactorAuthenticated).toBe(true);
  });

  it('stores the secret encrypted', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const secret = await enable(user);
    const row = await ctx.deps.db
      .selectFrom('users')
      .select('two_factor_secret')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.two_factor_secret).not.toContain(secret);
    expect(row.two_factor_secret).toMatch(/^v1\./);
  });
});

describe('two-factor PIN guessing and replay', () => {
  let nextIp = 1;
  const freshIp = () => `10.30.0.${nextIp++}`;
  const pinCall = (path: string, token: string, pin: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/auth/2fa/${path}`,
      headers: bearer(token),
      payload: { pin },
      remoteAddress: ip,
    });
  /** A sign-in that still owes its PIN. */
  const pending = async (email: string) => (await login(email)).json().accessToken as string;

  function expectThrottled(res: Awaited<ReturnType<typeof pinCall>>, seconds: number) {
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(String(seconds));
    expect(res.json().message).toBe(`Too many attempts. Try again in ${seconds / 60} minutes.`);
  }

  it('validate: the sixth wrong PIN answers 429 with Retry-After, and the right one waits too', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const secret = await enable(user);
    const token = await pending(user.email);
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await pinCall('validate', token, '000000', ip)).statusCode).toBe(400);
    const pin = generatePin(secret, ctx.clock.now());
    expectThrottled(await pinCall('validate', token, pin, ip), 15 * 60);
    // Per user: another address does not help the guesser.
    expectThrottled(await pinCall('validate', token, pin, freshIp()), 15 * 60);
    ctx.clock.advance(15 * 60_000);
    // The access token lived 15 minutes too: sign in again.
    const later = await pending(user.email);
    const now = generatePin(secret, ctx.clock.now());
    expect((await pinCall('validate', later, now, ip)).statusCode).toBe(200);
  });

  it('turn-on and turn-off are throttled alike', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const gen = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/2fa/generate',
      headers: user.auth,
    });
    const secret = gen.json().secret as string;
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await pinCall('turn-on', user.token, '000000', ip)).statusCode).toBe(400);
    expectThrottled(
      await pinCall('turn-on', user.token, generatePin(secret, ctx.clock.now()), ip),
      15 * 60,
    );

    const other = await createUser(ctx, await createAccount(ctx));
    await enable(other);
    for (let i = 0; i < 5; i++)
      expect((await pinCall('turn-off', other.token, '000000', ip)).statusCode).toBe(400);
    expect((await pinCall('turn-off', other.token, '000000', ip)).statusCode).toBe(429);
  });

  it('one address guessing at many users is stopped after 20 wrong PINs', async () => {
    const ip = freshIp();
    for (let u = 0; u < 4; u++) {
      const user = await createUser(ctx, await createAccount(ctx));
      await enable(user);
      const token = await pending(user.email);
      for (let i = 0; i < 5; i++)
        expect((await pinCall('validate', token, '000000', ip)).statusCode).toBe(400);
    }
    const user = await createUser(ctx, await createAccount(ctx));
    await enable(user);
    const token = await pending(user.email);
    expectThrottled(await pinCall('validate', token, '000000', ip), 15 * 60);
    expect((await pinCall('validate', token, '000000', freshIp())).statusCode).toBe(400);
  });

  it('never accepts the same code twice, nor an older one after a newer', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const secret = await enable(user);
    const ip = freshIp();
    const pin = generatePin(secret, ctx.clock.now());
    expect((await pinCall('validate', await pending(user.email), pin, ip)).statusCode).toBe(200);
    const replay = await pinCall('validate', await pending(user.email), pin, ip);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ message: MESSAGES.twoFactorInvalid, code: '2FA_REUSED' });

    // A code of the next step is within the drift allowed; after it, the current one is stale.
    ctx.clock.advance(30_000);
    const next = generatePin(secret, new Date(ctx.clock.now().getTime() + 30_000));
    const current = generatePin(secret, ctx.clock.now());
    expect((await pinCall('validate', await pending(user.email), next, ip)).statusCode).toBe(200);
    const older = await pinCall('validate', await pending(user.email), current, ip);
    expect(older.json().code).toBe('2FA_REUSED');
  });

  it('two sign-ins racing with one code: only one gets in', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const secret = await enable(user);
    const [a, b] = [await pending(user.email), await pending(user.email)];
    const pin = generatePin(secret, ctx.clock.now());
    const answers = await Promise.all([
      pinCall('validate', a, pin, freshIp()),
      pinCall('validate', b, pin, freshIp()),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
