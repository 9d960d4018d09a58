import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createDivision,
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

type Headers = Record<string, string>;
const patchUser = (id: string, payload: Record<string, unknown>, headers: Headers) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers, payload });
const action = (id: string, name: 'deactivate' | 'reactivate', headers: Headers) =>
  ctx.app.inject({ method: 'POST', url: `/api/users/${id}/${name}`, headers });
const me = (headers: Headers) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers });
const tryLogin = (email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });

let validationTeam: Awaited<ReturnType<typeof team>> | undefined;

async function team() {
  const accountId = await createAccount(ctx, { name: 'Team Co' });
  const admin = await createUser(ctx, accountId, { role: 'admin' });
  const supervisor = await createUser(ctx, accountId, { role: 'supervisor' });
  const agent = await createUser(ctx, accountId, { role: 'agent' });
  return { accountId, admin, supervisor, agent };
}

describe('PATCH /api/users/:id', () => {
  it('edits a user; a new role applies to their existing token at once', async () => {
    const { accountId, admin, agent, supervisor } = await team();
    const divisionId = await createDivision(ctx, accountId, 'Billing');
    expect((await action(supervisor.id, 'reactivate', agent.auth)).statusCode).toBe(403);

    const res = await patchUser(
      agent.id,
      {
        name: 'Rudi Promoted',
        role: 'admin',
        phone: null,
        divisions: [divisionId],
        divisionOnlyView: true,
        allChat: true,
        agentIds: [supervisor.id],
      },
      admin.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: agent.id,
      name: 'Rudi Promoted',
      role: 'admin',
      phone: null,
      divisions: [{ id: divisionId, name: 'Billing' }],
      divisionOnlyView: true,
      allChat: true,
      agentIds: [supervisor.id],
    });
    expect((await action(supervisor.id, 'reactivate', agent.auth)).statusCode).toBe(200);

    // Only the fields sent change; empty lists clear memberships.
    const partial = await patchUser(agent.id, { divisions: [], agentIds: [] }, admin.auth);
    expect(partial.json()).toMatchObject({
      name: 'Rudi Promoted',
      role: 'admin',
      divisions: [],
      agentIds: [],
      allChat: true,
    });
  });

  it('keeps at least one active admin', async () => {
    const { accountId, admin } = await team();
    const demoteSelf = await patchUser(admin.id, { role: 'agent' }, admin.auth);
    expect(demoteSelf.statusCode).toBe(400);
    expect(demoteSelf.json().message).toBe(MESSAGES.lastAdmin);

    const second = await createUser(ctx, accountId, { role: 'admin' });
    expect((await patchUser(admin.id, { role: 'supervisor' }, second.auth)).statusCode).toBe(200);
    const last = await patchUser(second.id, { role: 'agent' }, second.auth);
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe(MESSAGES.lastAdmin);
    // Renaming the last admin is fine.
    expect(
      (await patchUser(second.id, { name: 'Still Admin', role: 'admin' }, second.auth)).statusCode,
    ).toBe(200);
  });

  it('refuses divisions and agents of another account', async () => {
    const { admin, agent } = await team();
    const otherAccount = await createAccount(ctx);
    const foreignDivision = await createDivision(ctx, otherAccount);
    const byDivision = await patchUser(agent.id, { divisions: [foreignDivision] }, admin.auth);
    expect(byDivision.statusCode).toBe(400);
    expect(byDivision.json().message).toBe(MESSAGES.divisionNotInAccount);
    const foreignUser = await createUser(ctx, otherAccount, { role: 'agent' });
    const byAgent = await patchUser(agent.id, { agentIds: [foreignUser.id] }, admin.auth);
    expect(byAgent.statusCode).toBe(400);
    expect(byAgent.json().message).toBe(MESSAGES.agentNotInAccount);
  });

  it.each([
    ['name', { name: 'Abc' }, 'The name field must be at least 4 characters'],
    ['phone', { phone: 'abc' }, MESSAGES.invalidPhone],
    ['divisions.0', { divisions: ['x'] }, 'Invalid id'],
    ['id', null, 'Invalid id'],
  ])('validates %s', async (path, payload, message) => {
    validationTeam ??= await team();
    const { admin, agent } = validationTeam;
    const res = await patchUser(
      payload ? agent.id : 'not-a-uuid',
      payload ?? { name: 'Good Name' },
      admin.auth,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });
});

