import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, PASSWORD } from '../../test/fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function signIn() {
  const accountId = await createAccount(ctx);
  const user = await createUser(ctx, accountId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: PASSWORD },
  });
  const cookie = res.cookies.find((c) => c.name === 'sapa_rt');
  if (!cookie) throw new Error('no refresh cookie');
  return { user, refresh: cookie.value, accessToken: res.json().accessToken as string };
}

const refresh = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { sapa_rt: token } });
const me = (accessToken: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/auth/2fa/generate',
    headers: { authorization: `Bearer ${accessToken}` },
  });

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token on every use', async () => {
    const { refresh: first } = await signIn();
    const a = await refresh(first);
    expect(a.statusCode).toBe(200);
    expect(a.json().accessToken).toMatch(/^ey/);
    const second = a.cookies.find((c) => c.name === 'sapa_rt')?.value;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const b = await refresh(second!);
    expect(b.statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated token is reused', async () => {
    const { refresh: first, accessToken } = await signIn();
    const rotated = await refresh(first);
    const current = rotated.cookies.find((c) => c.name === 'sapa_rt')!.value;
    const newAccess = rotated.json().accessToken as string;

    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_REUSED');
    // The legitimate holder's newest refresh token and both access tokens now fail too.
    expect((await refresh(current)).statusCode).toBe(401);
    expect((await me(newAccess)).statusCode).toBe(401);
    expect((await me(accessToken)).statusCode).toBe(401);
  });

  it('answers 401 without a cookie or with an unknown token', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(
      401,
    );
    expect((await refresh('not-a-real-token')).statusCode).toBe(401);
  });

  it('refuses refresh after the session expires', async () => {
    const { refresh: token } = await signIn();
    ctx.clock.advance(31 * 86_400_000);
    expect((await refresh(token)).statusCode).toBe(401);
    ctx.clock.advance(-31 * 86_400_000);
  });
});

describe('access tokens', () => {
  it('expire after their lifetime', async () => {
    const { accessToken } = await signIn();
    expect((await me(accessToken)).statusCode).toBe(200);
    ctx.clock.advance(16 * 60 * 1000);
    expect((await me(accessToken)).statusCode).toBe(401);
    ctx.clock.advance(-16 * 60 * 1000);
  });

  it('are refused when forged with another secret', async () => {
    const { TokenSigner } = await import('./tokens.js');
    const { user } = await signIn();
    const forged = await new TokenSigner('another-secret-another-secret-another-secret', 900).sign(
      {
        userId: user.id,
        accountId: user.accountId,
        sessionId: '00000000-0000-0000-0000-000000000000',
        role: 'admin',
        isTwoFactorAuthenticated: true,
      },
      ctx.clock.now(),
    );
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('carry iat, exp, role, isTwoFactorAuthenticated, user and account ids', async () => {
    const { accessToken, user } = await signIn();
    const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({
      sub: user.id,
      acc: user.accountId,
      role: 'admin',
      isTwoFactorAuthenticated: true,
    });
    expect(payload.exp - payload.iat).toBe(900);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: the refresh cookie and access token stop working', async () => {
    const { refresh: token, accessToken } = await signIn();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { sapa_rt: token },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await me(accessToken)).statusCode).toBe(401);
  });

  it('succeeds with nothing to revoke (already logged out)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
  });
});
