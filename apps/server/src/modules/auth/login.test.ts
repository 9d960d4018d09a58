import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, PASSWORD } from '../../test/fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /api/auth/login', () => {
  it('signs in with the right password and returns the spec user', async () => {
    const accountId = await createAccount(ctx, { name: 'Acme' });
    const user = await createUser(ctx, accountId, { role: 'admin' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accessToken).toMatch(/^ey/);
    expect(body.user).toMatchObject({
      _id: user.id,
      email: user.email,
      company: 'Acme',
      role: 'admin',
      isTwoFactorAuthenticationEnabled: false,
    });
    const cookie = res.cookies.find((c) => c.name === 'sapa_rt');
    expect(cookie?.httpOnly).toBe(true);
  });

  it("answers 401 with the spec's message for a wrong password", async () => {
    const accountId = await createAccount(ctx);
    const user = await createUser(ctx, accountId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Wrong1234' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.loginFailed);
  });

  it('validates the body with the shared messages', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: MESSAGES.invalidEmail },
        { path: 'password', message: 'The password field is required' },
      ]),
    );
  });
});
