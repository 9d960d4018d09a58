import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NUMBER } from '@sapa/sandbox';
import type { FastifyBaseLogger } from 'fastify';
import type { TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { sandboxPair, type SandboxPair } from '../../test/sandbox-pair.js';

let pair: SandboxPair;
let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let agent: TestUser;
let supervisor: TestUser;
/** An admin of an account with room for many numbers: refusals here are never the plan limit. */
let prober: TestUser;

/** Everything the server logs, as JSON lines (the operator's view of a refusal). */
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  pair = await sandboxPair();
  ctx = pair.ctx;
  ctx.deps.log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  ) as FastifyBaseLogger;
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  supervisor = await createUser(ctx, accountId, { role: 'supervisor' });
  const roomy = await createAccount(ctx);
  await ctx.deps.db
    .insertInto('settings')
    .values({ account_id: roomy, key: 'bo.wabaChannelLimit', value: '50' })
    .execute();
  prober = await createUser(ctx, roomy, { role: 'admin' });
}, 60_000);
afterAll(() => pair?.close());

let n = 0;
/**
 * A number Meta (the sandbox) knows, with its own token in its own WABA, and the body that
 * connects it.
 */
async function metaNumber(over: Record<string, unknown> = {}) {
  const i = n++;
  const number = {
    phoneNumberId: String(300000000000000 + i),
    displayPhoneNumber: String(6281100000100 + i),
    wabaId: String(400000000000000 + i),
    accessToken: `EAAG-very-secret-token-${i}`,
    name: `Toko ${i}`,
  };
  const res = await fetch(`${pair.sandboxUrl}/sandbox/numbers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(number),
  });
  expect(res.status).toBe(201);
  return {
    name: 'Toko WhatsApp',
    channel: 'whatsapp',
    displayPhoneNumber: `+${number.displayPhoneNumber}`,
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    ...over,
  };
}
const create = (user: TestUser, payload: Record<string, unknown>, app = ctx.app) =>
  app.inject({ method: 'POST', url: '/api/services', headers: user.auth, payload });
const graphCalls = async (phoneNumberId?: string) => {
  const q = phoneNumberId ? `?phoneNumberId=${phoneNumberId}` : '';
  const res = await fetch(`${pair.sandboxUrl}/sandbox/calls${q}`);
  return ((await res.json()) as { data: { path: string; authorization?: string }[] }).data;
};
const channelsWith = (externalId: string) =>
  ctx.deps.db
    .selectFrom('channels')
    .select(['account_id'])
    .where('external_id', '=', externalId)
    .execute();

const NOT_VERIFIED = {
  statusCode: 422,
  code: 'CHANNEL_NOT_VERIFIED',
  message:
    'We could not verify this number with that access token. Check the phone number id, the WhatsApp Business Account id and the token.',
};

let connected: Record<string, unknown>;

describe('POST /api/services (WhatsApp Cloud)', () => {
  it('connects a number Meta confirms; the token is sealed at rest and never returned', async () => {
    connected = await metaNumber();
    const res = await create(admin, connected);
    expect(res.statusCode).toBe(201);
    const service = res.json();
    expect(service).toMatchObject({
      name: 'Toko WhatsApp',
      channel: 'whatsapp',
      isEnable: true,
      externalId: connected.phoneNumberId,
      hasAccessToken: true,
    });
    expect(JSON.stringify(service)).not.toContain('very-secret');
    const row = await ctx.deps.db
      .selectFrom('channels')
      .select(['config_sealed', 'access_token_sealed'])
      .where('id', '=', service._id)
      .executeTakeFirstOrThrow();
    // The whole config is sealed in one value (0045); the old token column is no longer written.
    expect(row.config_sealed).not.toContain('very-secret');
    expect(row.access_token_sealed).toBeNull();
    expect(JSON.parse(ctx.deps.secrets.open(row.config_sealed!))).toEqual({
      phoneNumberId: connected.phoneNumberId,
      wabaId: connected.wabaId,
      displayPhoneNumber: connected.displayPhoneNumber,
      accessToken: connected.accessToken,
    });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/services', headers: admin.auth });
    expect(JSON.stringify(list.json())).not.toContain('very-secret');
    // Meta was asked, with the submitted token, for the number and for the WABA's numbers.
    const paths = (await graphCalls(String(connected.phoneNumberId))).map((c) => c.path);
    expect(paths).toEqual([
      `/v21.0/${String(connected.phoneNumberId)}`,
      `/v21.0/${String(connected.wabaId)}/phone_numbers`,
    ]);
  });

  it('refuses a made-up token for a real number, and stores nothing', async () => {
    const res = await create(prober, {
      name: 'Not mine',
      channel: 'whatsapp',
      displayPhoneNumber: `+${DEMO_NUMBER.displayPhoneNumber}`,
      phoneNumberId: DEMO_NUMBER.phoneNumberId,
      wabaId: DEMO_NUMBER.wabaId,
      accessToken: 'EAAG-made-up-token',
    });
    expect(res.json()).toMatchObject(NOT_VERIFIED);
    expect(await channelsWith(DEMO_NUMBER.phoneNumberId)).toEqual([]);
  });

  it("refuses another number's real token, and a number claimed in a WABA it is not in", async () => {
    const mine = await metaNumber();
    const other = await metaNumber();
    const borrowedToken = await create(prober, { ...other, accessToken: mine.accessToken });
    expect(borrowedToken.json()).toMatchObject(NOT_VERIFIED);
    const wrongWaba = await create(prober, { ...mine, wabaId: other.wabaId });
    expect(wrongWaba.json()).toMatchObject(NOT_VERIFIED);
    const unknownWaba = await create(prober, { ...mine, wabaId: '499999999999999' });
    expect(unknownWaba.json()).toMatchObject(NOT_VERIFIED);
    expect(await channelsWith(String(mine.phoneNumberId))).toEqual([]);
    expect(await channelsWith(String(other.phoneNumberId))).toEqual([]);
  });

  it("refuses another account's number in the same words, even with the real token, and tells the operator", async () => {
    const otherAccount = prober.accountId;
    const other = prober;
    // A made-up token and the genuine one get the very same answer: nothing says who holds it.
    const guessed = await create(other, { ...connected, accessToken: 'EAAG-made-up-token' });
    const genuine = await create(other, connected);
    expect(guessed.statusCode).toBe(422);
    expect(genuine.statusCode).toBe(422);
    expect(genuine.json()).toEqual(guessed.json());
    expect(genuine.json()).toMatchObject(NOT_VERIFIED);
    // Webhooks stay with the first account; the operator is told who asked.
    expect(await channelsWith(String(connected.phoneNumberId))).toEqual([
      { account_id: accountId },
    ]);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 40,
        accountId: otherAccount,
        heldBy: accountId,
        phoneNumberId: connected.phoneNumberId,
      }),
    );
  });

  it('tells an account plainly that it already connected this number, without asking Meta', async () => {
    const before = (await graphCalls()).length;
    const res = await create(admin, connected);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CHANNEL_EXISTS',
      message: 'This phone number id is already connected',
    });
    expect((await graphCalls()).length).toBe(before);
  });

  it("refuses more channels than the account's limit with a clear message", async () => {
    const res = await create(admin, await metaNumber());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CHANNEL_LIMIT',
      message: 'Your plan allows 1 WhatsApp channel. Remove one or ask us to raise the limit.',
    });
    await ctx.deps.db
      .insertInto('settings')
      .values({ account_id: accountId, key: 'bo.wabaChannelLimit', value: '3' })
      .execute();
    expect((await create(admin, await metaNumber())).statusCode).toBe(201);
  });

  it('validates every field with clear messages', async () => {
    const res = await create(admin, {
      channel: 'whatsapp',
      displayPhoneNumber: 'abc',
      phoneNumberId: 'x1',
      wabaId: '',
      accessToken: 'short',
    });
    expect(res.statusCode).toBe(400);
    // A form shows the first issue of each field.
    const issues: Record<string, string> = {};
    for (const i of res.json().issues as { path: string; message: string }[])
      issues[i.path] ??= i.message;
    expect(issues).toMatchObject({
      name: 'The name field is required',
      displayPhoneNumber: 'Invalid phone number',
      phoneNumberId: 'The phone number id must be digits',
      wabaId: 'The WhatsApp Business Account id field is required',
      accessToken: 'The access token field must be at least 10 characters',
    });
  });

  it('is for admins only (supervisors may not open integrations)', async () => {
    const body = await metaNumber();
    expect((await create(agent, body)).statusCode).toBe(403);
    expect((await create(supervisor, body)).statusCode).toBe(403);
  });
});

describe('reading and toggling channels', () => {
  it('lists by channel and by enabled state; toggles; other accounts get 404', async () => {
    const created = (
      await ctx.app.inject({ method: 'GET', url: '/api/services', headers: admin.auth })
    ).json().data;
    const id = created[0]._id as string;
    const toggled = await ctx.app.inject({
      method: 'POST',
      url: `/api/services/toggle/${id}`,
      headers: admin.auth,
    });
    expect(toggled.json().isEnable).toBe(false);
    const enabled = await ctx.app.inject({
      method: 'GET',
      url: '/api/services?isEnable=true',
      headers: admin.auth,
    });
    expect(enabled.json().data.map((s: { _id: string }) => s._id)).not.toContain(id);
    const disabled = await ctx.app.inject({
      method: 'GET',
      url: '/api/services/all/whatsapp?isEnable=false',
      headers: agent.auth,
    });
    expect(disabled.json().data.map((s: { _id: string }) => s._id)).toEqual([id]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/services/${id}`, headers: agent.auth }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/services/toggle/${id}`,
          headers: agent.auth,
        })
      ).statusCode,
    ).toBe(403);

    const stranger = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/services/${id}`, headers: stranger.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/services/toggle/${id}`,
          headers: stranger.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/services', headers: stranger.auth })).json()
        .data,
    ).toEqual([]);
  });

  it('sets the broadcast speed from 1 to 1,000 messages a second; admins of the account only', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/services', headers: admin.auth });
    const service = list.json().data[0] as { _id: string; broadcastRate: number };
    expect(service.broadcastRate).toBe(80);
    const patch = (user: TestUser, payload: Record<string, unknown>, id = service._id) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/services/${id}`, headers: user.auth, payload });

    const faster = await patch(admin, { broadcastRate: 1000 });
    expect(faster.statusCode).toBe(200);
    expect(faster.json()).toMatchObject({ _id: service._id, broadcastRate: 1000 });
    const row = await ctx.deps.db
      .selectFrom('channels')
      .select('broadcast_rate')
      .where('id', '=', service._id)
      .executeTakeFirstOrThrow();
    expect(row.broadcast_rate).toBe(1000);

    for (const bad of [0, 1001, 12.5, '80', null]) {
      const res = await patch(admin, { broadcastRate: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'The broadcast speed must be a whole number from 1 to 1,000 messages per second',
      );
    }
    expect((await patch(supervisor, { broadcastRate: 100 })).statusCode).toBe(403);
    const stranger = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
    expect((await patch(stranger, { broadcastRate: 100 })).statusCode).toBe(404);
    await patch(admin, { broadcastRate: 80 });
  });

  it('a disabled channel keeps receiving but refuses to send, with a clear message', async () => {
    const chatChannel = (
      await ctx.deps.db
        .selectFrom('channels')
        .select(['id'])
        .where('account_id', '=', accountId)
        .where('is_enabled', '=', false)
        .executeTakeFirstOrThrow()
    ).id;
    const contact = await ctx.deps.db
      .insertInto('contacts')
      .values({ account_id: accountId, phone: null, attributes: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const chat = await ctx.deps.db
      .insertInto('chats')
      .values({
        account_id: accountId,
        channel_id: chatChannel,
        contact_id: contact.id,
        channel: 'whatsapp',
        identifier: '62811',
        initiate_at: ctx.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.auth,
      payload: { chatId: chat.id, text: 'hi' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CHANNEL_DISABLED');
  });

  it('shows admins the webhook URL and verify token to paste into Meta', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/services/webhook-info',
      headers: admin.auth,
    });
    expect(res.json()).toEqual({
      webhookUrl: 'http://sapa.test/webhooks/meta',
      verifyToken: 'test-verify-token',
    });
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/services/webhook-info',
          headers: agent.auth,
        })
      ).statusCode,
    ).toBe(403);
  });
});