describe('POST /api/users/:id/deactivate and /reactivate', () => {
  it("stops the user's existing token at once and blocks sign-in until reactivated", async () => {
    const { admin, agent } = await team();
    expect((await me(agent.auth)).statusCode).toBe(200);

    const res = await action(agent.id, 'deactivate', admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: agent.id, status: 'deactivated' });
    expect((await me(agent.auth)).statusCode).toBe(401);
    expect((await tryLogin(agent.email)).statusCode).toBe(401);
    const sessions = await ctx.deps.db
      .selectFrom('auth_sessions')
      .select('revoked_at')
      .where('user_id', '=', agent.id)
      .execute();
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);

    // Deactivating again changes nothing.
    expect((await action(agent.id, 'deactivate', admin.auth)).json().status).toBe('deactivated');

    const back = await action(agent.id, 'reactivate', admin.auth);
    expect(back.statusCode).toBe(200);
    expect(back.json().status).toBe('active');
    // The old sessions stay ended; a fresh sign-in works.
    expect((await me(agent.auth)).statusCode).toBe(401);
    expect(await login(ctx, agent.email, PASSWORD)).toMatch(/^ey/);
  });

  it('does not deactivate the last active admin', async () => {
    const { admin } = await team();
    const res = await action(admin.id, 'deactivate', admin.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.lastAdmin);
    expect((await me(admin.auth)).statusCode).toBe(200);
  });

  it("retires a deactivated invitee's link; reactivation makes them invited again", async () => {
    const { admin } = await team();
    const email = `invitee-${Date.now()}@example.com`;
    const invited = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin.auth,
        payload: { name: 'Paused Invitee', email, role: 'agent' },
      })
    ).json();
    const token = tokenFromLink(await lastMailLink(ctx, email, '/reset-password'));
    expect((await action(invited._id, 'deactivate', admin.auth)).json().status).toBe('deactivated');
    const check = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/reset-password/check?token=${token}`,
    });
    expect(check.statusCode).toBe(400);
    expect(check.json().message).toBe(MESSAGES.inviteLinkInvalid);
    expect((await action(invited._id, 'reactivate', admin.auth)).json().status).toBe('invited');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/users/${invited._id}/resend-invite`,
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers 404 for users of another account and changes nothing', async () => {
    const a = await team();
    const b = await team();
    expect((await action(a.agent.id, 'deactivate', b.admin.auth)).statusCode).toBe(404);
    expect((await action(a.agent.id, 'reactivate', b.admin.auth)).statusCode).toBe(404);
    const patch = await patchUser(a.agent.id, { name: 'Taken Over' }, b.admin.auth);
    expect(patch.statusCode).toBe(404);
    expect(patch.json().message).toBe(MESSAGES.userNotFound);
    const meA = await me(a.agent.auth);
    expect(meA.statusCode).toBe(200);
    expect(meA.json().name).not.toBe('Taken Over');
  });

  it('is for admins only', async () => {
    const { agent, supervisor } = await team();
    for (const name of ['deactivate', 'reactivate'] as const) {
      expect((await action(agent.id, name, {})).statusCode).toBe(401);
      expect((await action(agent.id, name, supervisor.auth)).statusCode).toBe(403);
      expect((await action(supervisor.id, name, agent.auth)).statusCode).toBe(403);
    }
    expect((await patchUser(agent.id, { name: 'Nope Nope' }, {})).statusCode).toBe(401);
    expect((await patchUser(agent.id, { name: 'Nope Nope' }, supervisor.auth)).statusCode).toBe(
      403,
    );
    expect((await patchUser(supervisor.id, { name: 'Nope Nope' }, agent.auth)).statusCode).toBe(
      403,
    );
  });
});
