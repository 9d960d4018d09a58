import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  login,
  PASSWORD,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat } from '../../test/fixtures-inbox.js';
import { signed, text, wamid } from '../../test/whatsapp-fixtures.js';
import { WebhookDispatcher } from './dispatcher.js';
import { recordEvent } from './outbox.js';
import { TARGET_REFUSALS } from './target.js';
import { Receiver, enableWebhooks } from './test-helpers.js';

let ctx: TestContext;
let receiver: Receiver;
let dispatcher: WebhookDispatcher;
const SECOND = 1000;
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext({
    webhooks: { retrySchedule: [0, 5, 300, 1800], allowedPrivateHosts: new Set(['127.0.0.1']) },
  });
  dispatcher = new WebhookDispatcher(ctx.deps);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  // Standard Webhooks receivers refuse timestamps 5 minutes off real time.
  ctx.clock.set(new Date());
  receiver = await new Receiver().start();
});
afterEach(() => receiver.close());

async function setup(events: string[] = ['chat.assigned']) {
  const admin = await createUser(ctx, await createAccount(ctx));
  await enableWebhooks(ctx, admin.accountId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhook-endpoints',
    headers: await authOf(admin),
    payload: { url: receiver.url, events },
  });
  expect(res.statusCode).toBe(201);
  const endpoint = res.json() as { id: string; secret: string };
  return { admin, endpoint };
}

const event = (accountId: string, data: Record<string, unknown> = { agentId: null }) =>
  recordEvent(
    ctx.deps.db,
    { accountId, type: 'chat.assigned', at: ctx.clock.now(), data },
    ctx.clock.now(),
  );

/** Listeners of published events write their rows a moment after the answer. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
}

/** A fresh sign-in: tests move the clock past the access token's 15 minutes. */
const authOf = async (u: TestUser) => ({
  authorization: `Bearer ${await login(ctx, u.email, PASSWORD)}`,
});

