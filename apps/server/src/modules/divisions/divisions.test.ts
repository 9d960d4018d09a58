import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Division } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createDivision, createRoles, type TestUser } from '../../test/fixtures.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let supervisor: TestUser;
let agent: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  ({ admin, supervisor, agent, stranger: otherAdmin } = await createRoles(ctx, accountId));
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const list = (headers: Headers) => ctx.app.inject({ method: 'GET', url: '/api/division', headers });
const create = (payload: Record<string, unknown>, headers: Headers = admin.auth) =>
  ctx.app.inject({ method: 'POST', url: '/api/division', headers, payload });
const update = (id: string, payload: Record<string, unknown>, headers: Headers = admin.auth) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/division/${id}`, headers, payload });
const remove = (id: string, headers: Headers = admin.auth) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/division/${id}`, headers });
const named = (res: { json(): { data: Division[] } }, name: string) =>
  res.json().data.find((d) => d.name === name);

describe('/api/division', () => {
  it('creates, lists with member counts, renames and deletes', async () => {
    const created = await create({ name: 'Sales', description: 'Sells things' });
    expect(created.statusCode).toBe(201);
    const division = created.json();
    expect(division).toMatchObject({ name: 'Sales', description: 'Sells things', memberCount: 0 });

    await ctx.deps.db
      .insertInto('user_divisions')
      .values([
        { account_id: accountId, user_id: agent.id, division_id: division._id },
        { account_id: accountId, user_id: supervisor.id, division_id: division._id },
      ])
      .execute();
    const listed = await list(agent.auth);
    expect(listed.statusCode).toBe(200);
    expect(named(listed, 'Sales')).toEqual({ ...division, memberCount: 2 });

    const renamed = await update(division._id, { name: 'Sales Team' });
    expect(renamed.statusCode).toBe(200);
    // Only the fields sent change.
    expect(renamed.json()).toMatchObject({
      _id: division._id,
      name: 'Sales Team',
      description: 'Sells things',
      memberCount: 2,
    });

    const deleted = await remove(division._id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(named(await list(admin.auth), 'Sales Team')).toBeUndefined();
    const memberships = await ctx.deps.db
      .selectFrom('user_divisions')
      .select('user_id')
      .where('division_id', '=', division._id)
      .execute();
    expect(memberships).toHaveLength(0);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: agent.auth });
    expect(me.json().divisions).toEqual([]);
  });

  it('refuses a duplicate name in the account, whatever the case; other accounts may reuse it', async () => {
    expect((await create({ name: 'Support' })).statusCode).toBe(201);
    const dup = await create({ name: 'SUPPORT' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MESSAGES.divisionNameTaken);
    const other = (await create({ name: 'Other' })).json();
    const renameDup = await update(other._id, { name: 'support' });
    expect(renameDup.statusCode).toBe(409);
    expect(renameDup.json().message).toBe(MESSAGES.divisionNameTaken);
    expect((await create({ name: 'Support' }, otherAdmin.auth)).statusCode).toBe(201);
  });

  it('keeps accounts apart: no listing, editing or deleting across them', async () => {
    const mine = await createDivision(ctx, accountId, 'Private Division');
    const theirs = await list(otherAdmin.auth);
    expect(named(theirs, 'Private Division')).toBeUndefined();
    expect((await update(mine, { name: 'Stolen' }, otherAdmin.auth)).statusCode).toBe(404);
    const del = await remove(mine, otherAdmin.auth);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe(MESSAGES.divisionNotFound);
    expect(named(await list(admin.auth), 'Private Division')).toBeDefined();
  });

  it.each([
    ['name', { name: '' }, 'The name field is required'],
    ['name', { description: 'no name' }, 'The name field is required'],
    ['name', { name: 'x'.repeat(61) }, 'The name field may not be more than 60 characters'],
    [
      'description',
      { name: 'Long', description: 'x'.repeat(513) },
      'The description field may not be more than 512 characters',
    ],
  ])('validates %s on create: %j', async (path, payload, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('validates update and delete input', async () => {
    const id = await createDivision(ctx, accountId);
    const res = await update(id, { name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      path: 'name',
      message: 'The name field is required',
    });
    expect((await remove('nope')).json().issues).toContainEqual({
      path: 'id',
      message: 'Invalid id',
    });
    expect((await remove('2f0b6c1e-9f3a-4c1e-8a55-5d1f3a8e0c11')).statusCode).toBe(404);
  });

  it('needs a token and, to change anything, the admin role', async () => {
    const id = await createDivision(ctx, accountId);
    expect((await list({})).statusCode).toBe(401);
    expect((await create({ name: 'X Division' }, {})).statusCode).toBe(401);
    expect((await list(supervisor.auth)).statusCode).toBe(200);
    for (const who of [supervisor, agent]) {
      expect((await create({ name: 'Not Allowed' }, who.auth)).statusCode).toBe(403);
      expect((await update(id, { name: 'Not Allowed' }, who.auth)).statusCode).toBe(403);
      expect((await remove(id, who.auth)).statusCode).toBe(403);
    }
    expect((await update(id, { name: 'Anon' }, {})).statusCode).toBe(401);
    expect((await remove(id, {})).statusCode).toBe(401);
  });
});
