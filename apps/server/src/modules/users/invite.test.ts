import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  lastMailLink,
  login,
  tokenFromLink,
  type TestUser,
} from '../../test/fixtures.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let supervisor: TestUser;
let agent: TestUser;
let otherAdmin: TestUser;
let otherAccountId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx, { name: 'Invite Co' });
  admin = await createUser(ctx, accountId, { role: 'admin', name: 'Rina Admin' });
  supervisor = await createUser(ctx, accountId, { role: 'supervisor' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  otherAccountId = await createAccount(ctx, { name: 'Other Co' });
  otherAdmin = await createUser(ctx, otherAccountId, { role: 'admin' });
});
afterAll(() => ctx.close());

let seq = 0;
const newEmail = () => `invitee-${++seq}-${Date.now()}@example.com`;
const invite = (payload: Record<string, unknown>, headers: Record<string, string> = admin.auth) =>
  ctx.app.inject({ method: 'POST', url: '/api/users', headers, payload });
const resend = (id: string, headers: Record<string, string> = admin.auth) =>
  ctx.app.inject({ method: 'POST', url: `/api/users/${id}/resend-invite`, headers });
const check = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/users/reset-password/check?token=${token}&type=invite`,
  });
const accept = (token: string, password = 'Welcome123') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users/reset-password/submit',
    payload: { token, password, confirm_password: password },
  });

describe('POST /api/users (invite)', () => {
  it('invites a supervisor with divisions and agents; the link sets a password and signs in', async () => {
    const divisionId = await createDivision(ctx, accountId, 'Support');
    const email = newEmail();
    const res = await invite({
      name: 'Putri Supervisor',
      email,
      role: 'supervisor',
      phone: '6281211112222',
      divisions: [divisionId],
      divisionOnlyView: true,
      allChat: true,
      agentIds: [agent.id],
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      name: 'Putri Supervisor',
      email,
      role: 'supervisor',
      status: 'invited',
      company: 'Invite Co',
      phone: '6281211112222',
      divisions: [{ id: divisionId, name: 'Support' }],
      divisionOnlyView: true,
      allChat: true,
      agentIds: [agent.id],
    });

    const link = await lastMailLink(ctx, email, '/reset-password');
    expect(link).toMatch(/^http:\/\/sapa\.test\/reset-password\?token=[\w-]+&type=invite$/);
    const mail = await ctx.deps.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Rina Admin invited you to Invite Co on Sapa');
    expect(mail.text).toContain('as Supervisor');

    // No password yet: sign-in fails until the invitation is accepted.
    const early = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Welcome123' },
    });
    expect(early.statusCode).toBe(401);

    const token = tokenFromLink(link);
    const checked = await check(token);
    expect(checked.json()).toEqual({ ok: true, email, purpose: 'invite', company: 'Invite Co' });
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ ok: true, message: MESSAGES.accountActivated });

    const accessToken = await login(ctx, email, 'Welcome123');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json()).toMatchObject({ _id: user._id, status: 'active', role: 'supervisor' });

    const reused = await accept(token, 'Another123');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(MESSAGES.inviteLinkInvalid);
  });

  it('answers 409 for an email that exists in any account', async () => {
    const res = await invite({
      name: 'Taken Person',
      email: otherAdmin.email.toUpperCase(),
      role: 'agent',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.emailTaken);
  });

  it('refuses divisions and agents of another account with 400, creating nobody', async () => {
    const foreignDivision = await createDivision(ctx, otherAccountId);
    const email = newEmail();
    const byDivision = await invite({
      name: 'Cross Tenant',
      email,
      role: 'agent',
      divisions: [foreignDivision],
    });
    expect(byDivision.statusCode).toBe(400);
    expect(byDivision.json().message).toBe(MESSAGES.divisionNotInAccount);
    const byAgent = await invite({
      name: 'Cross Tenant',
      email,
      role: 'supervisor',
      agentIds: [otherAdmin.id],
    });
    expect(byAgent.statusCode).toBe(400);
    expect(byAgent.json().message).toBe(MESSAGES.agentNotInAccount);
    const created = await ctx.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(created).toHaveLength(0);
  });

  it('expires the invitation after 7 days', async () => {
    const email = newEmail();
    await invite({ name: 'Late Invitee', email, role: 'agent' });
    const token = tokenFromLink(await lastMailLink(ctx, email, '/reset-password'));
    const start = ctx.clock.now();
    try {
      ctx.clock.advance(7 * 86_400_000 - 1_000);
      expect((await check(token)).statusCode).toBe(200);
      ctx.clock.advance(2_000);
      const checked = await check(token);
      expect(checked.statusCode).toBe(400);
      expect(checked.json().message).toBe(MESSAGES.inviteLinkInvalid);
      const accepted = await accept(token);
      expect(accepted.statusCode).toBe(400);
      expect(accepted.json().message).toBe(MESSAGES.inviteLinkInvalid);
    } finally {
      // The shared admins' access tokens (15 min) must stay valid for the tests after this one.
      ctx.clock.set(start);
    }
  });

  it.each([
    ['name', { name: 'Abc' }, 'The name field must be at least 4 characters'],
    ['name', { name: undefined }, 'The name field is required'],
    ['email', { email: 'nope' }, MESSAGES.invalidEmail],
    ['phone', { phone: 'x123' }, MESSAGES.invalidPhone],
    ['divisions.0', { divisions: ['not-a-uuid'] }, 'Invalid id'],
    ['agentIds.0', { agentIds: ['not-a-uuid'] }, 'Invalid id'],
  ])('validates %s: %j', async (path, overrides, message) => {
    const res = await invite({
      name: 'Valid Name',
      email: newEmail(),
      role: 'agent',
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('rejects an unknown role', async () => {
    const res = await invite({ name: 'Valid Name', email: newEmail(), role: 'owner' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain('role');
  });

  it('is for admins only', async () => {
    const payload = { name: 'Valid Name', email: newEmail(), role: 'agent' };
    expect((await invite(payload, {})).statusCode).toBe(401);
    expect((await invite(payload, supervisor.auth)).statusCode).toBe(403);
    expect((await invite(payload, agent.auth)).statusCode).toBe(403);
  });
});

describe('POST /api/users/:id/resend-invite', () => {
  it('sends a new link and retires the old one', async () => {
    const email = newEmail();
    const created = (await invite({ name: 'Resend Invitee', email, role: 'agent' })).json();
    const first = tokenFromLink(await lastMailLink(ctx, email, '/reset-password'));
    const res = await resend(created._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const second = tokenFromLink(await lastMailLink(ctx, email, '/reset-password'));
    expect(second).not.toBe(first);
    expect((await check(first)).statusCode).toBe(400);
    expect((await accept(second)).statusCode).toBe(200);
  });

  it('refuses users who are not invited', async () => {
    const res = await resend(agent.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.inviteOnlyInvited);
  });

  it('answers 404 for a user of another account and 400 for a malformed id', async () => {
    const email = newEmail();
    const created = (await invite({ name: 'Private Invitee', email, role: 'agent' })).json();
    const res = await resend(created._id, otherAdmin.auth);
    expect(res.statusCode).toBe(404);
    expect(
      await ctx.deps.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', email)
        .execute(),
    ).toHaveLength(1);
    expect((await resend('123')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await resend(agent.id, {})).statusCode).toBe(401);
    expect((await resend(agent.id, supervisor.auth)).statusCode).toBe(403);
  });
});
