import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { sandboxPair, until, type SandboxPair } from '../../test/sandbox-pair.js';
import { signed, text } from '../../test/whatsapp-fixtures.js';
import { openChannelConfig } from '../../channels/sealed-config.js';
import { routeEvent } from '../../realtime/routing.js';
import { socketRooms } from '../../realtime/session-guard.js';
import { adminsRoom } from '../conversations/index.js';
import type { Principal } from '../auth/principal.js';
import { runTokenCheckJob } from './token-check.job.js';
import { webhookClockFor } from './webhook-clock.js';

/**
 * Issue 17 §3 against the Meta sandbox over real HTTP: edit (rotate a token), disconnect,
 * reconnect, delete, and health (a refused token on send and in the periodic check).
 */
let pair: SandboxPair;
let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let agent: TestUser;
let supervisor: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  pair = await sandboxPair();
  ctx = pair.ctx;
  accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  await ctx.deps.db
    .insertInto('settings')
    .values({ account_id: accountId, key: 'bo.wabaChannelLimit', value: '1' })
    .execute();
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  supervisor = await createUser(ctx, accountId, { role: 'supervisor' });
  const other = await createAccount(ctx);
  otherAdmin = await createUser(ctx, other, { role: 'admin' });
}, 60_000);
afterAll(() => pair?.close());

let n = 0;
/** A number the sandbox knows, with its token; `register` again with a new token rotates it. */
function metaNumber() {
  const i = n++;
  return {
    phoneNumberId: String(500000000000000 + i),
    displayPhoneNumber: String(6281200000100 + i),
    wabaId: String(600000000000000 + i),
    accessToken: `EAAG-first-token-${i}`,
    name: `Toko ${i}`,
  };
}
type MetaNumber = ReturnType<typeof metaNumber>;
const register = async (number: MetaNumber) => {
  const res = await fetch(`${pair.sandboxUrl}/sandbox/numbers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(number),
  });
  expect(res.status).toBe(201);
};

const api = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url,
    headers: user.auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** Connects a fresh sandbox number for the account; its channel id and number. */
async function connected(): Promise<{ id: string; number: MetaNumber }> {
  const number = metaNumber();
  await register(number);
  const res = await api(admin, 'POST', '/api/services', {
    name: 'Toko WhatsApp',
    channel: 'whatsapp',
    displayPhoneNumber: `+${number.displayPhoneNumber}`,
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json()._id as string, number };
}

/** A customer writes through the sandbox (so Meta's window opens too); the chat it lands in. */
async function customerWrites(number: MetaNumber, waId: string, body: string) {
  const res = await fetch(`${pair.sandboxUrl}/sandbox/customers/${waId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      phoneNumberId: number.phoneNumberId,
      name: 'Pelanggan',
      type: 'text',
      text: { body },
    }),
  });
  expect(res.ok).toBe(true);
  return until(() =>
    ctx.deps.db
      .selectFrom('chats as c')
      .innerJoin('messages as m', 'm.chat_id', 'c.id')
      .select(['c.id'])
      .where('c.identifier', '=', waId)
      .where('m.text', '=', body)
      .executeTakeFirst(),
  );
}

