import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, MESSAGES, SCOPES, type Scope } from '@sapa/contracts';
import { createPeer, createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  PASSWORD,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat, fundAccount } from '../../test/fixtures-inbox.js';

let ctx: TestContext;
let admin: TestUser;
let agent: TestUser;
let chatId: string;
let otherAdmin: TestUser;
let otherChatId: string;
let otherContactId: string;

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function createKey(
  by: TestUser,
  scopes: readonly Scope[] = SCOPES,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; key: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: by.auth,
    payload: { name: `key ${Math.random().toString(36).slice(2, 6)}`, scopes, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json()._id, key: res.json().key };
}

async function setRestApi(by: TestUser, on: boolean) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/settings',
    headers: by.auth,
    payload: { settings: [{ key: 'enable_rest_api', value: String(on) }] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const send = (key: string, chat = chatId, text = 'hello from a key') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: bearer(key),
    payload: { chatId: chat, text },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  const accountId = await createAccount(ctx, { name: 'Keys Co' });
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  await fundAccount(ctx, accountId);
  const channel = await createWhatsappChannel(ctx, accountId);
  chatId = await createChat(ctx, accountId, { channelId: channel.id });
  await setRestApi(admin, true);

  const otherAccount = await createAccount(ctx, { name: 'Other Co' });
  otherAdmin = await createUser(ctx, otherAccount, { role: 'admin' });
  const otherChannel = await createWhatsappChannel(ctx, otherAccount);
  otherChatId = await createChat(ctx, otherAccount, { channelId: otherChannel.id });
  const contact = await ctx.deps.db
    .selectFrom('chats')
    .select('contact_id')
    .where('id', '=', otherChatId)
    .executeTakeFirstOrThrow();
  otherContactId = contact.contact_id as string;
});
afterAll(() => ctx.close());

