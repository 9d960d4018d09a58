import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type User } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';

let ctx: TestContext;
let admin: TestUser;
let agentUser: TestUser;
let ids: Record<string, string>;
let otherAccountUserId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const accountId = await createAccount(ctx, { name: 'List Co' });
  admin = await createUser(ctx, accountId, { role: 'admin', name: 'Ayu Admin' });
  const supervisor = await createUser(ctx, accountId, {
    role: 'supervisor',
    name: 'Sinta Supervisor',
  });
  agentUser = await createUser(ctx, accountId, {
    role: 'agent',
    name: 'Agus Agent',
    email: `agus-${Date.now()}@list.test`,
  });
  const insert = async (
    name: string,
    role: 'agent' | 'admin',
    status: 'invited' | 'deactivated',
    account = accountId,
  ) =>
    (
      await ctx.deps.db
        .insertInto('users')
        .values({
          account_id: account,
          name,
          email: `${name.replace(/\W/g, '').toLowerCase()}-${Date.now()}@list.test`,
          role,
          status,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids = {
    admin: admin.id,
    supervisor: supervisor.id,
    agent: agentUser.id,
    invited: await insert('Indah 100% Invited', 'agent', 'invited'),
    deactivated: await insert('Dedi Deactivated', 'agent', 'deactivated'),
  };
  const otherAccount = await createAccount(ctx, { name: 'Other Co' });
  otherAccountUserId = (await createUser(ctx, otherAccount, { role: 'agent', name: 'Agus Other' }))
    .id;
});
afterAll(() => ctx.close());

const list = async (query: string, headers = admin.auth) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/users/agent${query}`, headers });
  return res;
};
const idsOf = (res: { json(): { data: User[] } }) => res.json().data.map((u) => u._id);

describe('GET /api/users/agent', () => {
  it('lists active and invited users of the caller account, without the caller, sorted by name', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual([ids.agent, ids.invited, ids.supervisor]);
    expect(res.json().meta).toEqual({ total: 3, page: 1, perpage: 100 });
    expect(idsOf(res)).not.toContain(otherAccountUserId);
    expect(res.json().data[0]).toMatchObject({
      name: 'Agus Agent',
      company: 'List Co',
      role: 'agent',
      status: 'active',
    });
  });

  it('includes the caller with includeMe and the deactivated with includeInactive', async () => {
    expect(idsOf(await list('?includeMe=true'))).toEqual([
      ids.agent,
      ids.admin,
      ids.invited,
      ids.supervisor,
    ]);
    expect(idsOf(await list('?includeInactive=true'))).toEqual([
      ids.agent,
      ids.deactivated,
      ids.invited,
      ids.supervisor,
    ]);
  });

  it('filters by a comma list of roles (perpage up to 1000)', async () => {
    expect(idsOf(await list('?role=agent&includeMe=true'))).toEqual([ids.agent, ids.invited]);
    const res = await list('?role=agent,admin,supervisor&includeMe=true&perpage=1000');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual([ids.agent, ids.admin, ids.invited, ids.supervisor]);
    expect(idsOf(await list('?role=admin,supervisor'))).toEqual([ids.supervisor]);
  });

  it('searches name and email, case-insensitively, with % taken literally', async () => {
    expect(idsOf(await list('?search=AGUS'))).toEqual([ids.agent]);
    expect(idsOf(await list('?search=list.test'))).toEqual([ids.agent, ids.invited]);
    expect(idsOf(await list(`?search=${encodeURIComponent('100%')}`))).toEqual([ids.invited]);
    expect(idsOf(await list(`?search=${encodeURIComponent('%')}`))).toEqual([ids.invited]);
  });

  it('pages with meta', async () => {
    const res = await list('?perpage=2&page=2&includeMe=true');
    expect(idsOf(res)).toEqual([ids.invited, ids.supervisor]);
    expect(res.json().meta).toEqual({ total: 4, page: 2, perpage: 2 });
    const beyond = await list('?perpage=2&page=5');
    expect(beyond.json()).toEqual({ data: [], meta: { total: 3, page: 5, perpage: 2 } });
  });

  it('is open to agents (assignment pickers) and scoped to their account', async () => {
    const res = await list('?role=agent,admin,supervisor&includeMe=true', agentUser.auth);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual([ids.agent, ids.admin, ids.invited, ids.supervisor]);
  });

  it.each([
    ['role', '?role=agent,boss', MESSAGES.invalidRole],
    ['perpage', '?perpage=1001', undefined],
    ['page', '?page=0', undefined],
  ])('rejects a bad %s', async (path, query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    const issue = (res.json().issues as { path: string; message: string }[]).find((i) =>
      i.path.startsWith(path),
    );
    expect(issue).toBeDefined();
    if (message) expect(issue?.message).toBe(message);
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/agent' });
    expect(res.statusCode).toBe(401);
  });
});