async function reply(chatId: string, body: string) {
  const res = await api(admin, 'POST', '/api/messages', { chatId, text: body });
  await ctx.jobs.drain();
  return res;
}
const statusOf = async (id: string) =>
  (
    await ctx.deps.db
      .selectFrom('messages')
      .select(['status', 'error'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow()
  ).status;
const sealedConfig = async (id: string) => {
  const row = await ctx.deps.db
    .selectFrom('channels')
    .select(['config_sealed', 'name', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, config: openChannelConfig(ctx.deps.secrets, row.config_sealed ?? '') };
};
const attentionMails = () =>
  ctx.deps.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject'])
    .where('account_id', '=', accountId)
    .where('template', '=', 'channel_attention')
    .execute();
const healthEvents = () => ctx.events.filter((e) => e.type === 'channel.health');

// Each test connects its own number into the account's one-channel plan: make room first.
beforeEach(async () => {
  const now = new Date();
  await ctx.deps.db
    .updateTable('channels')
    .set({ disconnected_at: now, deleted_at: now })
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .execute();
});

describe('PATCH /api/services/:id', () => {
  it('refuses a token Meta refuses with a 422 and changes nothing, not even the name', async () => {
    const { id } = await connected();
    const before = await sealedConfig(id);
    const res = await api(admin, 'PATCH', `/api/services/${id}`, {
      name: 'Renamed',
      accessToken: 'EAAG-a-token-nobody-has',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('CHANNEL_NOT_VERIFIED');
    expect(await sealedConfig(id)).toEqual(before);
  });

  it('rotates the token in place: same channel, chats and history; the new token sends', async () => {
    const { id, number } = await connected();
    const chat = await customerWrites(number, '6281700001001', 'halo sebelum rotasi');
    // Meta (the sandbox) replaces the number's token: the old one now answers 190.
    await register({ ...number, accessToken: 'EAAG-rotated-token-0001' });
    const res = await api(admin, 'PATCH', `/api/services/${id}`, {
      accessToken: 'EAAG-rotated-token-0001',
    });
    expect(res.statusCode, res.body).toBe(200);
    const service = res.json();
    expect(service._id).toBe(id);
    expect(JSON.stringify(service)).not.toContain('EAAG-rotated-token-0001');
    expect(service.health).toMatchObject({ status: 'ok', tokenValid: true });
    expect((await sealedConfig(id)).config).toMatchObject({
      accessToken: 'EAAG-rotated-token-0001',
    });
    const history = await api(admin, 'GET', `/api/messages/paginate?chatId=${chat.id}`);
    expect(history.json().data.map((m: { text: string }) => m.text)).toContain(
      'halo sebelum rotasi',
    );
    const sent = await reply(chat.id, 'dengan token baru');
    expect(sent.statusCode).toBe(201);
    expect(await statusOf(sent.json()._id)).toBe('sent');
  });

  it('changes the name alone without asking Meta', async () => {
    const { id } = await connected();
    const res = await api(admin, 'PATCH', `/api/services/${id}`, { name: 'Toko Bandung' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Toko Bandung');
    expect((await api(admin, 'PATCH', `/api/services/${id}`, {})).statusCode).toBe(400);
  });
});

describe('disconnect and reconnect', () => {
  it('stops sending and receiving, keeps history, and reconnect brings both back', async () => {
    const { id, number } = await connected();
    const chat = await customerWrites(number, '6281700002001', 'sebelum putus');
    const off = await api(admin, 'POST', `/api/services/${id}/disconnect`);
    expect(off.statusCode).toBe(200);
    expect(off.json().state).toBe('disconnected');

    const refused = await reply(chat.id, 'tidak boleh keluar');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CHANNEL_DISCONNECTED');

    // Meta keeps delivering for a while: acknowledged, nothing stored.
    const hook = signed(
      text('setelah putus', { from: '6281700002001', phoneNumberId: number.phoneNumberId }),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/meta',
      headers: hook.headers,
      payload: hook.body,
    });
    expect(res.statusCode).toBe(200);
    const stored = await ctx.deps.db
      .selectFrom('messages')
      .select('id')
      .where('text', '=', 'setelah putus')
      .execute();
    expect(stored).toEqual([]);
    const history = await api(admin, 'GET', `/api/messages/paginate?chatId=${chat.id}`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data.map((m: { text: string }) => m.text)).toContain('sebelum putus');
    expect((await api(admin, 'POST', `/api/services/${id}/disconnect`)).statusCode).toBe(409);

    const on = await api(admin, 'POST', `/api/services/${id}/reconnect`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ state: 'connected', health: { tokenValid: true } });
    await customerWrites(number, '6281700002001', 'setelah sambung lagi');
    const sent = await reply(chat.id, 'keluar lagi');
    expect(sent.statusCode).toBe(201);
    expect(await statusOf(sent.json()._id)).toBe('sent');
  });

  it('fails a message queued before the disconnect, without calling Meta', async () => {
    const { id, number } = await connected();
    const chat = await customerWrites(number, '6281700002002', 'halo');
    const queued = await api(admin, 'POST', '/api/messages', { chatId: chat.id, text: 'antre' });
    expect(queued.statusCode).toBe(201);
    expect((await api(admin, 'POST', `/api/services/${id}/disconnect`)).statusCode).toBe(200);
    await ctx.jobs.drain();
    expect(await statusOf(queued.json()._id)).toBe('failed');
  });

  it('reconnect asks Meta first: a revoked token leaves it disconnected with the reason', async () => {
    const { id, number } = await connected();
    expect((await api(admin, 'POST', `/api/services/${id}/disconnect`)).statusCode).toBe(200);
    await register({ ...number, accessToken: 'EAAG-someone-rotated-it' });
    const res = await api(admin, 'POST', `/api/services/${id}/reconnect`);
    expect(res.statusCode).toBe(422);
    expect((await api(admin, 'GET', `/api/services/${id}`)).json().state).toBe('disconnected');
  });
});

describe('DELETE /api/services/:id', () => {
  it('deletes only a disconnected channel, frees the plan limit, archives its chats', async () => {
    const { id, number } = await connected();
    const chat = await customerWrites(number, '6281700003001', 'riwayat');
    const busy = await api(admin, 'DELETE', `/api/services/${id}`);
    expect(busy.statusCode).toBe(409);
    // The plan allows one WhatsApp number: a second is refused while this one exists.
    const spare = metaNumber();
    await register(spare);
    const body = {
      name: 'Nomor asli',
      channel: 'whatsapp',
      displayPhoneNumber: `+${spare.displayPhoneNumber}`,
      phoneNumberId: spare.phoneNumberId,
      wabaId: spare.wabaId,
      accessToken: spare.accessToken,
    };
    expect((await api(admin, 'POST', '/api/services', body)).json().code).toBe('CHANNEL_LIMIT');

    expect((await api(admin, 'POST', `/api/services/${id}/disconnect`)).statusCode).toBe(200);
    expect((await api(admin, 'DELETE', `/api/services/${id}`)).json()).toEqual({ ok: true });
    expect((await api(admin, 'GET', `/api/services/${id}`)).statusCode).toBe(404);
    const list = (await api(admin, 'GET', '/api/services')).json().data as { _id: string }[];
    expect(list.map((s) => s._id)).not.toContain(id);

    const archived = await ctx.deps.db
      .selectFrom('chats')
      .select('is_archive')
      .where('id', '=', chat.id)
      .executeTakeFirstOrThrow();
    expect(archived.is_archive).toBe(true);
    const history = await api(admin, 'GET', `/api/messages/paginate?chatId=${chat.id}`);
    expect(history.json().data.map((m: { text: string }) => m.text)).toContain('riwayat');

    expect((await api(admin, 'POST', '/api/services', body)).statusCode).toBe(201);
  });

  it("lets another account connect a deleted channel's number, after Meta vouches", async () => {
    const { id, number } = await connected();
    await api(admin, 'POST', `/api/services/${id}/disconnect`);
    const connect = (token: string) =>
      api(otherAdmin, 'POST', '/api/services', {
        name: 'Pemilik baru',
        channel: 'whatsapp',
        displayPhoneNumber: `+${number.displayPhoneNumber}`,
        phoneNumberId: number.phoneNumberId,
        wabaId: number.wabaId,
        accessToken: token,
      });
    // Still held (disconnected is not deleted): the neutral refusal, as decision 24 wants.
    expect((await connect(number.accessToken)).statusCode).toBe(422);
    await api(admin, 'DELETE', `/api/services/${id}`);
    expect((await connect('EAAG-guessed-token-000')).statusCode).toBe(422);
    expect((await connect(number.accessToken)).statusCode).toBe(201);
  });
});

describe('health', () => {
  const principal = (user: TestUser, role: Principal['role']): Principal => ({
    userId: user.id,
    accountId,
    sessionId: 's',
    role,
    name: 'x',
    email: 'x@example.com',
    accountType: 'regular',
    twoFactorEnabled: false,
    twoFactorVerified: false,
    divisionIds: [],
    agentIds: [],
    divisionOnlyView: false,
    allChat: true,
  });

  it('a token Meta refuses on send marks the channel, tells the admins once; a working send clears it', async () => {
    const { id, number } = await connected();
    const chat = await customerWrites(number, '6281700004001', 'halo');
    const mailsBefore = (await attentionMails()).length;
    const eventsBefore = healthEvents().length;
    await register({ ...number, accessToken: 'EAAG-revoked-elsewhere-1' });

    const first = await reply(chat.id, 'satu');
    const second = await reply(chat.id, 'dua');
    expect(await statusOf(first.json()._id)).toBe('failed');
    expect(await statusOf(second.json()._id)).toBe('failed');

    const service = (await api(agent, 'GET', `/api/services/${id}`)).json();
    expect(service.health).toMatchObject({
      status: 'needs_attention',
      reason: expect.stringContaining('refused'),
      lastSendError: expect.any(String),
      lastSendErrorAt: expect.any(String),
      tokenValid: false,
    });
    const events = healthEvents().slice(eventsBefore);
    expect(events).toHaveLength(1);
    const [routed] = routeEvent(events[0]!);
    expect(routed).toMatchObject({ name: 'channel.health', rooms: [adminsRoom(accountId)] });
    expect(socketRooms(principal(admin, 'admin'))).toContain(adminsRoom(accountId));
    expect(socketRooms(principal(agent, 'agent'))).not.toContain(adminsRoom(accountId));
    expect(socketRooms(principal(supervisor, 'supervisor'))).not.toContain(adminsRoom(accountId));
    const mails = (await attentionMails()).slice(mailsBefore);
    expect(mails).toEqual([{ to_address: admin.email, subject: expect.any(String) }]);

    // Meta gives the number its token back: the next send works and closes the incident.
    await register(number);
    const third = await reply(chat.id, 'tiga');
    expect(await statusOf(third.json()._id)).toBe('sent');
    expect((await api(admin, 'GET', `/api/services/${id}`)).json().health).toMatchObject({
      status: 'ok',
      tokenValid: true,
    });
    expect(healthEvents().slice(eventsBefore)).toHaveLength(2);
  });

  it('the token check flips a channel whose token was revoked while nothing was sent, and back', async () => {
    const { id, number } = await connected();
    await ctx.deps.db.updateTable('channels').set({ token_checked_at: null }).execute();
    await register({ ...number, accessToken: 'EAAG-revoked-quietly-01' });
    const run = await runTokenCheckJob(ctx.deps);
    expect(run.refused).toBeGreaterThanOrEqual(1);
    const after = (await api(admin, 'GET', `/api/services/${id}`)).json();
    expect(after.health).toMatchObject({
      status: 'needs_attention',
      tokenValid: false,
      tokenCheckedAt: expect.any(String),
    });
    // Checked just now: the next run leaves it alone until the interval has passed.
    expect((await runTokenCheckJob(ctx.deps)).checked).toBe(0);

    const fixed = await api(admin, 'PATCH', `/api/services/${id}`, {
      accessToken: 'EAAG-revoked-quietly-01',
    });
    expect(fixed.json().health).toMatchObject({ status: 'ok', tokenValid: true });
  });

  it('records the last webhook time without a write per webhook', async () => {
    const { id, number } = await connected();
    // Whatever earlier tests left pending is written now, so this test's stamps wait for its flush.
    await webhookClockFor(ctx.deps.db).flush();
    await customerWrites(number, '6281700005001', 'satu');
    await customerWrites(number, '6281700005001', 'dua');
    const before = (await api(admin, 'GET', `/api/services/${id}`)).json();
    expect(before.health.lastWebhookAt).toBeNull();
    await webhookClockFor(ctx.deps.db).flush();
    const after = (await api(admin, 'GET', `/api/services/${id}`)).json();
    expect(after.health.lastWebhookAt).toEqual(expect.any(String));
  });
});

describe('who may manage', () => {
  it('answers 404 for another account’s channel and 403 to supervisors and agents', async () => {
    const { id } = await connected();
    const calls: ['PATCH' | 'POST' | 'DELETE', string, unknown?][] = [
      ['PATCH', `/api/services/${id}`, { name: 'x' }],
      ['POST', `/api/services/${id}/disconnect`],
      ['POST', `/api/services/${id}/reconnect`],
      ['DELETE', `/api/services/${id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await api(otherAdmin, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await api(agent, method, url, body)).statusCode).toBe(403);
      expect((await api(supervisor, method, url, body)).statusCode).toBe(403);
    }
    expect((await api(otherAdmin, 'GET', `/api/services/${id}`)).statusCode).toBe(404);
  });
});
