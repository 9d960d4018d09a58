import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Contact } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { call, createContacts, newGroup } from './test-helpers.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let stranger: TestUser;
let strangerAccount: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  strangerAccount = await createAccount(ctx);
  stranger = await createUser(ctx, strangerAccount, { role: 'admin' });
});
afterAll(() => ctx.close());

const members = (groupId: string) => `/api/contacts/groups/${groupId}/members`;

interface Page {
  data: Contact[];
  nextKey: string | null;
  total: number;
}

describe('contact group members', () => {
  it('adds ten thousand contacts in one request, idempotently, and counts them', async () => {
    const g = await newGroup(ctx, admin, { name: 'Everyone' });
    const ids = await createContacts(ctx, accountId, 10_000);
    const first = await call(ctx, admin, 'POST', members(g._id), { contactIds: ids });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ changed: 10_000, memberCount: 10_000 });

    // Again, with duplicates in the body: nothing changes.
    const again = await call(ctx, admin, 'POST', members(g._id), {
      contactIds: [...ids.slice(0, 5), ids[0]],
    });
    expect(again.json()).toEqual({ changed: 0, memberCount: 10_000 });

    const listed = await call(ctx, admin, 'GET', `/api/contacts/groups?groups=${g._id}`);
    expect(listed.json().data[0].memberCount).toBe(10_000);

    const tooMany = await call(ctx, admin, 'POST', members(g._id), {
      contactIds: [...ids, ids[0]],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues[0].path).toBe('contactIds');

    const removed = await call(ctx, admin, 'DELETE', members(g._id), {
      contactIds: ids.slice(0, 9_000),
    });
    expect(removed.json()).toEqual({ changed: 9_000, memberCount: 1_000 });
  });

  it("refuses another account's or unknown contacts and adds none of the batch", async () => {
    const g = await newGroup(ctx, admin, { name: 'Strict' });
    const [mine] = await createContacts(ctx, accountId, 1);
    const [theirs] = await createContacts(ctx, strangerAccount, 1);
    const res = await call(ctx, admin, 'POST', members(g._id), { contactIds: [mine, theirs] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: MESSAGES.contactNotFound,
      code: 'CONTACT_NOT_FOUND',
    });
    const unknown = await call(ctx, admin, 'POST', members(g._id), {
      contactIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    const page = (await call(ctx, admin, 'GET', members(g._id))).json() as Page;
    expect(page.total).toBe(0);

    // Another account cannot add its contacts to my group, nor mine to its own.
    const foreign = await call(ctx, stranger, 'POST', members(g._id), { contactIds: [theirs] });
    expect(foreign.statusCode).toBe(404);
    const theirGroup = await newGroup(ctx, stranger, { name: 'Theirs' });
    const steal = await call(ctx, stranger, 'POST', members(theirGroup._id), {
      contactIds: [mine],
    });
    expect(steal.statusCode).toBe(400);

    const empty = await call(ctx, admin, 'POST', members(g._id), { contactIds: [] });
    expect(empty.statusCode).toBe(400);
    const badId = await call(ctx, admin, 'POST', members(g._id), { contactIds: ['x'] });
    expect(badId.statusCode).toBe(400);
  });

  it('removes single and bulk members, ignoring ids that are not members', async () => {
    const g = await newGroup(ctx, admin, { name: 'Removals' });
    const [a, b, c, outsider] = await createContacts(ctx, accountId, 4);
    await call(ctx, admin, 'POST', members(g._id), { contactIds: [a, b, c] });
    const one = await call(ctx, admin, 'DELETE', members(g._id), { contactIds: [a] });
    expect(one.json()).toEqual({ changed: 1, memberCount: 2 });
    const bulk = await call(ctx, admin, 'DELETE', members(g._id), {
      contactIds: [a, b, c, outsider],
    });
    expect(bulk.json()).toEqual({ changed: 2, memberCount: 0 });
    const still = await ctx.deps.db
      .selectFrom('contacts')
      .select('id')
      .where('id', 'in', [a!, b!, c!])
      .execute();
    expect(still).toHaveLength(3);
  });

  it('lists members alphabetically in keyset pages, with search and the contact shape', async () => {
    const g = await newGroup(ctx, admin, { name: 'Paged' });
    const other = await newGroup(ctx, admin, { name: 'Other paged' });
    const ids = await createContacts(ctx, accountId, 7, 'Paged member');
    await call(ctx, admin, 'POST', members(g._id), { contactIds: ids });
    await call(ctx, admin, 'POST', members(other._id), { contactIds: [ids[0]] });
    const channel = await createWhatsappChannel(ctx, accountId);
    const chat = await ctx.deps.db
      .insertInto('chats')
      .values({
        account_id: accountId,
        channel_id: channel.id,
        contact_id: ids[0]!,
        channel: 'whatsapp',
        identifier: '6281234567890',
        last_update: new Date('2026-01-02T03:04:05Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const seen: string[] = [];
    let startKey: string | null = null;
    let pages = 0;
    do {
      const qs: string = `?perpage=3${startKey ? `&startKey=${startKey}` : ''}`;
      const res = await call(ctx, admin, 'GET', `${members(g._id)}${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as Page;
      expect(page.total).toBe(7);
      seen.push(...page.data.map((c) => c._id));
      startKey = page.nextKey;
      pages += 1;
    } while (startKey);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);

    const first = ((await call(ctx, admin, 'GET', members(g._id))).json() as Page).data[0];
    expect(first).toMatchObject({
      _id: ids[0],
      name: 'Paged member 00001',
      phone: null,
      notes: '',
      attributes: {},
      labels: [],
      archived: false,
      channels: [{ channel: 'whatsapp', identifier: '6281234567890', chatId: chat.id }],
      lastChatAt: '2026-01-02T03:04:05.000Z',
    });
    expect(first!.groupIds.sort()).toEqual([g._id, other._id].sort());

    const search = (
      await call(ctx, admin, 'GET', `${members(g._id)}?searchText=member%2000007`)
    ).json() as Page;
    expect(search.data.map((c) => c._id)).toEqual([ids[6]]);
    expect(search.total).toBe(1);

    const bad = await call(ctx, admin, 'GET', `${members(g._id)}?startKey=garbage`);
    expect(bad.statusCode).toBe(400);
  });
});
