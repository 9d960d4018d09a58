import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../../test/fixtures.js';
import { fundAccount } from '../../../test/fixtures-inbox.js';
import {
  FakeLinkedSession,
  createLinkedChannel,
  customerText,
  leaseLinked,
  attachOpened,
} from '../../../test/linked-session.js';
import { SessionNotHereError } from '../../../channels/whatsapp-basic/port.js';
import { replyRefusal } from '../../conversations/index.js';
import { runFetchMediaJob } from '../jobs/fetch-media.job.js';
import { runMarkReadJob } from '../jobs/mark-read.job.js';
import type { Lease } from '../../whatsapp-basic/lease.js';
import { attachLinkedSession, type LinkedAttachment } from './session.js';
import { LINKED_IN_DOUBT_AFTER_MS, LINKED_SEND_GAP_MS } from './outbox.js';

let ctx: TestContext;
let admin: TestUser;
let channel: { id: string };
let session: FakeLinkedSession;
let hooks: LinkedAttachment;
let lease: Lease;
let chatId: string;
/** The outbox's own clock: pacing sleeps advance it instead of waiting. */
let now = Date.parse('2026-11-26T09:00:00Z');
const sleeps: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  channel = await createLinkedChannel(ctx, accountId);
  session = new FakeLinkedSession(() => now);
  lease = await leaseLinked(ctx, channel.id);
  hooks = await attachOpened(ctx, channel.id, () => session, lease, {
    manual: true,
    now: () => now,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  });
});
afterAll(async () => {
  await hooks.detach();
  await ctx.close();
});

beforeEach(async () => {
  const from = `62813${Math.floor(Math.random() * 1e7)}`;
  await hooks.onEvent({
    kind: 'events',
    origin: 'live',
    // Three days ago: well past any 24-hour window.
    events: [
      customerText(channel.id, {
        id: randomUUID(),
        from,
        text: 'Halo',
        at: new Date(ctx.clock.now().getTime() - 3 * 86_400_000),
      }),
    ],
  });
  chatId = (
    await ctx.deps.db
      .selectFrom('chats')
      .select('id')
      .where('identifier', '=', from)
      .executeTakeFirstOrThrow()
  ).id;
  session.sent.length = 0;
  sleeps.length = 0;
  ctx.jobs.queued.length = 0;
});

