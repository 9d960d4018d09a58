import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import type { TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import type { GraphStub } from '../../test/graph-stub.js';
import { startSending, type SendingSetup } from '../../test/sending.js';
import { signed, status } from '../../test/whatsapp-fixtures.js';
import { runSendMessageJob } from './jobs/send-drain.js';

let setup: SendingSetup;
let ctx: TestContext;
let graph: GraphStub;
let admin: TestUser;
let channel: { id: string; phoneNumberId: string };
let chatId: string;

beforeAll(async () => {
  setup = await startSending({ token: 'secret-token' });
  ({ ctx, graph, admin, channel } = setup);
});
afterAll(() => setup.close());

const customerWrites = (from: string, body = 'Halo') => setup.customer.writes(from, body);

const send = (payload: Record<string, unknown>, user = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/messages', headers: user.auth, payload });
const messageRow = (id: string) =>
  ctx.deps.db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();

beforeEach(async () => {
  ctx.jobs.queued.length = 0;
  graph.calls.length = 0;
  chatId = await customerWrites(`62812${Math.floor(Math.random() * 1e7)}`);
  ctx.events.length = 0;
});

describe('outbound messages', () => {
  it('stores the reply as queue with its job, sends it, and records the wamid', async () => {
    const res = await send({ chatId, text: 'Ada kak, mau pesan?' });
    expect(res.statusCode).toBe(201);
    const msg = res.json();
    expect(msg).toMatchObject({
      status: 'queue',
      fromMe: true,
      text: 'Ada kak, mau pesan?',
      msgType: 'text',
    });
    expect(ctx.jobs.queued.map((j) => j.name)).toEqual(['message.send']);
    // The chat had no agent: the reply makes the replier its agent (reply-claims.test.ts).
    expect(ctx.events.map((e) => e.type)).toEqual(['chat.assigned', 'message.created']);

    await ctx.jobs.drain();
    const call = graph.calls.find((c) => c.path.endsWith(`/${channel.phoneNumberId}/messages`));
    expect(call?.auth).toBe('Bearer secret-token');
    expect(call?.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'text',
      text: { body: 'Ada kak, mau pesan?' },
    });
    const row = await messageRow(msg._id);
    expect(row.status).toBe('sent');
    expect(row.provider_message_id).toMatch(/^wamid\.OUT/);
    expect(
      ctx.events
        .filter((e) => e.type === 'message.status')
        .map((e) => e.type === 'message.status' && e.status),
    ).toEqual(['sent']);
  });

  it('a job run again after its send (a failed batch-mate, a pg-boss retry) sends nothing more', async () => {
    const res = await send({ chatId, text: 'Sekali saja' });
    const id = res.json()._id as string;
    await ctx.jobs.drain();
    await runSendMessageJob(ctx.deps, { messageId: id, attempt: 0 });
    const sends = graph.calls.filter((c) => c.path.endsWith(`/${channel.phoneNumberId}/messages`));
    expect(sends).toHaveLength(1);
    expect((await messageRow(id)).status).toBe('sent');
  });

  it('turns a red flag green', async () => {
    const before = await ctx.deps.db
      .selectFrom('chats')
      .select('flag')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(before.flag).toBe('red');
    await send({ chatId, text: 'ok' });
    const after = await ctx.deps.db
      .selectFrom('chats')
      .select('flag')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(after.flag).toBe('green');
  });

  it('is idempotent per generatedId', async () => {
    const a = await send({ chatId, text: 'once', generatedId: 'g-1' });
    const b = await send({ chatId, text: 'once', generatedId: 'g-1' });
    expect(b.json()._id).toBe(a.json()._id);
    expect(ctx.jobs.queued).toHaveLength(1);
  });

  it('retries 429 then 500 with growing, jittered delays, then succeeds', async () => {
    graph.reply(
      graph.graphError(429, 130429, 'throughput'),
      graph.graphError(500, 131000, 'unknown', true),
    );
    const msg = (await send({ chatId, text: 'retry me' })).json();
    await ctx.jobs.drain();
    const sends = ctx.jobs.history.filter(
      (j) => j.name === 'message.send' && (j.data as { messageId: string }).messageId === msg._id,
    );
    expect(sends.map((j) => (j.data as { attempt: number }).attempt)).toEqual([0, 1, 2]);
    const delays = sends.slice(1).map((j) => j.options.startAfterSeconds ?? 0);
    expect(delays[0]).toBeGreaterThanOrEqual(1);
    expect(delays[1]).toBeGreaterThanOrEqual(2);
    expect((await messageRow(msg._id)).status).toBe('sent');
  });

  it('a permanent error marks the message failed and tells the agent why', async () => {
    graph.reply(graph.graphError(400, 131026, 'Message undeliverable'));
    const msg = (await send({ chatId, text: 'nope' })).json();
    await ctx.jobs.drain();
    const row = await messageRow(msg._id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatchObject({ code: 131026 });
    const err = ctx.events.find((e) => e.type === 'message.error');
    expect(err?.type === 'message.error' && err.userId).toBe(admin.id);
  });

  it("131047 from Meta says can't send message out, use template instead", async () => {
    graph.reply(graph.graphError(400, 131047, 'Re-engagement message'));
    const msg = (await send({ chatId, text: 'late' })).json();
    await ctx.jobs.drain();
    const err = ctx.events.find((e) => e.type === 'message.error');
    expect(err?.type === 'message.error' && err.error.message).toBe(MESSAGES.windowClosedCode);
    expect((await messageRow(msg._id)).status).toBe('failed');
  });

  it('refuses to send outside the 24-hour window, on the server', async () => {
    const lastCustomerMessage = new Date(ctx.clock.now().getTime() - 24 * 60 * 60 * 1000 - 1000);
    await ctx.deps.db
      .updateTable('chats')
      .set({ initiate_at: lastCustomerMessage })
      .where('id', '=', chatId)
      .execute();
    const res = await send({ chatId, text: 'too late' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MESSAGES.windowClosedCode, code: 'WINDOW_CLOSED' });
    expect(ctx.jobs.queued).toHaveLength(0);
  });

  it('applies statuses that arrived before the wamid was known', async () => {
    graph.reply({
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.EARLY1' }] },
    });
    const { body, headers } = signed(
      status('wamid.EARLY1', 'delivered', {}, channel.phoneNumberId),
    );
    await ctx.app.inject({ method: 'POST', url: '/webhooks/meta', payload: body, headers });
    const msg = (await send({ chatId, text: 'fast' })).json();
    await ctx.jobs.drain();
    expect((await messageRow(msg._id)).status).toBe('delivered');
  });

  it('answers 404 for a chat of another account and validates the body', async () => {
    const other = await createUser(ctx, await createAccount(ctx));
    const res = await send({ chatId, text: 'hi' }, other);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.noActiveChatroom);
    const empty = await send({ chatId, text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The message field is required');
  });
});

describe('reading', () => {
  it('paginates messages newest page first, chronological within a page', async () => {
    for (let i = 0; i < 12; i++) await send({ chatId, text: `m${i}` });
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/api/messages/paginate?chatId=${chatId}&perpage=10`,
      headers: admin.auth,
    });
    const page = first.json();
    expect(page.data).toHaveLength(10);
    expect(page.data.at(-1).text).toBe('m11');
    const more = await ctx.app.inject({
      method: 'GET',
      url: `/api/messages/paginate?chatId=${chatId}&perpage=15&startKey=${page.nextKey}`,
      headers: admin.auth,
    });
    expect(more.json().data.map((m: { text: string }) => m.text)).toEqual(['Halo', 'm0', 'm1']);
    expect(more.json().nextKey).toBeNull();
  });

  it('lists chats with keyset pagination', async () => {
    const a = await ctx.app.inject({
      method: 'GET',
      url: '/api/chats/paginate?perpage=2',
      headers: admin.auth,
    });
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toHaveLength(2);
    const b = await ctx.app.inject({
      method: 'GET',
      url: `/api/chats/paginate?perpage=2&startKey=${a.json().nextKey}`,
      headers: admin.auth,
    });
    const ids = [...a.json().data, ...b.json().data].map((c: { _id: string }) => c._id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
