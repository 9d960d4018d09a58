import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import type { TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { sandboxPair, type SandboxPair } from '../../test/sandbox-pair.js';

let pair: SandboxPair;
let ctx: TestContext;
let admin: TestUser;
let other: TestUser;
let accountId: string;

beforeAll(async () => {
  pair = await sandboxPair();
  ctx = pair.ctx;
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  const otherAccount = await createAccount(ctx);
  other = await createUser(ctx, otherAccount, { role: 'admin' });
  for (const key of ['bo.messengerChannelLimit', 'bo.igChannelLimit'])
    await ctx.deps.db
      .insertInto('settings')
      .values({ account_id: otherAccount, key, value: '10' })
      .execute();
}, 60_000);
afterAll(() => pair?.close());

let seq = 0;
const control = async (path: string, body: Record<string, unknown>) => {
  const res = await fetch(`${pair.sandboxUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
};

/** A Facebook Page Meta (the sandbox) knows, not yet subscribed to any app. */
async function newPage() {
  const i = seq++;
  const pageId = String(310000000000000 + i);
  const accessToken = `EAAG-page-secret-${i}-${Date.now()}`;
  await control('/sandbox/pages', { name: `Toko ${i}`, pageId, accessToken, subscribe: false });
  return { pageId, accessToken };
}

/** An Instagram account linked to a new Page of its own. */
async function newInstagram() {
  const i = seq++;
  const instagramAccountId = String(17841410000000000 + i);
  const pageId = String(320000000000000 + i);
  const pageAccessToken = `EAAG-ig-secret-${i}-${Date.now()}`;
  await control('/sandbox/instagram-accounts', {
    username: `toko.${i}`,
    instagramAccountId,
    pageId,
    pageAccessToken,
    subscribe: false,
  });
  return { instagramAccountId, pageId, pageAccessToken };
}

const create = (user: TestUser, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/services', headers: user.auth, payload });

const subscribedApps = async (pageId: string, token: string) => {
  const res = await fetch(`${pair.sandboxUrl}/v21.0/${pageId}/subscribed_apps`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: unknown[] }).data;
};

describe('POST /api/services (Messenger)', () => {
  it('connects a page its token reads, subscribes the app, seals the token', async () => {
    const page = await newPage();
    expect(await subscribedApps(page.pageId, page.accessToken)).toEqual([]);
    const res = await create(admin, {
      name: 'Toko Messenger',
      channel: 'messenger',
      pageId: page.pageId,
      pageAccessToken: page.accessToken,
    });
    expect(res.statusCode).toBe(201);
    const service = res.json();
    expect(service).toMatchObject({
      name: 'Toko Messenger',
      channel: 'messenger',
      provider: 'messenger',
      externalId: page.pageId,
      pageId: page.pageId,
      instagramAccountId: null,
      humanAgentReplies: true,
      hasAccessToken: true,
    });
    expect(JSON.stringify(service)).not.toContain('secret');
    expect((await subscribedApps(page.pageId, page.accessToken)).length).toBe(1);
    const row = await ctx.deps.db
      .selectFrom('channels')
      .select(['config_sealed'])
      .where('id', '=', service._id)
      .executeTakeFirstOrThrow();
    expect(row.config_sealed).not.toContain('secret');
    expect(JSON.parse(ctx.deps.secrets.open(row.config_sealed!))).toEqual({
      pageId: page.pageId,
      pageAccessToken: page.accessToken,
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/services/all/messenger',
      headers: admin.auth,
    });
    expect(list.json().data).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain('secret');
  });

  it('the same page again: the own account is told plainly; the plan limit holds', async () => {
    const [mine] = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/services/all/messenger',
        headers: admin.auth,
      })
    ).json().data as { pageId: string }[];
    const again = await create(admin, {
      name: 'Again',
      channel: 'messenger',
      pageId: mine!.pageId,
      pageAccessToken: 'EAAG-anything-at-all',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CHANNEL_EXISTS',
      message: MESSAGES.channelPageAlreadyConnected,
    });
    // The default plan allows one Messenger page.
    const page = await newPage();
    const limited = await create(admin, {
      name: 'Second',
      channel: 'messenger',
      pageId: page.pageId,
      pageAccessToken: page.accessToken,
    });
    expect(limited.statusCode).toBe(409);
    expect(limited.json().code).toBe('CHANNEL_LIMIT');
  });

  it('another account holding the page gets the neutral refusal, after Meta vouched', async () => {
    const [mine] = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/services/all/messenger',
        headers: admin.auth,
      })
    ).json().data as { pageId: string }[];
    const wrongToken = await create(other, {
      name: 'Probe',
      channel: 'messenger',
      pageId: mine!.pageId,
      pageAccessToken: 'EAAG-made-up-token',
    });
    expect(wrongToken.statusCode).toBe(422);
    expect(wrongToken.json().message).toBe(MESSAGES.channelTokenRefused);
    const tokens = await control(`/sandbox/pages/${mine!.pageId}/rotate-token`, {});
    const genuine = await create(other, {
      name: 'Probe',
      channel: 'messenger',
      pageId: mine!.pageId,
      pageAccessToken: String(tokens.accessToken),
    });
    expect(genuine.statusCode).toBe(422);
    expect(genuine.json()).toMatchObject({
      code: 'CHANNEL_NOT_VERIFIED',
      message: MESSAGES.channelPageNotVerified,
    });
  });

  it('names what Meta refused: a token nobody has, a page the token cannot read', async () => {
    const page = await newPage();
    const badToken = await create(other, {
      name: 'X',
      channel: 'messenger',
      pageId: page.pageId,
      pageAccessToken: 'EAAG-nobody-has-this',
    });
    expect(badToken.statusCode).toBe(422);
    expect(badToken.json()).toMatchObject({
      code: 'CHANNEL_TOKEN_REFUSED',
      message: MESSAGES.channelTokenRefused,
    });
    const elsewhere = await newPage();
    const notFound = await create(other, {
      name: 'X',
      channel: 'messenger',
      pageId: elsewhere.pageId,
      pageAccessToken: page.accessToken,
    });
    expect(notFound.statusCode).toBe(422);
    expect(notFound.json()).toMatchObject({
      code: 'CHANNEL_NOT_FOUND',
      message: MESSAGES.channelPageNotFound,
    });
    const stored = await ctx.deps.db
      .selectFrom('channels')
      .select('id')
      .where('external_id', 'in', [page.pageId, elsewhere.pageId])
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses a body without its ids or with a NUL, naming the field', async () => {
    const res = await create(admin, { name: 'X', channel: 'messenger', pageAccessToken: 'x' });
    expect(res.statusCode).toBe(400);
    const nul = await create(admin, {
      name: 'X',
      channel: 'messenger',
      pageId: '3100000\u000000001',
      pageAccessToken: 'EAAG-page-token',
    });
    expect(nul.statusCode).toBe(400);
  });
});

describe('POST /api/services (Instagram)', () => {
  it('connects an account its page token reads and its page links', async () => {
    const ig = await newInstagram();
    const res = await create(admin, { name: 'Toko IG', channel: 'instagram', ...ig });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      channel: 'instagram',
      externalId: ig.instagramAccountId,
      instagramAccountId: ig.instagramAccountId,
      pageId: ig.pageId,
      humanAgentReplies: true,
    });
    expect(JSON.stringify(res.json())).not.toContain('secret');
    expect((await subscribedApps(ig.pageId, ig.pageAccessToken)).length).toBe(1);
  });

  it('names an unknown account and a refused token (not_linked: channels/meta-messaging/connect.test.ts)', async () => {
    const ig = await newInstagram();
    const unknown = await create(other, {
      name: 'X',
      channel: 'instagram',
      ...ig,
      instagramAccountId: '17841499999999999',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'CHANNEL_NOT_FOUND',
      message: MESSAGES.channelInstagramNotFound,
    });
    const badToken = await create(other, {
      name: 'X',
      channel: 'instagram',
      ...ig,
      pageAccessToken: 'EAAG-nobody-has-this',
    });
    expect(badToken.json()).toMatchObject({
      code: 'CHANNEL_TOKEN_REFUSED',
      message: MESSAGES.channelTokenRefused,
    });
  });
});

describe('managing a page channel (issue 17 §3)', () => {
  const patch = (id: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/services/${id}`, headers: other.auth, payload });
  const post = (id: string, action: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/services/${id}/${action}`, headers: other.auth });

  it('edits 7-day replies, rotates the page token via Meta, unsubscribes on disconnect, and a deleted page connects again', async () => {
    const page = await newPage();
    const body = {
      name: 'Managed Page',
      channel: 'messenger',
      pageId: page.pageId,
      pageAccessToken: page.accessToken,
    };
    const created = await create(other, body);
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;

    const off = await patch(id, { humanAgentReplies: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ humanAgentReplies: false, state: 'connected' });

    const refused = await patch(id, { accessToken: 'EAAG-made-up-token', name: 'Renamed' });
    expect(refused.statusCode).toBe(422);
    const tokens = await control(`/sandbox/pages/${page.pageId}/rotate-token`, {});
    const newToken = String(tokens.accessToken);
    const rotated = await patch(id, { accessToken: newToken });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).toMatchObject({ name: 'Managed Page', humanAgentReplies: false });
    const row = await ctx.deps.db
      .selectFrom('channels')
      .select(['config_sealed'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(ctx.deps.secrets.open(row.config_sealed!))).toEqual({
      pageId: page.pageId,
      pageAccessToken: newToken,
    });

    expect((await subscribedApps(page.pageId, newToken)).length).toBe(1);
    expect((await post(id, 'disconnect')).statusCode).toBe(200);
    expect(await subscribedApps(page.pageId, newToken)).toEqual([]);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/services/${id}`,
      headers: other.auth,
    });
    expect(gone.statusCode).toBe(200);
    const again = await create(other, { ...body, pageAccessToken: newToken });
    expect(again.statusCode).toBe(201);
    expect(again.json()._id).not.toBe(id);
  });

  it('refuses human agent replies on a WhatsApp channel', async () => {
    const [wa] = await ctx.deps.db
      .insertInto('channels')
      .values({
        account_id: other.accountId,
        name: 'WA',
        channel: 'whatsapp',
        provider: 'whatsapp_cloud',
        external_id: `wa-${Date.now()}`,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .execute();
    const res = await patch(wa!.id, { humanAgentReplies: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CHANNEL_NOT_PAGE',
      message: MESSAGES.channelHumanAgentPagesOnly,
    });
  });
});
