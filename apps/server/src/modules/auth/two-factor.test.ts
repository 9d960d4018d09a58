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