async function deliveries(admin: TestUser, endpointId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/webhook-endpoints/${endpointId}/deliveries?perpage=100`,
    headers: await authOf(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: string;
    eventId: string;
    state: string;
    attempts: number;
    nextAttemptAt: string | null;
    log: {
      attempt: number;
      responseStatus: number | null;
      error: string | null;
      replay: boolean;
    }[];
  }[];
}

/** The endpoint as its admin reads it. */
async function endpointOf(admin: TestUser, endpointId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/webhook-endpoints/${endpointId}`,
    headers: await authOf(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { enabled: boolean; disabledReason: string | null };
}

/** The emails queued to an address. */
const mailsTo = (email: string) =>
  ctx.deps.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text'])
    .where('to_address', '=', email)
    .execute();

/** A dispatcher on another retry schedule (seconds). */
const dispatcherWith = (retrySchedule: number[]) =>
  new WebhookDispatcher({
    ...ctx.deps,
    config: { ...ctx.deps.config, webhooks: { ...ctx.deps.config.webhooks, retrySchedule } },
  });

/** Every due delivery, batch after batch. */
async function drain(): Promise<void> {
  while ((await dispatcher.runOnce()) > 0);
}

describe('webhook delivery', () => {
  it('signs each POST so the official standardwebhooks library verifies it', async () => {
    const { admin, endpoint } = await setup();
    const accountId = admin.accountId;
    expect(await event(accountId, { agentId: 'a1', divisionIds: [], by: null })).toBe(1);
    expect(await dispatcher.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    const payload = new Webhook(endpoint.secret).verify(got!.body, got!.headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe('chat.assigned');
    expect(payload.data.agentId).toBe('a1');
    // A tampered body or another secret fails verification.
    expect(() => new Webhook(endpoint.secret).verify(`${got!.body} `, got!.headers)).toThrow();
    expect(() =>
      new Webhook('whsec_' + Buffer.alloc(32, 1).toString('base64')).verify(
        got!.body,
        got!.headers,
      ),
    ).toThrow();
  });

  it('queues nothing with enable_webhook off, or for types the endpoint did not choose', async () => {
    const { admin } = await setup(['message.status']);
    expect(await event(admin.accountId)).toBe(0);
    await ctx.deps.db
      .updateTable('settings')
      .set({ value: 'false' })
      .where('account_id', '=', admin.accountId)
      .where('key', '=', 'enable_webhook')
      .execute();
    const off = await recordEvent(
      ctx.deps.db,
      {
        accountId: admin.accountId,
        type: 'message.status',
        chatId: null,
        at: ctx.clock.now(),
        data: {},
      },
      ctx.clock.now(),
    );
    expect(off).toBe(0);
  });

  it('retries on WEBHOOK_RETRY_SCHEDULE, 3xx counting as failure and never followed', async () => {
    const { admin, endpoint } = await setup();
    receiver.answer = (r) =>
      r.path === '/hook'
        ? { status: 302, headers: { location: `http://127.0.0.1:${receiver.port}/elsewhere` } }
        : { status: 200 };
    await event(admin.accountId);
    expect(await dispatcher.runOnce()).toBe(1);
    let [d] = await deliveries(admin, endpoint.id);
    expect(d).toMatchObject({ state: 'pending', attempts: 1 });
    expect(new Date(d!.nextAttemptAt!).getTime() - ctx.clock.now().getTime()).toBe(5 * SECOND);

    ctx.clock.advance(4 * SECOND);
    expect(await dispatcher.runOnce()).toBe(0);
    ctx.clock.advance(1 * SECOND);
    receiver.answer = () => ({ status: 500, body: 'boom' });
    expect(await dispatcher.runOnce()).toBe(1);
    [d] = await deliveries(admin, endpoint.id);
    expect(new Date(d!.nextAttemptAt!).getTime() - ctx.clock.now().getTime()).toBe(300 * SECOND);

    ctx.clock.advance(300 * SECOND);
    expect(await dispatcher.runOnce()).toBe(1);
    ctx.clock.advance(1799 * SECOND);
    expect(await dispatcher.runOnce()).toBe(0);
    ctx.clock.advance(1 * SECOND);
    expect(await dispatcher.runOnce()).toBe(1);
    // The schedule (4 attempts in this test's config) is spent: failed for good.
    [d] = await deliveries(admin, endpoint.id);
    expect(d).toMatchObject({ state: 'failed', attempts: 4, nextAttemptAt: null });
    expect(d!.log.map((a) => a.responseStatus)).toEqual([302, 500, 500, 500]);
    expect(d!.log[1]).toMatchObject({ attempt: 2 });
    expect(receiver.received.filter((r) => r.path === '/elsewhere')).toHaveLength(0);
    // Every attempt carried the same webhook-id.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([d!.eventId]),
    );
    ctx.clock.advance(10 * HOUR);
    expect(await dispatcher.runOnce()).toBe(0);
  });

  it('a 2xx after failures delivers; the log keeps each attempt with its answer', async () => {
    const { admin, endpoint } = await setup();
    let calls = 0;
    receiver.answer = () => (++calls === 1 ? { status: 503, body: 'busy' } : { status: 204 });
    await event(admin.accountId);
    await dispatcher.runOnce();
    ctx.clock.advance(5 * SECOND);
    await dispatcher.runOnce();
    const [d] = await deliveries(admin, endpoint.id);
    expect(d).toMatchObject({ state: 'delivered', attempts: 2, nextAttemptAt: null });
    expect(d!.log.map((a) => [a.attempt, a.responseStatus])).toEqual([
      [1, 503],
      [2, 204],
    ]);
  });

  it('410 disables the endpoint, ends what was queued for it and emails the admins', async () => {
    const { admin, endpoint } = await setup();
    receiver.answer = () => ({ status: 410 });
    await event(admin.accountId);
    await dispatcher.runOnce();
    await event(admin.accountId); // queued? no: the endpoint is off now
    expect(await endpointOf(admin, endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'gone',
    });
    const ds = await deliveries(admin, endpoint.id);
    expect(ds.map((d) => d.state)).toEqual(['failed']);
    const mail = await mailsTo(admin.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('410');
  });

  it('failing for 3 days disables the endpoint and emails the admins once', async () => {
    const { admin, endpoint } = await setup();
    const long = dispatcherWith([0, 86_400, 86_400, 86_400, 86_400]);
    receiver.answer = () => ({ status: 500 });
    await event(admin.accountId);
    await long.runOnce();
    for (let day = 1; day <= 2; day++) {
      ctx.clock.advance(24 * HOUR);
      expect(await long.runOnce()).toBe(1);
      const one = await endpointOf(admin, endpoint.id);
      expect(one.enabled).toBe(true);
    }
    ctx.clock.advance(24 * HOUR);
    expect(await long.runOnce()).toBe(1);
    const one = await endpointOf(admin, endpoint.id);
    expect(one).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = await mailsTo(admin.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('3 days');
  });

  it('a success ends the failing streak (no disable after 3 days of mixed results)', async () => {
    const { admin, endpoint } = await setup();
    const long = dispatcherWith([0, 86_400, 86_400, 86_400]);
    receiver.answer = () => ({ status: 500 });
    await event(admin.accountId);
    await long.runOnce();
    ctx.clock.advance(48 * HOUR);
    receiver.answer = () => ({ status: 200 });
    await event(admin.accountId);
    await long.runOnce(); // both due: one succeeds
    receiver.answer = () => ({ status: 500 });
    ctx.clock.advance(25 * HOUR);
    await event(admin.accountId);
    await long.runOnce();
    const one = await endpointOf(admin, endpoint.id);
    expect(one.enabled).toBe(true);
  });

  it('replay re-sends the same webhook-id, even after the schedule ended', async () => {
    const { admin, endpoint } = await setup();
    receiver.answer = () => ({ status: 500 });
    await event(admin.accountId);
    for (const wait of [0, 5, 300, 1800]) {
      ctx.clock.advance(wait * SECOND);
      await dispatcher.runOnce();
    }
    const [failed] = await deliveries(admin, endpoint.id);
    expect(failed!.state).toBe('failed');
    receiver.answer = () => ({ status: 200 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhook-endpoints/${endpoint.id}/deliveries/${failed!.id}/replay`,
      headers: await authOf(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'delivered', attempts: 5 });
    expect(res.json().log.at(-1)).toMatchObject({ replay: true, responseStatus: 200 });
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(5);
    expect(new Set(ids)).toEqual(new Set([failed!.eventId]));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    // Another account's admin cannot replay it.
    const stranger = await createUser(ctx, await createAccount(ctx));
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhook-endpoints/${endpoint.id}/deliveries/${failed!.id}/replay`,
      headers: await authOf(stranger),
    });
    expect(other.statusCode).toBe(404);
  });

  it('sends a test event on demand', async () => {
    const { admin, endpoint } = await setup();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhook-endpoints/${endpoint.id}/test`,
      headers: await authOf(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ eventType: 'webhook.test', state: 'delivered' });
    const body = new Webhook(endpoint.secret).verify(
      receiver.received[0]!.body,
      receiver.received[0]!.headers,
    ) as { type: string };
    expect(body.type).toBe('webhook.test');
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const { admin, endpoint } = await setup();
    const rotated = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/webhook-endpoints/${endpoint.id}/rotate-secret`,
        headers: await authOf(admin),
      })
    ).json() as { secret: string };
    await event(admin.accountId);
    await dispatcher.runOnce();
    const first = receiver.received[0]!;
    expect(first.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(endpoint.secret).verify(first.body, first.headers)).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(first.body, first.headers)).not.toThrow();

    ctx.clock.advance(24 * HOUR + SECOND);
    const later = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhook-endpoints/${endpoint.id}/test`,
      headers: await authOf(admin),
    });
    expect(later.statusCode).toBe(200);
    const second = receiver.received[1]!;
    expect(second.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    // Verifying at the simulated time: the library checks the timestamp against the real clock.
    const { Webhook: W } = await import('standardwebhooks');
    const now = ctx.clock.now();
    const real = Date.now;
    Date.now = () => now.getTime();
    try {
      expect(() => new W(rotated.secret).verify(second.body, second.headers)).not.toThrow();
      expect(() => new W(endpoint.secret).verify(second.body, second.headers)).toThrow();
    } finally {
      Date.now = real;
    }
  });

  it('checks the address again at each delivery: a host no longer allowed is refused unsent', async () => {
    const { admin, endpoint } = await setup();
    const strict = new WebhookDispatcher({
      ...ctx.deps,
      config: {
        ...ctx.deps.config,
        webhooks: { ...ctx.deps.config.webhooks, allowedPrivateHosts: new Set() },
      },
    });
    await event(admin.accountId);
    expect(await strict.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const [d] = await deliveries(admin, endpoint.id);
    expect(d!.log[0]).toMatchObject({ responseStatus: null, error: TARGET_REFUSALS.https });
  });

  it('gives each chat its own growing sequence', async () => {
    const { admin } = await setup(['chat.assigned']);
    const channel = await createWhatsappChannel(ctx, admin.accountId);
    const a = await createChat(ctx, admin.accountId, { channelId: channel.id });
    const b = await createChat(ctx, admin.accountId, { channelId: channel.id });
    for (const chatId of [a, b, a, a, b])
      await recordEvent(
        ctx.deps.db,
        {
          accountId: admin.accountId,
          type: 'chat.assigned',
          chatId,
          at: ctx.clock.now(),
          data: {},
        },
        ctx.clock.now(),
      );
    await drain();
    const seen = receiver.received.map(
      (r) => (JSON.parse(r.body) as { data: { chatId: string; sequence: number } }).data,
    );
    const of = (chatId: string) =>
      seen
        .filter((d) => d.chatId === chatId)
        .map((d) => d.sequence)
        .sort();
    expect(of(a)).toEqual([1, 2, 3]);
    expect(of(b)).toEqual([1, 2]);
  });

  it('a customer message from Meta reaches the endpoint as chat.created then message.received', async () => {
    const { admin, endpoint } = await setup(['message.received', 'chat.created']);
    const channel = await createWhatsappChannel(ctx, admin.accountId);
    const send = (body: string, id = wamid()) => {
      const hook = signed(
        text(body, { phoneNumberId: channel.phoneNumberId, id, from: '6281234500001' }),
      );
      return ctx.app.inject({
        method: 'POST',
        url: '/webhooks/meta',
        payload: hook.body,
        headers: hook.headers,
      });
    };
    const first = wamid();
    expect((await send('hello', first)).statusCode).toBe(200);
    expect((await send('hello', first)).statusCode).toBe(200); // Meta's redelivery: a duplicate
    expect((await send('second')).statusCode).toBe(200);
    await drain();
    const bodies = receiver.received.map((r) => {
      new Webhook(endpoint.secret).verify(r.body, r.headers);
      return JSON.parse(r.body) as { type: string; data: Record<string, unknown> };
    });
    const ordered = bodies.sort((x, y) => Number(x.data.sequence) - Number(y.data.sequence));
    expect(ordered.map((b) => [b.type, b.data.sequence])).toEqual([
      ['chat.created', 1],
      ['message.received', 2],
      ['message.received', 3],
    ]);
    expect(ordered[1]!.data).toMatchObject({
      text: 'hello',
      type: 'text',
      providerMessageId: first,
      from: { id: '6281234500001', phone: '6281234500001' },
    });
    expect(ordered[0]!.data.customerId).toBe('6281234500001');
    expect(await deliveries(admin, endpoint.id)).toHaveLength(3);
  });

  it('announces contacts created and changed through the API', async () => {
    const { admin, endpoint } = await setup(['contact.created', 'contact.updated']);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: await authOf(admin),
      payload: { name: 'Budi', phone: '0812-3456-7890' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/contacts/${id}`,
      headers: await authOf(admin),
      payload: { name: 'Budi Santoso' },
    });
    expect(patched.statusCode).toBe(200);
    await until(async () => (await deliveries(admin, endpoint.id)).length === 2);
    await drain();
    const got = receiver.received
      .map(
        (r) =>
          new Webhook(endpoint.secret).verify(r.body, r.headers) as {
            type: string;
            data: { contactId: string; name: string; phone: string };
          },
      )
      .sort((a, b) => a.type.localeCompare(b.type));
    expect(got.map((g) => [g.type, g.data.name, g.data.contactId])).toEqual([
      ['contact.created', 'Budi', id],
      ['contact.updated', 'Budi Santoso', id],
    ]);
    expect(got[0]!.data.phone).toBe('81234567890');
  });
});