const send = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/messages', headers: admin.auth, payload });
const statusOf = async (id: string) =>
  (
    await ctx.deps.db
      .selectFrom('messages')
      .select(['status', 'provider_message_id', 'error'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow()
  ).status;

describe('sending through a linked number', () => {
  it('has no 24-hour window: a reply three days later is queued and sent', async () => {
    const [chat] = await ctx.deps.db
      .selectFrom('chats')
      .select(['channel', 'initiate_at'])
      .where('id', '=', chatId)
      .execute();
    expect(replyRefusal(ctx.deps.channels, chat!, ctx.clock.now(), 'automatic')).toBeNull();
    const res = await send({ chatId, text: 'Masih ada kak' });
    expect(res.statusCode).toBe(201);
    // The job only wakes the owner: it never calls the session itself.
    await ctx.jobs.drain();
    expect(session.sent).toEqual([]);
    expect(await statusOf(res.json()._id)).toBe('queue');
    expect(await hooks.outbox.drainOnce()).toMatchObject({ sent: 1 });
    expect(session.sent.map((s) => s.message)).toEqual([
      { type: 'text', to: expect.any(String), text: 'Masih ada kak', replyToProviderId: null },
    ]);
    const row = await ctx.deps.db
      .selectFrom('messages')
      .select(['status', 'provider_message_id'])
      .where('id', '=', Number(res.json()._id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'sent',
      provider_message_id: session.sent[0]!.providerMessageId,
    });
    // The claim is gone once the message left the queue: the table holds only work in flight.
    const claims = await ctx.deps.db
      .selectFrom('linked_send_claims')
      .select('message_id')
      .where('message_id', '=', Number(res.json()._id))
      .execute();
    expect(claims).toEqual([]);
  });

  it('sends in order, at least a second apart with jitter, and turns receipts into ticks', async () => {
    const ids: string[] = [];
    for (const text of ['satu', 'dua', 'tiga']) ids.push((await send({ chatId, text })).json()._id);
    await hooks.outbox.drainOnce();
    expect(session.sent.map((s) => (s.message as { text: string }).text)).toEqual([
      'satu',
      'dua',
      'tiga',
    ]);
    const gaps = session.sent.slice(1).map((s, i) => s.at - session.sent[i]!.at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(LINKED_SEND_GAP_MS);
    expect(gaps).toEqual([1500, 1500]);

    const wamid = session.sent[0]!.providerMessageId;
    ctx.events.length = 0;
    for (const status of ['delivered', 'read'] as const)
      await hooks.onEvent({
        kind: 'events',
        origin: 'live',
        events: [
          {
            kind: 'status',
            channelExternalId: channel.id,
            timestamp: ctx.clock.now(),
            providerMessageId: wamid,
            status,
            recipient: 'x',
            error: null,
            callbackData: null,
          },
        ],
      });
    expect(await statusOf(ids[0]!)).toBe('read');
    expect(ctx.events.flatMap((e) => (e.type === 'message.status' ? [e.status] : []))).toEqual([
      'delivered',
      'read',
    ]);
  });

  it('quotes the message it replies to', async () => {
    await hooks.onEvent({
      kind: 'events',
      origin: 'live',
      events: [
        customerText(channel.id, {
          id: 'Q-1',
          from: (
            await ctx.deps.db
              .selectFrom('chats')
              .select('identifier')
              .where('id', '=', chatId)
              .executeTakeFirstOrThrow()
          ).identifier,
          text: 'Berapa harganya?',
          at: ctx.clock.now(),
        }),
      ],
    });
    const quoted = await ctx.deps.db
      .selectFrom('messages')
      .select('id')
      .where('provider_message_id', '=', 'Q-1')
      .executeTakeFirstOrThrow();
    await send({ chatId, text: 'Rp 50.000', replyTo: String(quoted.id) });
    await hooks.outbox.drainOnce();
    expect(session.sent[0]?.message).toMatchObject({ type: 'text', replyToProviderId: 'Q-1' });
    expect(await hooks.sentMessage(session.sent[0]!.providerMessageId)).toMatchObject({
      type: 'text',
      text: 'Rp 50.000',
    });
  });

  it('never sends a message twice when two drains run at once', async () => {
    const ids: string[] = [];
    for (const text of ['a', 'b', 'c', 'd']) ids.push((await send({ chatId, text })).json()._id);
    // Two outboxes under one lease: the claim alone keeps each message to one send (a lease
    // handover, where the old owner is fenced out as well, is linked-fence.test.ts's).
    const other = await attachLinkedSession(ctx.deps, channel.id, () => session, lease, {
      manual: true,
      now: () => now,
      sleep: async () => {},
    });
    await other.onEvent({
      kind: 'open',
      account: { phone: '1', name: null, lid: null },
      firstLink: false,
    });
    await Promise.all([hooks.outbox.drainOnce(), other.outbox.drainOnce()]);
    await other.outbox.stop();
    expect(session.sent.map((s) => (s.message as { text: string }).text).sort()).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    for (const id of ids) expect(await statusOf(id)).toBe('sent');
  });

  it('after a crash between the send and recording it, declares the message in doubt and never resends', async () => {
    const id = (await send({ chatId, text: 'hilang' })).json()._id as string;
    session.next = 'lost';
    await hooks.outbox.drainOnce();
    expect(session.sent).toHaveLength(1);
    expect(await statusOf(id)).toBe('failed');

    // The other crash: a process claimed a message and died before WhatsApp answered (a claim
    // with no epoch, as before migration 0073: only its age puts it in doubt).
    const id2 = (await send({ chatId, text: 'terputus' })).json()._id as string;
    await ctx.deps.db
      .insertInto('linked_send_claims')
      .values({
        message_id: Number(id2),
        channel_id: channel.id,
        state: 'sending',
        claimed_at: new Date(now),
      })
      .execute();
    await hooks.outbox.drainOnce();
    expect(session.sent).toHaveLength(1);
    expect(await statusOf(id2)).toBe('queue');
    now += LINKED_IN_DOUBT_AFTER_MS + 1;
    expect(await hooks.outbox.drainOnce()).toMatchObject({ inDoubt: 1, sent: 0 });
    expect(session.sent).toHaveLength(1);
    const row = await ctx.deps.db
      .selectFrom('messages')
      .select(['status', 'error'])
      .where('id', '=', Number(id2))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(JSON.stringify(row.error)).toContain('may or may not have reached the customer');
  });

  it('retries a send that surely went nowhere, once, and fails a refusal at once', async () => {
    const id = (await send({ chatId, text: 'coba lagi' })).json()._id as string;
    session.next = 'retryable';
    expect(await hooks.outbox.drainOnce()).toMatchObject({ retried: 1, sent: 0 });
    expect(await statusOf(id)).toBe('queue');
    // Not before its backoff.
    expect(await hooks.outbox.drainOnce()).toMatchObject({ sent: 0 });
    now += 10_000;
    expect(await hooks.outbox.drainOnce()).toMatchObject({ sent: 1 });
    expect(session.sent).toHaveLength(1);
    expect(await statusOf(id)).toBe('sent');

    const refused = (await send({ chatId, text: 'nomor salah' })).json()._id as string;
    session.next = 'permanent';
    expect(await hooks.outbox.drainOnce()).toMatchObject({ failed: 1 });
    expect(await statusOf(refused)).toBe('failed');
  });

  it('waits while the session is closed and sends what was queued once it reconnects', async () => {
    await hooks.onEvent({ kind: 'close', reason: 'connection_lost', detail: null });
    const id = (await send({ chatId, text: 'nanti' })).json()._id as string;
    expect(await hooks.outbox.drainOnce()).toMatchObject({ sent: 0 });
    await hooks.onEvent({
      kind: 'open',
      account: { phone: '1', name: null, lid: null },
      firstLink: false,
    });
    expect(await hooks.outbox.drainOnce()).toMatchObject({ sent: 1 });
    expect(await statusOf(id)).toBe('sent');
  });

  it('a process without the session neither sends nor gives up a file', async () => {
    const notHere = await createLinkedChannel(ctx, admin.accountId);
    // Events can be stored here, but the session is not open in this process.
    const here = await attachLinkedSession(
      ctx.deps,
      notHere.id,
      () => new FakeLinkedSession(),
      await leaseLinked(ctx, notHere.id),
      { manual: true },
    );
    await here.onEvent({
      kind: 'events',
      origin: 'live',
      events: [
        {
          ...customerText(notHere.id, {
            id: 'NH-1',
            from: '6281400000001',
            text: '',
            at: ctx.clock.now(),
          }),
          msgType: 'image',
          payload: {},
          media: {
            source: 'provider_id',
            providerMediaId: 'X',
            mimeType: 'image/jpeg',
            sha256: null,
            filename: null,
          },
        },
      ],
    });
    await here.detach();
    const msg = await ctx.deps.db
      .selectFrom('messages')
      .select('id')
      .where('provider_message_id', '=', 'NH-1')
      .executeTakeFirstOrThrow();
    await runFetchMediaJob(ctx.deps, { messageId: String(msg.id), attempt: 5 });
    const after = await ctx.deps.db
      .selectFrom('messages')
      .select(['media_pending', 'payload'])
      .where('id', '=', msg.id)
      .executeTakeFirstOrThrow();
    expect(after.media_pending).toBe(true);
    expect(after.payload).not.toHaveProperty('media.failed');
    // Opening it here says it is on its way, not a server error.
    const opened = await ctx.app.inject({
      method: 'GET',
      url: `/api/messages/${msg.id}/media`,
      headers: admin.auth,
    });
    expect([opened.statusCode, opened.json().code]).toEqual([409, 'MEDIA_PENDING']);
    const open = ctx.deps.channels.open('whatsapp_basic', { channelId: notHere.id });
    await expect(
      open.send(
        { type: 'text', to: '6281400000001', text: 'x' },
        { lastInboundAt: null, now: new Date(), author: 'human', humanAgentExtension: false },
      ),
    ).rejects.toBeInstanceOf(SessionNotHereError);
  });

  it('tells WhatsApp a chat was read from the owner, whichever worker ran the job', async () => {
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select('identifier')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    session.read.length = 0;
    await runMarkReadJob(ctx.deps, { chatId, providerMessageId: 'OLDER' });
    await runMarkReadJob(ctx.deps, { chatId, providerMessageId: 'NEWEST' });
    expect(session.read).toEqual([]);
    expect(await hooks.outbox.drainOnce()).toMatchObject({ reads: 1 });
    expect(session.read).toEqual([{ customer: chat.identifier, ids: ['NEWEST'] }]);
    expect(await hooks.outbox.drainOnce()).toMatchObject({ reads: 0 });
  });

  it('refuses templates and broadcasts on a linked number with a clear 400', async () => {
    const template = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages/template',
      headers: admin.auth,
      payload: { chatId, templateId: randomUUID() },
    });
    expect(template.statusCode).toBe(400);
    expect(template.json().message).toBe(MESSAGES.templatesCloudOnly);
    const broadcast = await ctx.app.inject({
      method: 'POST',
      url: '/api/broadcasts',
      headers: admin.auth,
      payload: {
        draftId: randomUUID(),
        templateId: randomUUID(),
        channelId: channel.id,
        title: 'Promo',
        selfAssign: false,
      },
    });
    expect(broadcast.statusCode).toBe(400);
    expect(broadcast.json()).toMatchObject({
      code: 'BROADCAST_LINKED_NUMBER',
      message: BROADCAST_MESSAGES.linkedNumber,
    });
  });
});
