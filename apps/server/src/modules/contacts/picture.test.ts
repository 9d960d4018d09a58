import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, Contact } from '@sapa/contracts';
import { DEMO_MESSENGER_PAGE, SAPA_APP_ID } from '@sapa/sandbox/demo';
import type { DomainEvent } from '../../events/bus.js';
import type { TestContext } from '../../test/harness.js';
import { sandboxPair, until, type SandboxPair } from '../../test/sandbox-pair.js';
import {
  createAccount,
  createPageChannel,
  createUser,
  type TestUser,
} from '../../test/fixtures.js';
import { LocalStorage } from '../../lib/storage.js';

/**
 * A Messenger customer's profile picture, fetched by the `chat.profile` job from the sandbox's
 * profile API into Sapa's storage, is served by `GET /api/contacts/{id}/picture` and named by
 * `pictureUrl` on the contact and its chats; nothing else is served from there.
 */
let pair: SandboxPair;
let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let agent: TestUser;
let stranger: TestUser;
const events: DomainEvent[] = [];

beforeAll(async () => {
  pair = await sandboxPair({
    config: { metaAppId: String(SAPA_APP_ID) },
    sandboxEnv: { STATUS_DELAY_MS: '20' },
  });
  ctx = pair.ctx;
  ctx.clock.set(new Date());
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  stranger = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
  await createPageChannel(ctx, accountId, 'messenger');
  ctx.deps.events.subscribe((e) => void events.push(e));
}, 60_000);
afterAll(() => pair?.close());

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user.auth });

/** A Messenger customer writes; resolves once Sapa has the chat and has run the profile job. */
async function customerWrites(userId: string, name: string) {
  const res = await fetch(
    `${pair.sandboxUrl}/sandbox/messenger/${DEMO_MESSENGER_PAGE.pageId}/customers/${userId}/messages`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'text', text: 'Halo kak', name }),
    },
  );
  expect(res.status).toBe(201);
  // The profile job is queued after the webhook is answered: run jobs until it has been.
  return until(async () => {
    await ctx.jobs.drain();
    return ctx.deps.db
      .selectFrom('chats as c')
      .innerJoin('contacts as k', 'k.id', 'c.contact_id')
      .select(['c.id', 'c.contact_id'])
      .where('c.identifier', '=', userId)
      .where('k.profile_fetched_at', 'is not', null)
      .executeTakeFirst();
  });
}

describe('GET /api/contacts/:id/picture', () => {
  it('serves the stored profile picture, named on the contact and on its chat', async () => {
    const chat = await customerWrites('5600000000000001', 'Rina Wulandari');
    const stored = await ctx.deps.db
      .selectFrom('contacts as k')
      .innerJoin('media as m', 'm.id', 'k.picture_media_id')
      .select(['m.id', 'm.mime_type', 'm.sha256'])
      .where('k.id', '=', chat.contact_id)
      .executeTakeFirstOrThrow();
    expect(stored.mime_type).toBe('image/png');

    const contact = (await get(agent, `/api/contacts/${chat.contact_id}`)).json<Contact>();
    expect(contact.pictureUrl).toBe(`/api/contacts/${chat.contact_id}/picture?v=${stored.id}`);
    const list = await get(agent, '/api/chats/paginate?perpage=50');
    const row = list.json<{ data: Chat[] }>().data.find((c) => c._id === chat.id);
    expect(row?.pictureUrl).toBe(contact.pictureUrl);

    const res = await get(agent, contact.pictureUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=604800');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(stored.sha256);

    // Open screens learn of the picture with the chat itself.
    const announced = events.find(
      (e) => e.type === 'chat.updated' && e.chat.id === chat.id && e.chat.contact_picture_id,
    );
    expect(announced).toBeDefined();
  });

  it('answers 404 for a contact without a picture, and leaves pictureUrl out', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: admin.auth,
      payload: { name: 'Tanpa Foto', phone: '081234567001' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const contact = created.json<Contact>();
    expect(contact).not.toHaveProperty('pictureUrl');
    const res = await get(admin, `/api/contacts/${contact._id}/picture`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This contact has no picture');
  });

  it("answers 404 for another account's contact, and 400 for a malformed id", async () => {
    const chat = await customerWrites('5600000000000002', 'Joko');
    expect((await get(admin, `/api/contacts/${chat.contact_id}/picture`)).statusCode).toBe(200);
    expect((await get(stranger, `/api/contacts/${chat.contact_id}/picture`)).statusCode).toBe(404);
    expect((await get(admin, '/api/contacts/not-an-id/picture')).statusCode).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/contacts/${chat.contact_id}/picture`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('never serves a stored file that is not a picture from Sapa’s origin', async () => {
    const chat = await customerWrites('5600000000000003', 'Dodi');
    const key = `${accountId}/not-a-picture`;
    await new LocalStorage(ctx.deps.config.mediaDir).put(key, Buffer.from('<script>1</script>'));
    const media = await ctx.deps.db
      .insertInto('media')
      .values({
        account_id: accountId,
        storage_key: key,
        mime_type: 'text/html',
        size_bytes: 18,
        sha256: '0'.repeat(64),
        filename: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.deps.db
      .updateTable('contacts')
      .set({ picture_media_id: media.id })
      .where('id', '=', chat.contact_id)
      .execute();
    expect((await get(admin, `/api/contacts/${chat.contact_id}/picture`)).statusCode).toBe(404);
  });
});
