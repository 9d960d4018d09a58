import type { WebhookEventType } from '@sapa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat, fundAccount, openTicket } from '../../test/fixtures-inbox.js';
import { createTemplate } from '../broadcasts/test-helpers.js';
import { completeIfDone } from '../broadcasts/engine/progress.js';
import { loadChatRows } from '../conversations/index.js';
import { enableWebhooks } from './test-helpers.js';

/**
 * The transactional outbox: events published after their commit (assignment, resolving,
 * contacts, a broadcast's completion) have their outbox rows committed with the change. The
 * bus here drops every published event, as a process killed right after the commit would: the
 * rows must be there anyway.
 */
let ctx: TestContext;
let admin: TestUser;
let agent: TestUser;
let channelId: string;

const ALL: WebhookEventType[] = [
  'chat.assigned',
  'chat.resolved',
  'ticket.closed',
  'contact.created',
  'contact.updated',
  'broadcast.completed',
];

beforeAll(async () => {
  ctx = await createTestContext({
    webhooks: { retrySchedule: [0], allowedPrivateHosts: new Set(['127.0.0.1']) },
  });
  const accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId);
  agent = await createUser(ctx, accountId, { role: 'agent' });
  await enableWebhooks(ctx, accountId);
  await fundAccount(ctx, accountId);
  channelId = (await createWhatsappChannel(ctx, accountId)).id;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhook-endpoints',
    headers: admin.auth,
    payload: { url: 'http://127.0.0.1:9/hook', events: ALL },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

/** Every after-commit listener is skipped from here on: only in-transaction writes survive. */
const dropPublished = () => vi.spyOn(ctx.deps.events, 'publish').mockImplementation(() => {});

const rows = (type: WebhookEventType) =>
  ctx.deps.db
    .selectFrom('webhook_events as e')
    .select(['e.id', 'e.chat_id', 'e.sequence', 'e.body'])
    .select((eb) =>
      eb
        .selectFrom('webhook_deliveries as d')
        .select((d) => d.fn.countAll<string>().as('n'))
        .whereRef('d.event_id', '=', 'e.id')
        .as('deliveries'),
    )
    .where('e.account_id', '=', admin.accountId)
    .where('e.type', '=', type)
    .orderBy('e.id')
    .execute();

const dataOf = (row: { body: string }) =>
  (JSON.parse(row.body) as { data: Record<string, unknown> }).data;

describe('events recorded in the transaction of their change', () => {
  it('chat.assigned: written with the assignment, once, even when nothing is published', async () => {
    const chatId = await createChat(ctx, admin.accountId, { channelId });
    const before = (await rows('chat.assigned')).length;
    const publish = dropPublished();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chats/assign',
      headers: admin.auth,
      payload: { chatId, agentId: agent.id },
    });
    expect(res.statusCode).toBe(200);
    expect(publish).toHaveBeenCalledWith(expect.objectContaining({ type: 'chat.assigned' }));
    const written = (await rows('chat.assigned')).slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]!.chat_id).toBe(chatId);
    expect(Number(written[0]!.deliveries)).toBe(1);
    expect(dataOf(written[0]!)).toMatchObject({
      agentId: agent.id,
      by: { id: admin.id },
      chatId,
      sequence: written[0]!.sequence,
    });
  });

  it('chat.assigned with the bus publishing: the after-commit listener does not write it again', async () => {
    const chatId = await createChat(ctx, admin.accountId, { channelId });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chats/assign',
      headers: admin.auth,
      payload: { chatId, agentId: agent.id },
    });
    expect(res.statusCode).toBe(200);
    // Whatever the listener would do, it would have done it by the next turns of the loop.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await rows('chat.assigned')).filter((r) => r.chat_id === chatId)).toHaveLength(1);
  });

  it('chat.assigned by an agent claiming an unassigned chat with a send', async () => {
    const chatId = await createChat(ctx, admin.accountId, { channelId });
    dropPublished();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: agent.auth,
      payload: { chatId, text: 'Halo, saya bantu ya' },
    });
    expect(res.statusCode).toBe(201);
    const written = (await rows('chat.assigned')).filter((r) => r.chat_id === chatId);
    expect(written).toHaveLength(1);
    expect(dataOf(written[0]!)).toMatchObject({ agentId: agent.id, by: { id: agent.id } });
  });

  it('chat.resolved and ticket.closed: written with the resolve, in one chat sequence', async () => {
    const chatId = await createChat(ctx, admin.accountId, { channelId, agentId: agent.id });
    const ticketId = await openTicket(ctx, admin.accountId, chatId, agent.id);
    dropPublished();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chats/resolve-ticket',
      headers: agent.auth,
      payload: { chatId },
    });
    expect(res.statusCode).toBe(200);
    const resolved = (await rows('chat.resolved')).filter((r) => r.chat_id === chatId);
    const closed = (await rows('ticket.closed')).filter((r) => r.chat_id === chatId);
    expect(resolved).toHaveLength(1);
    expect(closed).toHaveLength(1);
    expect(dataOf(closed[0]!)).toMatchObject({ ticketId, by: { id: agent.id } });
    expect([resolved[0]!.sequence, closed[0]!.sequence]).toEqual([1, 2]);
  });

  it('contact.created and contact.updated: written with the contact; a refused write leaves none', async () => {
    dropPublished();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: admin.auth,
      payload: { name: 'Sari', phone: '6281234500011' },
    });
    expect(created.statusCode).toBe(201);
    const contactId = (created.json() as { _id: string })._id;
    const updated = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/contacts/${contactId}`,
      headers: admin.auth,
      payload: { name: 'Sari Dewi' },
    });
    expect(updated.statusCode).toBe(200);
    const ofContact = async (type: WebhookEventType) =>
      (await rows(type)).filter((r) => dataOf(r).contactId === contactId);
    const createdRows = await ofContact('contact.created');
    expect(createdRows).toHaveLength(1);
    expect(dataOf(createdRows[0]!)).toMatchObject({ contactId, name: 'Sari', channel: null });
    expect((await ofContact('contact.updated')).map((r) => dataOf(r).name)).toEqual(['Sari Dewi']);

    // The phone belongs to Sari: the second contact is refused (409) and writes no event.
    const createdBefore = (await rows('contact.created')).length;
    const taken = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: admin.auth,
      payload: { name: 'Budi', phone: '6281234500011' },
    });
    expect(taken.statusCode).toBe(409);
    expect(await rows('contact.created')).toHaveLength(createdBefore);
  });

  it('broadcast.completed: written with the completion, once', async () => {
    const templateId = await createTemplate(ctx, admin.accountId, channelId);
    const broadcastId = (
      await ctx.deps.db
        .insertInto('broadcasts')
        .values({
          account_id: admin.accountId,
          channel_id: channelId,
          template_id: templateId,
          created_by: admin.id,
          title: 'Promo',
          status: 'running',
          started_at: ctx.clock.now(),
          estimated_cost: 0,
          created_at: ctx.clock.now(),
          updated_at: ctx.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.deps.db
      .insertInto('broadcast_recipients')
      .values({
        broadcast_id: broadcastId,
        account_id: admin.accountId,
        channel_id: channelId,
        row_number: 1,
        phone: '6281200000001',
        status: 'delivered',
      })
      .execute();
    dropPublished();
    expect(await completeIfDone(ctx.deps, broadcastId, ctx.clock.now())).toBe(true);
    expect(await completeIfDone(ctx.deps, broadcastId, ctx.clock.now())).toBe(false);
    const written = (await rows('broadcast.completed')).filter(
      (r) => dataOf(r).broadcastId === broadcastId,
    );
    expect(written).toHaveLength(1);
    expect(dataOf(written[0]!)).toMatchObject({ status: 'completed', counts: { total: 1 } });
  });

  it('a rolled-back change writes no outbox row', async () => {
    const chatId = await createChat(ctx, admin.accountId, { channelId });
    await expect(
      ctx.deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('chats')
          .set({ agent_id: agent.id })
          .where('id', '=', chatId)
          .execute();
        const [chat] = await loadChatRows(trx, admin.accountId, [chatId]);
        await ctx.deps.events.record(trx, {
          type: 'chat.assigned',
          chat: chat!,
          before: { ...chat!, agent_id: null },
          by: null,
        });
        // The row is there inside the transaction ...
        const inside = await trx
          .selectFrom('webhook_events')
          .select('id')
          .where('chat_id', '=', chatId)
          .execute();
        expect(inside).toHaveLength(1);
        throw new Error('the change fails after its event was recorded');
      }),
    ).rejects.toThrow('the change fails');
    // ... and gone with the change, sequence number included.
    expect((await rows('chat.assigned')).filter((r) => r.chat_id === chatId)).toHaveLength(0);
    const seq = await ctx.deps.db
      .selectFrom('webhook_chat_sequences')
      .select('seq')
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
    expect(seq).toBeUndefined();
  });

  it('two transactions on one chat number its events in commit order', async () => {
    const chatId = await createChat(ctx, admin.accountId, { channelId });
    const [chat] = await loadChatRows(ctx.deps.db, admin.accountId, [chatId]);
    // Each transaction's event names it, so the numbers can be told apart.
    const event = (who: string) => ({
      type: 'chat.assigned' as const,
      chat: chat!,
      before: chat!,
      by: { _id: who, name: who },
    });
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstRecorded!: () => void;
    const recorded = new Promise<void>((resolve) => (firstRecorded = resolve));
    const first = ctx.deps.db.transaction().execute(async (trx) => {
      await ctx.deps.events.record(trx, event('first'));
      firstRecorded();
      await firstHolds;
      order.push('first commits');
    });
    await recorded;
    const second = ctx.deps.db.transaction().execute(async (trx) => {
      await ctx.deps.events.record(trx, event('second'));
      order.push('second recorded');
    });
    // The second waits on the chat's sequence row that the first holds until it commits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(order).toEqual([]);
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first commits', 'second recorded']);
    const written = (await rows('chat.assigned')).filter((r) => r.chat_id === chatId);
    const sequenceOf = (who: string) =>
      written.find((r) => JSON.stringify(dataOf(r)).includes(`"${who}"`))?.sequence;
    expect([sequenceOf('first'), sequenceOf('second')]).toEqual([1, 2]);
  });
});
