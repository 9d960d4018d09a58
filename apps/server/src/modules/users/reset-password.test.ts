import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  lastMailLink,
  login,
  PASSWORD,
  tokenFromLink,
} from '../../test/fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const request = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/reset-password/request', payload: { email } });
const check = (query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/users/reset-password/check?${query}` });
const submit = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/reset-password/submit', payload });
const mailCount = async (to: string) =>
  (await ctx.deps.db.selectFrom('mail_outbox').select('id').where('to_address', '=', to).execute())
    .length;

async function activeUser(name = 'Reset Co') {
  const accountId = await createAccount(ctx, { name });
  return createUser(ctx, accountId, { role: 'agent' });
}

async function resetToken(email: string): Promise<string> {
  const res = await request(email);
  expect(res.statusCode).toBe(200);
  return tokenFromLink(await lastMailLink(ctx, email, '/reset-password'));
}

describe('POST /api/users/reset-password/request', () => {
  it('mails a reset link to an active user', async () => {
    const user = await activeUser();
    const res = await request(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: MESSAGES.resetRequested });
    const link = await lastMailLink(ctx, user.email, '/reset-password');
    expect(link).toMatch(/^http:\/\/sapa\.test\/reset-password\?token=[\w-]+$/);
  });

  it('answers the same for an unknown, an unverified or a deactivated address and sends nothing', async () => {
    const unknown = await request('nobody@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true, message: MESSAGES.resetRequested });
    expect(await mailCount('nobody@example.com')).toBe(0);

    const user = await activeUser();
    await ctx.deps.db
      .updateTable('users')
      .set({ status: 'deactivated' })
      .where('id', '=', user.id)
      .execute();
    const deactivated = await request(user.email);
    expect(deactivated.json()).toEqual({ ok: true, message: MESSAGES.resetRequested });
    expect(await mailCount(user.email)).toBe(0);
  });

  it('silently stops mailing after 3 requests in 15 minutes, then allows again', async () => {
    const user = await activeUser();
    for (let i = 0; i < 5; i++) {
      const res = await request(user.email);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MESSAGES.resetRequested);
    }
    expect(await mailCount(user.email)).toBe(3);
    ctx.clock.advance(15 * 60_000 + 1);
    await request(user.email);
    expect(await mailCount(user.email)).toBe(4);
  });

  it('validates the email', async () => {
    const res = await request('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path: 'email', message: MESSAGES.invalidEmail });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password/request',
      payload: {},
    });
    expect(missing.json().issues).toContainEqual({
      path: 'email',
      message: 'The email field is required',
    });
  });
});

describe('GET /api/users/reset-password/check', () => {
  it('describes a valid reset link', async () => {
    const user = await activeUser('Check Co');
    const token = await resetToken(user.email);
    const res = await check(`token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      email: user.email,
      purpose: 'reset_password',
      company: 'Check Co',
    });
  });

  it('refuses unknown tokens with the reset or the invitation wording', async () => {
    const res = await check('token=unknown');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.resetLinkInvalid);
    const invite = await check('token=unknown&type=invite');
    expect(invite.statusCode).toBe(400);
    expect(invite.json().message).toBe(MESSAGES.inviteLinkInvalid);
  });

  it('refuses an expired link (1 hour)', async () => {
    const user = await activeUser();
    const token = await resetToken(user.email);
    ctx.clock.advance(60 * 60_000 - 1_000);
    expect((await check(`token=${token}`)).statusCode).toBe(200);
    ctx.clock.advance(2_000);
    const res = await check(`token=${token}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.resetLinkInvalid);
  });

  it('requires the token', async () => {
    const res = await check('');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      path: 'token',
      message: 'The token field is required',
    });
  });
});

describe('POST /api/users/reset-password/submit', () => {
  it('sets the new password, ends every session, and works once', async () => {
    const user = await activeUser();
    const token = await resetToken(user.email);
    const res = await submit({ token, password: 'NewSecret9', confirm_password: 'NewSecret9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: MESSAGES.passwordChanged });

    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
    expect(me.statusCode).toBe(401);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect(await login(ctx, user.email, 'NewSecret9')).toMatch(/^ey/);

    const again = await submit({ token, password: 'Another99', confirm_password: 'Another99' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.resetLinkInvalid);
  });

  it('only the newest link works', async () => {
    const user = await activeUser();
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    expect(
      (await submit({ token: first, password: 'NewSecret9', confirm_password: 'NewSecret9' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await submit({ token: second, password: 'NewSecret9', confirm_password: 'NewSecret9' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an expired link and keeps the old password', async () => {
    const user = await activeUser();
    const token = await resetToken(user.email);
    ctx.clock.advance(60 * 60_000 + 1_000);
    const res = await submit({ token, password: 'NewSecret9', confirm_password: 'NewSecret9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.resetLinkInvalid);
    expect(await login(ctx, user.email, PASSWORD)).toMatch(/^ey/);
  });

  it.each([
    ['token', { token: undefined }, 'The token field is required'],
    [
      'password',
      { password: 'short1A', confirm_password: 'short1A' },
      'The password field must be at least 8 characters',
    ],
    [
      'password',
      { password: 'nouppercase1', confirm_password: 'nouppercase1' },
      'The password field must contain at least one number and one uppercase letter',
    ],
    ['confirm_password', { confirm_password: 'Different9' }, MESSAGES.passwordMismatch],
  ])('validates %s: %j', async (path, overrides, message) => {
    const res = await submit({
      token: 'some-token',
      password: 'NewSecret9',
      confirm_password: 'NewSecret9',
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });
});
