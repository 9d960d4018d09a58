import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  lastMailLink,
  login,
  tokenFromLink,
} from '../../test/fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let seq = 0;
const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sari Wulandari',
  company: 'Toko Sari',
  email: `owner-${++seq}-${Date.now()}@example.com`,
  phone_number: '081234567890',
  password: 'Secret123',
  confirm_password: 'Secret123',
  ...overrides,
});

const register = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/register', payload });
const confirm = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/register_confirmation', payload });

describe('POST /api/users/register', () => {
  it('creates the account and an unverified admin, and mails an activation link', async () => {
    const body = registration({ language: 'id' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, message: MESSAGES.registerCheckEmail });

    const user = await ctx.deps.db
      .selectFrom('users as u')
      .innerJoin('accounts as a', 'a.id', 'u.account_id')
      .select([
        'u.status',
        'u.role',
        'u.language',
        'u.password_hash',
        'u.phone',
        'a.name',
        'a.type',
      ])
      .where('u.email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      status: 'unverified',
      role: 'admin',
      language: 'id',
      phone: '081234567890',
      name: 'Toko Sari',
      type: 'regular',
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);

    const link = await lastMailLink(ctx, body.email, '/email-verify');
    expect(link.startsWith('http://sapa.test/email-verify?token=')).toBe(true);
    const mail = await ctx.deps.db
      .selectFrom('mail_outbox')
      .select(['subject', 'template'])
      .where('to_address', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(mail).toEqual({ subject: 'Aktifkan akun Sapa Anda', template: 'verify_email' });

    // Only the hash of the emailed token is stored, valid for 48 hours.
    const stored = await ctx.deps.db
      .selectFrom('one_time_tokens')
      .select(['token_hash', 'purpose', 'expires_at'])
      .execute();
    const token = tokenFromLink(link);
    expect(stored.some((t) => t.token_hash === token)).toBe(false);
    const mine = stored.find(
      (t) =>
        t.purpose === 'verify_email' &&
        t.expires_at.getTime() === ctx.clock.now().getTime() + 48 * 3_600_000,
    );
    expect(mine).toBeDefined();
  });

  it('refuses sign-in before the email is confirmed', async () => {
    const body = registration();
    await register(body);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.loginFailed);
  });

  it('answers 409 when the email is registered (any case)', async () => {
    const body = registration();
    expect((await register(body)).statusCode).toBe(201);
    const res = await register({ ...body, email: body.email.toUpperCase(), company: 'Other' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.emailTaken);
    const accounts = await ctx.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('name', '=', 'Other')
      .execute();
    expect(accounts).toHaveLength(0);
  });

  it('creates exactly one account when the same email registers twice at once', async () => {
    const body = registration({ company: 'Race Co' });
    const results = await Promise.all([register(body), register(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const accounts = await ctx.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('name', '=', 'Race Co')
      .execute();
    expect(accounts).toHaveLength(1);
  });

  it.each([
    ['name', { name: undefined }, 'The name field is required'],
    ['name', { name: 'Sar' }, 'The name field must be at least 4 characters'],
    ['company', { company: '' }, 'The company field is required'],
    ['email', { email: 'not-an-email' }, MESSAGES.invalidEmail],
    ['email', { email: undefined }, 'The email field is required'],
    ['phone_number', { phone_number: '08-abc' }, MESSAGES.invalidPhone],
    ['phone_number', { phone_number: undefined }, 'The phone number field is required'],
    [
      'password',
      { password: 'Sh0rt', confirm_password: 'Sh0rt' },
      'The password field must be at least 8 characters',
    ],
    [
      'password',
      { password: 'secret123', confirm_password: 'secret123' },
      'The password field must contain at least one number and one uppercase letter',
    ],
    [
      'password',
      { password: 'SecretWord', confirm_password: 'SecretWord' },
      'The password field must contain at least one number and one uppercase letter',
    ],
    ['confirm_password', { confirm_password: 'Secret124' }, MESSAGES.passwordMismatch],
  ])('rejects a bad %s: %j', async (path, overrides, message) => {
    const res = await register(registration(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });
});

describe('POST /api/users/register_confirmation', () => {
  it('activates the admin once; the emailed link then signs in', async () => {
    const body = registration();
    await register(body);
    const token = tokenFromLink(await lastMailLink(ctx, body.email, '/email-verify'));

    const res = await confirm({ token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: MESSAGES.accountActivated });
    const user = await ctx.deps.db
      .selectFrom('users')
      .select(['status', 'email_verified_at'])
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
    expect(user.email_verified_at).not.toBeNull();

    const accessToken = await login(ctx, body.email, body.password);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json()).toMatchObject({
      email: body.email,
      company: 'Toko Sari',
      role: 'admin',
      status: 'active',
    });

    const again = await confirm({ token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.confirmationInvalid);
  });

  it('refuses an unknown token and a token of another purpose', async () => {
    const res = await confirm({ token: 'no-such-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.confirmationInvalid);

    const accountId = await createAccount(ctx);
    const user = await createUser(ctx, accountId);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password/request',
      payload: { email: user.email },
    });
    const resetToken = tokenFromLink(await lastMailLink(ctx, user.email, '/reset-password'));
    const wrong = await confirm({ token: resetToken });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.confirmationInvalid);
  });

  it('refuses a link older than 48 hours', async () => {
    const body = registration();
    await register(body);
    const token = tokenFromLink(await lastMailLink(ctx, body.email, '/email-verify'));
    ctx.clock.advance(48 * 3_600_000 + 1_000);
    const res = await confirm({ token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.confirmationInvalid);
    const user = await ctx.deps.db
      .selectFrom('users')
      .select('status')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('unverified');
  });

  it('requires the token', async () => {
    const res = await confirm({});
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      path: 'token',
      message: 'The token field is required',
    });
  });
});