describe('managing keys', () => {
  it('answers the key once, lists it by prefix only, and stores only its hash', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.auth,
      payload: { name: 'Zapier', scopes: ['messages:send', 'chats:read'] },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[\\w-]{8}_[\\w-]{43}$`));
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({ name: 'Zapier', state: 'active', lastUsedAt: null });
    expect(created.createdBy).toEqual({ _id: admin.id, name: expect.any(String) });

    const list = await ctx.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin.auth });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json().data.map((k: { _id: string }) => k._id)).toContain(created._id);

    const row = await ctx.deps.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash.equals(createHash('sha256').update(created.key).digest())).toBe(true);
    const secret = created.key.slice(created.prefix.length + 1);
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('is for admins, never for agents or keys', async () => {
    const asAgent = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: agent.auth,
      payload: { name: 'mine', scopes: ['chats:read'] },
    });
    expect(asAgent.statusCode).toBe(403);
    const { key } = await createKey(admin);
    const asKey = await ctx.app.inject({
      method: 'GET',
      url: '/api/api-keys',
      headers: bearer(key),
    });
    expect(asKey.statusCode).toBe(403);
    expect(asKey.json()).toMatchObject({
      code: 'API_KEY_NOT_ALLOWED',
      message: MESSAGES.apiKeyNotAllowed,
    });
  });

  it('refuses unknown scopes, no scopes and a past expiry with 400', async () => {
    for (const payload of [
      { name: 'x', scopes: ['messages:delete'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['chats:read', 'chats:read'] },
      { name: '', scopes: ['chats:read'] },
      { name: 'x', scopes: ['chats:read'], expiresAt: 'tomorrow' },
      {
        name: 'x',
        scopes: ['chats:read'],
        expiresAt: new Date(ctx.clock.now().getTime() - 1000).toISOString(),
      },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: admin.auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("answers 404 for revoking another account's key", async () => {
    const { id } = await createKey(otherAdmin);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${id}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('calling the API with a key', () => {
  it('sends a message as the account: no user, the key named as its author, nobody claims the chat', async () => {
    const { id, key } = await createKey(admin, ['messages:send']);
    const res = await send(key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().username).toMatch(/^API key key /);
    const row = await ctx.deps.db
      .selectFrom('messages')
      .select(['sender_id', 'api_key_id'])
      .where('id', '=', res.json()._id)
      .executeTakeFirstOrThrow();
    expect(row.sender_id).toBeNull();
    expect(row.api_key_id).toBe(id);
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select('agent_id')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(chat.agent_id).toBeNull();
  });

  it('refuses a key without the route scope, and routes without a scope', async () => {
    const { key } = await createKey(admin, ['chats:read']);
    const res = await send(key);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'API_KEY_SCOPE',
      message: MESSAGES.apiKeyMissingScope.replace('{scope}', 'messages:send'),
    });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(key) });
    expect(me.statusCode).toBe(403);
    expect(me.json().code).toBe('API_KEY_NOT_ALLOWED');
    const chats = await ctx.app.inject({
      method: 'GET',
      url: '/api/chats/paginate',
      headers: bearer(key),
    });
    expect(chats.statusCode).toBe(200);
    expect(chats.json().data.map((c: { _id: string }) => c._id)).toContain(chatId);
  });

  it('answers 401 with a clear message for unknown, malformed, revoked and expired keys', async () => {
    const unknown = await send(`${API_KEY_PREFIX}abcdefgh_${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({
      code: 'API_KEY_INVALID',
      message: MESSAGES.apiKeyInvalid,
    });
    expect((await send(`${API_KEY_PREFIX}short`)).json().code).toBe('API_KEY_INVALID');

    const revoked = await createKey(admin, ['messages:send']);
    expect((await send(revoked.key)).statusCode).toBe(201); // cached now
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${revoked.id}`,
      headers: admin.auth,
    });
    expect(del.json().state).toBe('revoked');
    const after = await send(revoked.key);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: 'API_KEY_REVOKED',
      message: MESSAGES.apiKeyRevoked,
    });

    const expiring = await createKey(admin, ['messages:send'], {
      expiresAt: new Date(ctx.clock.now().getTime() + 60_000).toISOString(),
    });
    expect((await send(expiring.key)).statusCode).toBe(201);
    ctx.clock.advance(60_000);
    const expired = await send(expiring.key);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      code: 'API_KEY_EXPIRED',
      message: MESSAGES.apiKeyExpired,
    });
    const listed = (
      await ctx.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin.auth })
    ).json().data as { _id: string; state: string }[];
    expect(listed.find((k) => k._id === expiring.id)?.state).toBe('expired');
  });

  it('is refused while enable_rest_api is off, at once', async () => {
    const { key } = await createKey(admin, ['chats:read']);
    const url = '/api/chats/paginate';
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(key) })).statusCode).toBe(
      200,
    );
    await setRestApi(admin, false);
    const off = await ctx.app.inject({ method: 'GET', url, headers: bearer(key) });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({
      code: 'REST_API_DISABLED',
      message: MESSAGES.restApiDisabled,
    });
    await setRestApi(admin, true);
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(key) })).statusCode).toBe(
      200,
    );
  });

  it("never acts in another account: B's chat, message and contact are 404 to A's key", async () => {
    const { key } = await createKey(admin);
    expect((await send(key, otherChatId)).statusCode).toBe(404);
    for (const url of [`/api/chats/${otherChatId}`, `/api/contacts/${otherContactId}`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(key) });
      expect(res.statusCode, url).toBe(404);
    }
    const assign = await ctx.app.inject({
      method: 'POST',
      url: '/api/chats/resolve-ticket',
      headers: bearer(key),
      payload: { chatId: otherChatId },
    });
    expect(assign.statusCode).toBe(404);
  });

  it("survives its creator's password change and deactivation", async () => {
    const creator = await createUser(ctx, admin.accountId, { role: 'admin' });
    const { key } = await createKey(creator, ['messages:send']);
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/me/password',
      headers: creator.auth,
      payload: {
        current_password: PASSWORD,
        password: 'N3wSecret99',
        confirm_password: 'N3wSecret99',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await send(key)).statusCode).toBe(201);
    const deactivated = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${creator.id}/deactivate`,
      headers: admin.auth,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await send(key)).statusCode).toBe(201);
  });

  it('records last use at most once a minute', async () => {
    const { id, key } = await createKey(admin, ['chats:read']);
    const lastUsed = async () =>
      (
        await ctx.deps.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const call = () =>
      ctx.app.inject({ method: 'GET', url: '/api/chats/paginate', headers: bearer(key) });
    await call();
    await expect.poll(lastUsed).not.toBeNull();
    const first = await lastUsed();
    ctx.clock.advance(30_000);
    await call();
    await call();
    await new Promise((r) => setTimeout(r, 50));
    expect(await lastUsed()).toEqual(first);
    ctx.clock.advance(31_000);
    await call();
    await expect.poll(async () => (await lastUsed())?.getTime()).toBe(ctx.clock.now().getTime());
  });

  it('reaches every process at once: a revoke in one refuses the key in another', async () => {
    const peer = await createPeer(ctx);
    try {
      const { id, key } = await createKey(admin, ['chats:read']);
      const viaPeer = () =>
        peer.app.inject({ method: 'GET', url: '/api/chats/paginate', headers: bearer(key) });
      expect((await viaPeer()).statusCode).toBe(200); // the peer caches the key now
      await ctx.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: admin.auth });
      // The notice travels through PostgreSQL; no TTL is waited for.
      await expect.poll(async () => (await viaPeer()).statusCode, { timeout: 2_000 }).toBe(401);

      const other = await createKey(admin, ['chats:read']);
      const otherViaPeer = () =>
        peer.app.inject({ method: 'GET', url: '/api/chats/paginate', headers: bearer(other.key) });
      expect((await otherViaPeer()).statusCode).toBe(200);
      await setRestApi(admin, false);
      await expect
        .poll(async () => (await otherViaPeer()).statusCode, { timeout: 2_000 })
        .toBe(403);
      await setRestApi(admin, true);
    } finally {
      await peer.close();
    }
  });
});
