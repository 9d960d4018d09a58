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
