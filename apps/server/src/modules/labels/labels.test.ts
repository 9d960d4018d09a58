import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createRoles,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat } from '../../test/fixtures-inbox.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let supervisor: TestUser;
let agent: TestUser;
let stranger: TestUser;
let channelId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  ({ admin, supervisor, agent, stranger } = await createRoles(ctx, accountId));
  channelId = (await createWhatsappChannel(ctx, accountId)).id;
});
afterAll(() => ctx.close());

const call = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

async function newLabel(label: string, color = '#228be6', user = admin): Promise<string> {
  const res = await call(user, 'POST', '/api/labels', { label, color });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

describe('labels', () => {
  it('creates, lists with chat counts, renames, recolours and deletes', async () => {
    const vip = await newLabel('VIP', '#fa5252');
    const lead = await newLabel('Lead');
    await createChat(ctx, accountId, { channelId, labels: [vip] });
    await createChat(ctx, accountId, { channelId, labels: [vip, lead] });
    // A blocked contact leaves every list, and the counts.
    await createChat(ctx, accountId, { channelId, labels: [vip], blocked: true });

    const plain = await call(agent, 'GET', '/api/labels?perpage=999');
    expect(plain.statusCode).toBe(200);
    // The inbox's lookups skip the counting pass.
    expect((plain.json() as { data: { chatCount: number | null }[] }).data[0]?.chatCount).toBe(
      null,
    );

    const list = await call(agent, 'GET', '/api/labels?perpage=999&withCounts=true');
    expect(list.statusCode).toBe(200);
    const body = list.json() as {
      data: { _id: string; label: string; chatCount: number }[];
      total: number;
    };
    const byId = new Map(body.data.map((l) => [l._id, l]));
    expect(byId.get(vip)).toMatchObject({ label: 'VIP', color: '#fa5252', chatCount: 2 });
    expect(byId.get(lead)).toMatchObject({ label: 'Lead', chatCount: 1 });
    expect(body.total).toBe(body.data.length);

    const patched = await call(supervisor, 'PATCH', `/api/labels/${lead}`, {
      label: 'Hot lead',
      color: '#40c057',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ _id: lead, label: 'Hot lead', color: '#40c057' });

    expect((await call(admin, 'DELETE', `/api/labels/${lead}`)).json()).toEqual({ ok: true });
    const after = (await call(admin, 'GET', '/api/labels')).json() as { data: { _id: string }[] };
    expect(after.data.map((l) => l._id)).not.toContain(lead);
  });

  it('deleting a label takes it off every chat and contact in the same transaction', async () => {
    const gone = await newLabel('Gone soon');
    const keep = await newLabel('Keeper');
    const a = await createChat(ctx, accountId, { channelId, labels: [gone, keep] });
    const b = await createChat(ctx, accountId, { channelId, labels: [gone] });
    const contact = await ctx.deps.db
      .insertInto('contacts')
      .values({ account_id: accountId, name: 'Labelled', labels: [gone, keep] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await call(admin, 'DELETE', `/api/labels/${gone}`);
    const contactAfter = await ctx.deps.db
      .selectFrom('contacts')
      .select('labels')
      .where('id', '=', contact.id)
      .executeTakeFirstOrThrow();
    expect(contactAfter.labels).toEqual([keep]);
    const rows = await ctx.deps.db
      .selectFrom('chats')
      .select(['id', 'labels'])
      .where('id', 'in', [a, b])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.labels]))).toEqual({ [a]: [keep], [b]: [] });
  });

  it('searches by name and pages with perpage while total counts every match', async () => {
    await newLabel('Search Alpha');
    await newLabel('search beta');
    await newLabel('Other');
    const res = await call(admin, 'GET', '/api/labels?perpage=1&searchText=SEARCH');
    const body = res.json() as { data: { label: string }[]; total: number };
    expect(body.total).toBe(2);
    expect(body.data.map((l) => l.label)).toEqual(['Search Alpha']);
  });

  it('refuses a second label with the same name, whatever its case', async () => {
    await newLabel('Complaint');
    const dup = await call(admin, 'POST', '/api/labels', { label: 'complaint', color: '#000000' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      message: MESSAGES.labelNameTaken,
      code: 'LABEL_NAME_TAKEN',
    });
    const other = await newLabel('Question');
    const rename = await call(admin, 'PATCH', `/api/labels/${other}`, { label: 'COMPLAINT' });
    expect(rename.statusCode).toBe(409);
    // Another account may use the same name.
    expect(
      (await call(stranger, 'POST', '/api/labels', { label: 'Complaint', color: '#000000' }))
        .statusCode,
    ).toBe(201);
  });

  it('validates name and colour', async () => {
    const empty = await call(admin, 'POST', '/api/labels', { label: '  ', color: '#228be6' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The label field is required');
    const long = await call(admin, 'POST', '/api/labels', {
      label: 'x'.repeat(61),
      color: '#228be6',
    });
    expect(long.json().message).toBe('The label field may not be more than 60 characters');
    const color = await call(admin, 'POST', '/api/labels', { label: 'Colour', color: 'red' });
    expect(color.statusCode).toBe(400);
    expect(color.json().issues[0].path).toBe('color');
    const badId = await call(admin, 'PATCH', '/api/labels/not-a-uuid', { label: 'x' });
    expect(badId.statusCode).toBe(400);
  });

  it('lets every role read but only admins and supervisors change labels', async () => {
    expect((await call(agent, 'GET', '/api/labels')).statusCode).toBe(200);
    const refused = await call(agent, 'POST', '/api/labels', { label: 'Agent', color: '#228be6' });
    expect(refused.statusCode).toBe(403);
    const id = await newLabel('Supervised', '#228be6', supervisor);
    expect((await call(agent, 'PATCH', `/api/labels/${id}`, { label: 'y' })).statusCode).toBe(403);
    expect((await call(agent, 'DELETE', `/api/labels/${id}`)).statusCode).toBe(403);
    expect((await call(supervisor, 'DELETE', `/api/labels/${id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another account's label and never lists it", async () => {
    const mine = await newLabel('Private label');
    const patch = await call(stranger, 'PATCH', `/api/labels/${mine}`, { label: 'stolen' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().message).toBe(MESSAGES.labelNotFound);
    expect((await call(stranger, 'DELETE', `/api/labels/${mine}`)).statusCode).toBe(404);
    const theirs = (await call(stranger, 'GET', '/api/labels')).json() as {
      data: { _id: string }[];
    };
    expect(theirs.data.map((l) => l._id)).not.toContain(mine);
    const still = await ctx.deps.db
      .selectFrom('labels')
      .select('name')
      .where('id', '=', mine)
      .executeTakeFirstOrThrow();
    expect(still.name).toBe('Private label');
  });
});
