import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createDivision, createUser, login, PASSWORD } from '../../test/fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const patchMe = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers, payload });
const changePassword = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/users/me/password', headers, payload });
const accountName = async (id: string) =>
  (
    await ctx.deps.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).name;

describe('GET /api/users/me', () => {
  it('returns the spec user with divisions and company', async () => {
    const accountId = await createAccount(ctx, { name: 'Me Co' });
    const divisionId = await createDivision(ctx, accountId, 'Sales');
    const user = await createUser(ctx, accountId, {
      role: 'agent',
      name: 'Budi Santoso',
      divisionIds: [divisionId],
      divisionOnlyView: true,
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: user.id,
      name: 'Budi Santoso',
      company: 'Me Co',
      email: user.email,
      role: 'agent',
      isTwoFactorAuthenticationEnabled: false,
      divisionOnlyView: true,
      divisions: [{ id: divisionId, name: 'Sales' }],
      allChat: false,
      agentIds: [],
      accountId,
    });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
  });

  it('answers before the TOTP step (for the 2FA page), while other calls are refused', async () => {
    const accountId = await createAccount(ctx);
    const user = await createUser(ctx, accountId);
    await ctx.deps.db
      .updateTable('users')
      .set({ two_factor_enabled: true })
      .where('id', '=', user.id)
      .execute();
    const pending = { authorization: `Bearer ${await login(ctx, user.email, PASSWORD)}` };
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: pending });
    expect(me.statusCode).toBe(200);
    expect(me.json().isTwoFactorAuthenticationEnabled).toBe(true);
    const patch = await patchMe(pending, { user_name: 'Someone Else' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().code).toBe('2FA_REQUIRED');
  });
});

describe('PATCH /api/users/me', () => {
  it('updates name, email, phone and language', async () => {
    const accountId = await createAccount(ctx);
    const user = await createUser(ctx, accountId, { role: 'agent' });
    const email = `renamed-${Date.now()}@example.com`;
    const res = await patchMe(user.auth, {
      user_name: 'Dewi Lestari',
      email: email.toUpperCase(),
      phone: '+6281299998888',
      language: 'id',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Dewi Lestari',
      email,
      phone: '+6281299998888',
      language: 'id',
    });
  });

  it('lets an admin rename the company (the account name)', async () => {
    const accountId = await createAccount(ctx, { name: 'Old Name' });
    const admin = await createUser(ctx, accountId, { role: 'admin' });
    const res = await patchMe(admin.auth, { company: 'New Name' });
    expect(res.statusCode).toBe(200);
    expect(res.json().company).toBe('New Name');
    expect(await accountName(accountId)).toBe('New Name');
  });

  it.each(['agent', 'supervisor'] as const)(
    'refuses a company rename by a %s with 403 and changes nothing',
    async (role) => {
      const accountId = await createAccount(ctx, { name: 'Kept Name' });
      const user = await createUser(ctx, accountId, { role, name: 'Original Name' });
      const res = await patchMe(user.auth, { company: 'Hijacked', user_name: 'Changed Name' });
      expect(res.statusCode).toBe(403);
      expect(await accountName(accountId)).toBe('Kept Name');
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
      expect(me.json().name).toBe('Original Name');
    },
  );

  it('answers 409 for an email another user has, in any account', async () => {
    const accountA = await createAccount(ctx);
    const other = await createUser(ctx, accountA);
    const accountB = await createAccount(ctx);
    const user = await createUser(ctx, accountB);
    const res = await patchMe(user.auth, { email: other.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.emailTaken);
  });

  it('changes only the caller: another account is untouched', async () => {
    const accountA = await createAccount(ctx, { name: 'Tenant A' });
    const adminA = await createUser(ctx, accountA, { name: 'Admin of A' });
    const accountB = await createAccount(ctx, { name: 'Tenant B' });
    const adminB = await createUser(ctx, accountB);
    expect(
      (await patchMe(adminB.auth, { company: 'Tenant B2', user_name: 'Admin of B' })).statusCode,
    ).toBe(200);
    expect(await accountName(accountA)).toBe('Tenant A');
    const meA = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: adminA.auth });
    expect(meA.json()).toMatchObject({ name: 'Admin of A', company: 'Tenant A' });
  });

  it.each([
    ['user_name', { user_name: 'Abc' }, 'The name field must be at least 4 characters'],
    ['user_name', { user_name: '' }, 'The name field is required'],
    ['email', { email: 'bad' }, MESSAGES.invalidEmail],
    ['phone', { phone: '12ab' }, MESSAGES.invalidPhone],
    ['company', { company: '' }, 'The company field is required'],
  ])('validates %s: %j', async (path, payload, message) => {
    const accountId = await createAccount(ctx);
    const user = await createUser(ctx, accountId);
    const res = await patchMe(user.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('needs a token', async () => {
    expect((await patchMe({}, { user_name: 'Nobody Here' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/users/me/password', () => {
  it('changes the password and ends the other sessions, keeping this one', async () => {
    const accountId = await createAccount(ctx);
    const user = await createUser(ctx, accountId, { role: 'agent' });
    const otherSession = { authorization: `Bearer ${await login(ctx, user.email, PASSWORD)}` };
    const res = await changePassword(user.auth, {
      current_password: PASSWORD,
      password: 'Changed123',
      confirm_password: 'Changed123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: MESSAGES.passwordChanged });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: otherSession }))
        .statusCode,
    ).toBe(401);
    expect(await login(ctx, user.email, 'Changed123')).toMatch(/^ey/);
  });

  it('refuses a wrong current password with 400 and keeps the old one', async () => {
    const accountId = await createAccount(ctx);
    const user = await createUser(ctx, accountId);
    const res = await changePassword(user.auth, {
      current_password: 'Wrong1234',
      password: 'Changed123',
      confirm_password: 'Changed123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.currentPasswordWrong);
    expect(await login(ctx, user.email, PASSWORD)).toMatch(/^ey/);
  });

  it.each([
    ['current_password', { current_password: '' }, 'The current password field is required'],
    [
      'password',
      { password: 'Short1', confirm_password: 'Short1' },
      'The new password field must be at least 8 characters',
    ],
    [
      'password',
      { password: 'noupper123', confirm_password: 'noupper123' },
      'The new password field must contain at least one number and one uppercase letter',
    ],
    ['confirm_password', { confirm_password: 'Changed124' }, MESSAGES.passwordMismatch],
  ])('validates %s: %j', async (path, overrides, message) => {
    const accountId = await createAccount(ctx);
    const user = await createUser(ctx, accountId);
    const res = await changePassword(user.auth, {
      current_password: PASSWORD,
      password: 'Changed123',
      confirm_password: 'Changed123',
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('after 10 wrong current passwords answers 429 with the true wait, the right one too', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    const attempt = (current_password: string) =>
      changePassword(user.auth, {
        current_password,
        password: 'Changed123',
        confirm_password: 'Changed123',
      });
    for (let i = 0; i < 10; i++) expect((await attempt('Wrong1234')).statusCode).toBe(400);
    const res = await attempt(PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('900');
    expect(res.json().message).toBe('Too many attempts. Try again in 15 minutes.');
  });

  it('needs a token', async () => {
    const res = await changePassword(
      {},
      { current_password: PASSWORD, password: 'Changed123', confirm_password: 'Changed123' },
    );
    expect(res.statusCode).toBe(401);
  });
});
