import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat } from '../../test/fixtures-inbox.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let agent: TestUser;
let stranger: TestUser;
let whatsapp: string;
let instagram: string;
let division: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  division = await createDivision(ctx, accountId, 'Sales');
  agent = await createUser(ctx, accountId, { role: 'agent', divisionIds: [division] });
  stranger = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
  whatsapp = (await createWhatsappChannel(ctx, accountId)).id;
  const ig = await ctx.deps.db
    .insertInto('channels')
    .values({
      account_id: accountId,
      name: 'Instagram',
      channel: 'instagram',
      provider: 'instagram',
      external_id: `1784${Date.now()}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  instagram = ig.id;
});
afterAll(() => ctx.close());

interface Channel {
  channel: string;
  identifier: string;
  chatId: string;
}
interface ContactBody {
  _id: string;
  name: string;
  phone: string | null;
  channels: Channel[];
  mergedWith: { _id: string; name: string; phone: string | null; channels: Channel[] }[];
  updatedAt: string;
}

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

const read = async (id: string, user = admin): Promise<ContactBody> => {
  const res = await call(user, 'GET', `/api/contacts/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A contact with one chat on the channel, as ingest would leave it. */
async function contactOn(
  channelId: string,
  channel: 'whatsapp' | 'instagram',
  name: string,
  divisionIds: string[] = [],
): Promise<{ contactId: string; chatId: string }> {
  const chatId = await createChat(ctx, accountId, { channelId, name, divisionIds });
  await ctx.deps.db
    .updateTable('chats')
    .set({ channel, ...(channel === 'instagram' ? { identifier: `IGSID-${chatId}` } : {}) })
    .where('id', '=', chatId)
    .execute();
  const row = await ctx.deps.db
    .selectFrom('chats')
    .select('contact_id')
    .where('id', '=', chatId)
    .executeTakeFirstOrThrow();
  return { contactId: row.contact_id, chatId };
}

describe('contact merge and unmerge', () => {
  it('groups a WhatsApp and an Instagram contact as one person and unmerges them back exactly', async () => {
    const wa = await contactOn(whatsapp, 'whatsapp', 'Dewi WA', [division]);
    const ig = await contactOn(instagram, 'instagram', 'dewi.ig', [division]);
    const before = [await read(wa.contactId), await read(ig.contactId)];
    expect(before[0]?.mergedWith).toEqual([]);

    const merged = await call(agent, 'POST', `/api/contacts/${wa.contactId}/merge`, {
      otherContactId: ig.contactId,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const body: ContactBody = merged.json();
    // Each keeps its own identity and chats; the panel sees the other's chats beside its own.
    expect(body.channels.map((c) => c.chatId)).toEqual([wa.chatId]);
    expect(body.mergedWith).toEqual([
      {
        _id: ig.contactId,
        name: 'dewi.ig',
        phone: null,
        archived: false,
        channels: [{ channel: 'instagram', identifier: `IGSID-${ig.chatId}`, chatId: ig.chatId }],
      },
    ]);
    const otherSide = await read(ig.contactId);
    expect(otherSide.mergedWith.map((m) => m._id)).toEqual([wa.contactId]);
    expect(otherSide.channels.map((c) => c.chatId)).toEqual([ig.chatId]);

    // Idempotent: merging again, either way round, changes nothing.
    const again = await call(agent, 'POST', `/api/contacts/${ig.contactId}/merge`, {
      otherContactId: wa.contactId,
    });
    expect(again.statusCode).toBe(200);
    expect((await read(wa.contactId)).mergedWith).toEqual(body.mergedWith);

    const unmerged = await call(agent, 'POST', `/api/contacts/${ig.contactId}/unmerge`);
    expect(unmerged.statusCode, unmerged.body).toBe(200);
    expect(unmerged.json()).toMatchObject({ _id: ig.contactId, mergedWith: [] });
    // The two contacts are exactly what they were before the merge.
    expect([await read(wa.contactId), await read(ig.contactId)]).toEqual(before);
    // Unmerging a contact that is alone is a no-op, not an error.
    expect((await call(agent, 'POST', `/api/contacts/${ig.contactId}/unmerge`)).statusCode).toBe(
      200,
    );
  });

  it('joins persons, and one contact leaving a person of three leaves the other two merged', async () => {
    const a = await contactOn(whatsapp, 'whatsapp', 'Eka A');
    const b = await contactOn(instagram, 'instagram', 'Eka B');
    const c = await contactOn(whatsapp, 'whatsapp', 'Eka C');
    const d = await contactOn(instagram, 'instagram', 'Eka D');
    await call(admin, 'POST', `/api/contacts/${a.contactId}/merge`, {
      otherContactId: b.contactId,
    });
    await call(admin, 'POST', `/api/contacts/${c.contactId}/merge`, {
      otherContactId: d.contactId,
    });
    // Merging members of two persons makes one person of all four.
    const all = await call(admin, 'POST', `/api/contacts/${b.contactId}/merge`, {
      otherContactId: c.contactId,
    });
    expect(all.statusCode).toBe(200);
    const ids = (x: ContactBody) => x.mergedWith.map((m) => m._id).sort();
    expect(ids(await read(a.contactId))).toEqual([b, c, d].map((x) => x.contactId).sort());

    await call(admin, 'POST', `/api/contacts/${a.contactId}/unmerge`);
    expect(ids(await read(a.contactId))).toEqual([]);
    expect(ids(await read(b.contactId))).toEqual([c, d].map((x) => x.contactId).sort());
    await call(admin, 'POST', `/api/contacts/${b.contactId}/unmerge`);
    await call(admin, 'POST', `/api/contacts/${c.contactId}/unmerge`);
    // The last contact of a person is alone again, not a person of one.
    const last = await ctx.deps.db
      .selectFrom('contacts')
      .select('person_id')
      .where('id', '=', d.contactId)
      .executeTakeFirstOrThrow();
    expect(last.person_id).toBeNull();
  });

  it('shows a partner to an agent without the chats the agent may not see', async () => {
    const mine = await contactOn(whatsapp, 'whatsapp', 'Fajar', [division]);
    // A chat in a division the agent is not in is not the agent's to see.
    const other = await createDivision(ctx, accountId, 'Support');
    const hidden = await contactOn(instagram, 'instagram', 'fajar.ig', [other]);
    await call(admin, 'POST', `/api/contacts/${mine.contactId}/merge`, {
      otherContactId: hidden.contactId,
    });
    const seen = await read(mine.contactId, agent);
    expect(seen.mergedWith).toEqual([
      expect.objectContaining({ _id: hidden.contactId, channels: [] }),
    ]);
    expect((await read(mine.contactId, admin)).mergedWith[0]?.channels).toHaveLength(1);
  });

  it('refuses a merge with itself, unknown ids and another account, and validates the body', async () => {
    const a = await contactOn(whatsapp, 'whatsapp', 'Gita');
    const self = await call(agent, 'POST', `/api/contacts/${a.contactId}/merge`, {
      otherContactId: a.contactId,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(MESSAGES.contactMergeSelf);

    const missing = await call(agent, 'POST', `/api/contacts/${a.contactId}/merge`, {
      otherContactId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.contactNotFound);

    // Another account cannot merge this account's contacts, nor unmerge them.
    const theirs = await call(stranger, 'POST', `/api/contacts/${a.contactId}/unmerge`);
    expect(theirs.statusCode).toBe(404);
    const b = await contactOn(instagram, 'instagram', 'gita.ig');
    const cross = await call(stranger, 'POST', `/api/contacts/${a.contactId}/merge`, {
      otherContactId: b.contactId,
    });
    expect(cross.statusCode).toBe(404);
    expect((await read(a.contactId)).mergedWith).toEqual([]);

    for (const payload of [{}, { otherContactId: 'nope' }, { otherContactId: 'a\u0000' }]) {
      const bad = await call(agent, 'POST', `/api/contacts/${a.contactId}/merge`, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(agent, 'POST', `/api/contacts/not-an-id/unmerge`)).statusCode).toBe(400);
  });

  it('lets every role merge, and no one signed out', async () => {
    const a = await contactOn(whatsapp, 'whatsapp', 'Hadi');
    const b = await contactOn(instagram, 'instagram', 'hadi.ig');
    const anon = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/${a.contactId}/merge`,
      payload: { otherContactId: b.contactId },
    });
    expect(anon.statusCode).toBe(401);
    const supervisor = await createUser(ctx, accountId, { role: 'supervisor' });
    for (const user of [agent, supervisor, admin]) {
      const res = await call(user, 'POST', `/api/contacts/${a.contactId}/merge`, {
        otherContactId: b.contactId,
      });
      expect(res.statusCode, user.role).toBe(200);
      expect((await call(user, 'POST', `/api/contacts/${b.contactId}/unmerge`)).statusCode).toBe(
        200,
      );
    }
  });
});
