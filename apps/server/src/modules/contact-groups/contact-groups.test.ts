import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { MODULES } from '../registry.js';
import { createPeer, createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createRoles, type TestUser } from '../../test/fixtures.js';
import { call, createContacts, newGroup, type GroupBody } from './test-helpers.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let supervisor: TestUser;
let agent: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  ({ admin, supervisor, agent, stranger } = await createRoles(ctx, accountId));
});
afterAll(() => ctx.close());

const list = async (user: TestUser, qs = '') => {
  const res = await call(ctx, user, 'GET', `/api/contacts/groups${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: GroupBody[] }).data;
};

describe('contact groups', () => {
  it('creates, lists with member counts, edits and deletes without touching contacts', async () => {
    const vip = await newGroup(ctx, admin, { name: 'VIP', description: 'Best customers' });
    expect(vip).toMatchObject({ name: 'VIP', description: 'Best customers', channel: null });
    expect(vip.memberCount).toBe(0);
    const [a, b] = await createContacts(ctx, accountId, 2);
    const added = await call(ctx, admin, 'POST', `/api/contacts/groups/${vip._id}/members`, {
      contactIds: [a, b],
    });
    expect(added.json()).toEqual({ changed: 2, memberCount: 2 });

    const found = (await list(agent)).find((g) => g._id === vip._id);
    expect(found).toMatchObject({ name: 'VIP', memberCount: 2 });

    const patched = await call(ctx, supervisor, 'PATCH', `/api/contacts/groups/${vip._id}`, {
      name: 'VIP customers',
      channel: 'whatsapp',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'VIP customers',
      description: 'Best customers',
      channel: 'whatsapp',
      memberCount: 2,
    });
    const cleared = await call(ctx, admin, 'PATCH', `/api/contacts/groups/${vip._id}`, {
      channel: null,
    });
    expect(cleared.json()).toMatchObject({ channel: null });

    const removed = await call(ctx, admin, 'DELETE', `/api/contacts/groups/${vip._id}`);
    expect(removed.json()).toEqual({ ok: true });
    expect((await list(admin)).map((g) => g._id)).not.toContain(vip._id);
    const members = await ctx.deps.db
      .selectFrom('contact_group_members')
      .select('contact_id')
      .where('group_id', '=', vip._id)
      .execute();
    expect(members).toEqual([]);
    const contacts = await ctx.deps.db
      .selectFrom('contacts')
      .select('id')
      .where('id', 'in', [a!, b!])
      .execute();
    expect(contacts).toHaveLength(2);
  });

  it('filters by the groups csv, the channel (any-channel groups serve all) and name', async () => {
    const wa = await newGroup(ctx, admin, { name: 'Filter WA', channel: 'whatsapp' });
    const ig = await newGroup(ctx, admin, { name: 'Filter IG', channel: 'instagram' });
    const any = await newGroup(ctx, admin, { name: 'Filter any' });

    const csv = await list(admin, `?groups=${wa._id},%20${ig._id},`);
    expect(csv.map((g) => g._id).sort()).toEqual([wa._id, ig._id].sort());

    const byChannel = (await list(admin, '?channel=instagram&searchText=filter')).map((g) => g._id);
    expect(byChannel.sort()).toEqual([ig._id, any._id].sort());

    const both = await list(admin, `?groups=${wa._id},${ig._id}&channel=whatsapp`);
    expect(both.map((g) => g._id)).toEqual([wa._id]);

    const search = await list(admin, '?searchText=FILTER%20A');
    expect(search.map((g) => g.name)).toEqual(['Filter any']);

    const bad = await call(ctx, admin, 'GET', '/api/contacts/groups?groups=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('groups');
    const channel = await call(ctx, admin, 'GET', '/api/contacts/groups?channel=fax');
    expect(channel.statusCode).toBe(400);
  });

  it('refuses a second group with the same name, whatever its case', async () => {
    await newGroup(ctx, admin, { name: 'Resellers' });
    const dup = await call(ctx, admin, 'POST', '/api/contacts/groups', { name: 'RESELLERS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      message: MESSAGES.contactGroupNameTaken,
      code: 'CONTACT_GROUP_NAME_TAKEN',
    });
    const other = await newGroup(ctx, admin, { name: 'Distributors' });
    const rename = await call(ctx, admin, 'PATCH', `/api/contacts/groups/${other._id}`, {
      name: 'resellers',
    });
    expect(rename.statusCode).toBe(409);
    // Another account may use the same name.
    expect((await newGroup(ctx, stranger, { name: 'Resellers' })).name).toBe('Resellers');
  });

  it('validates name, description, channel and ids', async () => {
    const empty = await call(ctx, admin, 'POST', '/api/contacts/groups', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The name field is required');
    const long = await call(ctx, admin, 'POST', '/api/contacts/groups', { name: 'x'.repeat(61) });
    expect(long.json().message).toBe('The name field may not be more than 60 characters');
    const desc = await call(ctx, admin, 'POST', '/api/contacts/groups', {
      name: 'Long description',
      description: 'x'.repeat(513),
    });
    expect(desc.json().message).toBe('The description field may not be more than 512 characters');
    const channel = await call(ctx, admin, 'POST', '/api/contacts/groups', {
      name: 'Fax',
      channel: 'fax',
    });
    expect(channel.statusCode).toBe(400);
    expect(channel.json().issues[0].path).toBe('channel');
    const badId = await call(ctx, admin, 'PATCH', '/api/contacts/groups/not-a-uuid', { name: 'x' });
    expect(badId.statusCode).toBe(400);
  });

  it('lets every role read but only admins and supervisors change groups', async () => {
    const g = await newGroup(ctx, supervisor, { name: 'Supervised' });
    const [c] = await createContacts(ctx, accountId, 1);
    expect((await call(ctx, agent, 'GET', '/api/contacts/groups')).statusCode).toBe(200);
    expect(
      (await call(ctx, agent, 'GET', `/api/contacts/groups/${g._id}/members`)).statusCode,
    ).toBe(200);
    const refusals = await Promise.all([
      call(ctx, agent, 'POST', '/api/contacts/groups', { name: 'Agent group' }),
      call(ctx, agent, 'PATCH', `/api/contacts/groups/${g._id}`, { name: 'y' }),
      call(ctx, agent, 'DELETE', `/api/contacts/groups/${g._id}`),
      call(ctx, agent, 'POST', `/api/contacts/groups/${g._id}/members`, { contactIds: [c] }),
      call(ctx, agent, 'DELETE', `/api/contacts/groups/${g._id}/members`, { contactIds: [c] }),
    ]);
    expect(refusals.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(
      (await call(ctx, supervisor, 'DELETE', `/api/contacts/groups/${g._id}`)).statusCode,
    ).toBe(200);
  });

  it("answers 404 for another account's group and never lists it", async () => {
    const mine = await newGroup(ctx, admin, { name: 'Private group' });
    const [c] = await createContacts(ctx, accountId, 1);
    await call(ctx, admin, 'POST', `/api/contacts/groups/${mine._id}/members`, { contactIds: [c] });
    const attempts = await Promise.all([
      call(ctx, stranger, 'PATCH', `/api/contacts/groups/${mine._id}`, { name: 'stolen' }),
      call(ctx, stranger, 'DELETE', `/api/contacts/groups/${mine._id}`),
      call(ctx, stranger, 'GET', `/api/contacts/groups/${mine._id}/members`),
      call(ctx, stranger, 'DELETE', `/api/contacts/groups/${mine._id}/members`, {
        contactIds: [c],
      }),
    ]);
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect(attempts[0]!.json().message).toBe(MESSAGES.contactGroupNotFound);
    expect((await list(stranger, `?groups=${mine._id}`)).map((g) => g._id)).toEqual([]);
    expect((await list(admin, `?groups=${mine._id}`))[0]).toMatchObject({
      name: 'Private group',
      memberCount: 1,
    });
  });

  it('is not captured by a /api/contacts/:id route, whichever is registered first', async () => {
    // The contacts module owns /api/contacts/:id; when it is absent, stand one in ahead of the
    // groups module to prove the static segment still wins.
    const hasContacts = ctx.app.hasRoute({ method: 'GET', url: '/api/contacts/:id' });
    const standIn = (app: TestContext['app']) =>
      app.get('/api/contacts/:id', { config: { action: 'contactGroups.read' } }, async () => ({
        captured: true,
      }));
    if (!hasContacts) MODULES.unshift(standIn);
    const peer = await createPeer(ctx);
    if (!hasContacts) MODULES.splice(MODULES.indexOf(standIn), 1);
    try {
      const g = await newGroup(ctx, admin, { name: 'Routing check' });
      const res = await peer.app.inject({
        method: 'GET',
        url: `/api/contacts/groups?groups=${g._id}`,
        headers: admin.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: [{ _id: g._id, name: 'Routing check' }] });
      if (!hasContacts) {
        const other = await peer.app.inject({
          method: 'GET',
          url: '/api/contacts/abc',
          headers: admin.auth,
        });
        expect(other.json()).toEqual({ captured: true });
      }
    } finally {
      await peer.close();
    }
  });
});
