import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let agent: TestUser;
let supervisor: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  supervisor = await createUser(ctx, accountId, { role: 'supervisor' });
});
afterAll(() => ctx.close());

let n = 0;
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Toko WhatsApp',
  channel: 'whatsapp',
  displayPhoneNumber: '+6281100000099',
  phoneNumberId: String(300000000000000 + n++),
  wabaId: '400000000000001',
  accessToken: 'EAAG-very-secret-token',
  ...over,
});
const create = (user: TestUser, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/services', headers: user.auth, payload });

describe('POST /api/services (WhatsApp Cloud)', () => {
  it('connects a number; the access token is sealed at rest and never returned', async () => {
    const res = await create(admin, body({ phoneNumberId: '300000000000777' }));
    expect(res.statusCode).toBe(201);
    const service = res.json();
    expect(service).toMatchObject({
      name: 'Toko WhatsApp',
      channel: 'whatsapp',
      isEnable: true,
      externalId: '300000000000777',
      hasAccessToken: true,
    });
    expect(JSON.stringify(service)).not.toContain('very-secret');
    const row = await ctx.deps.db
      .selectFrom('channels')
      .select('access_token_sealed')
      .where('id', '=', service._id)
      .executeTakeFirstOrThrow();
    expect(row.access_token_sealed).not.toContain('very-secret');
    expect(ctx.deps.secrets.open(row.access_token_sealed!)).toBe('EAAG-very-secret-token');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/services', headers: admin.auth });
    expect(JSON.stringify(list.json())).not.toContain('very-secret');
  });

  it("refuses more channels than the account's limit with a clear message", async () => {
    const res = await create(admin, body());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CHANNEL_LIMIT',
      message: 'Your plan allows 1 WhatsApp channel. Remove one or ask us to raise the limit.',
    });
    await ctx.deps.db
      .insertInto('settings')
      .values({ account_id: accountId, key: 'bo.wabaChannelLimit', value: '3' })
      .execute();
    expect((await create(admin, body())).statusCode).toBe(201);
  });

  it('refuses a number another account already connected', async () => {
    const other = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
    const res = await create(other, body({ phoneNumberId: '300000000000777' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CHANNEL_EXISTS');
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
    expect((await create(agent, body())).statusCode).toBe(403);
    expect((await create(supervisor, body())).statusCode).toBe(403);
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
