import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { GraphStub } from '../../../test/graph-stub.js';
import { billConversation } from './conversations.js';
import {
  balanceOf,
  pricedAccount,
  replyAs,
  sendTemplate,
  settle,
  usageLedger,
  usageOf,
} from './test-helpers.js';

/** Each price rule, once per conversation or month, and refunds, through the real send paths. */
let ctx: TestContext;
let graph: GraphStub;
beforeAll(async () => {
  graph = await new GraphStub().start();
  ctx = await createTestContext({ config: { graphApiUrl: graph.url } });
});
afterAll(async () => {
  await ctx.close();
  await graph.stop();
});

const HOUR = 3_600_000;
const PRICES = { 'bo.userInitiatePrice': '350', 'bo.businessInitiatePrice': '550' };

async function replied(a: Awaited<ReturnType<typeof pricedAccount>>, chatId: string) {
  const res = await replyAs(ctx, a.admin, chatId);
  expect(res.statusCode, res.body).toBe(201);
  await settle(ctx);
  return Number(res.json<{ _id: string }>()._id);
}

describe('customer-initiated conversations', () => {
  it('costs bo.userInitiatePrice once per 24 hours, whatever the number of replies', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx, { settings: PRICES });
    const { chatId } = await a.writes();
    const first = await replied(a, chatId);
    ctx.clock.advance(HOUR);
    await replied(a, chatId);
    ctx.clock.advance(20 * HOUR);
    await a.customer.post({ from: (await chat(chatId)).identifier });
    await replied(a, chatId);
    expect(await usageOf(ctx, a.accountId)).toEqual([
      expect.objectContaining({
        kind: 'user_initiated',
        ref: `conv:${chatId}:${first}`,
        amount: '350.00',
        status: 'charged',
        message_id: first,
      }),
    ]);
    expect(await usageLedger(ctx, a.accountId)).toEqual([
      { kind: 'charge', amount: -350, orderId: `conv:${chatId}:${first}` },
    ]);
    expect(await balanceOf(ctx, a.accountId)).toBe(999_650);
  });

  it('charges again for the next window, at the account’s own price', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx, { settings: { 'bo.userInitiatePrice': '420.5' } });
    const { chatId, from } = await a.writes();
    await replied(a, chatId);
    ctx.clock.advance(25 * HOUR);
    await a.customer.post({ from });
    const second = await replied(a, chatId);
    const rows = await usageOf(ctx, a.accountId);
    expect(rows.map((r) => [r.kind, r.amount, r.status])).toEqual([
      ['user_initiated', '420.50', 'charged'],
      ['user_initiated', '420.50', 'charged'],
    ]);
    expect(rows[1]?.message_id).toBe(second);
    expect(await balanceOf(ctx, a.accountId)).toBe(1_000_000 - 841);
  });

  it('charges an automatic message like an agent’s reply, and never an inbound message', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx, { settings: PRICES });
    await a.writes();
    await a.writes();
    await settle(ctx);
    expect(await usageOf(ctx, a.accountId)).toEqual([]);
    const { sendAutoMessage } = await import('../../routing/auto-message.js');
    const { loadChatRows } = await import('../../conversations/index.js');
    const { chatId } = await a.writes();
    const [row] = await loadChatRows(ctx.deps.db, a.accountId, [chatId]);
    const sent = await sendAutoMessage(ctx.deps, row!, 'welcome', ctx.clock.now(), 'Halo!');
    expect(sent).not.toBeNull();
    await settle(ctx);
    expect(await usageOf(ctx, a.accountId)).toEqual([
      expect.objectContaining({ kind: 'user_initiated', message_id: sent!.message.id }),
    ]);
  });
});

describe('business-initiated conversations', () => {
  it('costs bo.businessInitiatePrice for a template into a closed window, once for 24 hours', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx, { settings: PRICES });
    const { chatId, from } = await a.writes();
    ctx.clock.advance(48 * HOUR);
    const res = await sendTemplate(ctx, a, chatId);
    expect(res.statusCode, res.body).toBe(201);
    await settle(ctx);
    // The customer answers the template and the agent replies: the same conversation.
    ctx.clock.advance(HOUR);
    await a.customer.post({ from });
    await replied(a, chatId);
    const rows = await usageOf(ctx, a.accountId);
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([['business_initiated', '550.00']]);
    expect(await balanceOf(ctx, a.accountId)).toBe(999_450);
  });

  it('does not charge a conversation a paid broadcast opened', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx, { settings: PRICES });
    const { chatId, from } = await a.writes();
    ctx.clock.advance(48 * HOUR);
    // The broadcast engine charged this send at claim (broadcasts' own tests prove that).
    const b = await ctx.deps.db
      .insertInto('broadcasts')
      .values({
        account_id: a.accountId,
        channel_id: a.channel.id,
        template_id: a.templateId,
        title: 'Promo',
        status: 'completed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.deps.db
      .insertInto('broadcast_recipients')
      .values({
        broadcast_id: b.id,
        account_id: a.accountId,
        channel_id: a.channel.id,
        row_number: 1,
        phone: from,
        status: 'delivered',
        sent_at: new Date(ctx.clock.now().getTime() - HOUR),
      })
      .execute();
    await a.customer.post({ from });
    await replied(a, chatId);
    expect(await usageOf(ctx, a.accountId)).toEqual([]);
    // A day after the broadcast the customer writes again: a new, customer-initiated one.
    ctx.clock.advance(24 * HOUR);
    await a.customer.post({ from });
    await replied(a, chatId);
    expect((await usageOf(ctx, a.accountId)).map((r) => r.kind)).toEqual(['user_initiated']);
  });
});

describe('monthly active contacts', () => {
  it('charges mauPrice once per contact per calendar month in the account time zone', async () => {
    // 23:30 on 31 January in Jakarta.
    ctx.clock.set('2026-01-31T16:30:00Z');
    const a = await pricedAccount(ctx, { settings: { mauPrice: '1000' } });
    const { from } = await a.writes();
    await a.writes(from);
    await a.customer.post({ from });
    await settle(ctx);
    const other = await a.writes();
    await settle(ctx);
    let rows = await usageOf(ctx, a.accountId);
    expect(rows.map((r) => [r.kind, r.amount, r.ref.slice(-7)])).toEqual([
      ['mau', '1000.00', '2026-01'],
      ['mau', '1000.00', '2026-01'],
    ]);
    // 00:30 on 1 February in Jakarta, still January in UTC: a new month for the account.
    ctx.clock.advance(HOUR);
    await a.customer.post({ from });
    await a.customer.post({ from: other.from });
    await settle(ctx);
    rows = await usageOf(ctx, a.accountId);
    expect(rows.map((r) => r.ref.slice(-7))).toEqual(['2026-01', '2026-01', '2026-02', '2026-02']);
    expect(await balanceOf(ctx, a.accountId)).toBe(996_000);
  });

  it('charges nothing while mauPrice is 0 (the default)', async () => {
    const a = await pricedAccount(ctx);
    await a.writes();
    await settle(ctx);
    expect(await usageOf(ctx, a.accountId)).toEqual([]);
  });
});

describe('exactly once', () => {
  it('books one charge for duplicates of the same event and concurrent billing', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx, { settings: PRICES });
    const { chatId } = await a.writes();
    ctx.events.length = 0;
    const messageId = await replied(a, chatId);
    const created = ctx.events.find((e) => e.type === 'message.created');
    expect(created).toBeDefined();
    for (let i = 0; i < 5; i++) ctx.deps.events.publish(created!);
    await Promise.all(Array.from({ length: 10 }, () => billConversation(ctx.deps, messageId)));
    await settle(ctx);
    expect(await usageOf(ctx, a.accountId)).toHaveLength(1);
    expect(await usageLedger(ctx, a.accountId)).toHaveLength(1);
    expect(await balanceOf(ctx, a.accountId)).toBe(999_650);
  });
});

describe('refunds', () => {
  beforeEach(async () => {
    // Sends earlier tests queued go out first, so the failure below meets the right message.
    await ctx.jobs.drain();
    await settle(ctx);
  });

  it('refunds a conversation whose only message failed; the next message charges again', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx, { settings: PRICES });
    const { chatId } = await a.writes();
    const failed = await replied(a, chatId);
    graph.reply(graph.graphError(400, 131026, 'Message undeliverable'));
    await ctx.jobs.drain();
    await settle(ctx);
    const ref = `conv:${chatId}:${failed}`;
    expect(await usageLedger(ctx, a.accountId)).toEqual([
      { kind: 'charge', amount: -350, orderId: ref },
      { kind: 'refund', amount: 350, orderId: ref },
    ]);
    expect((await usageOf(ctx, a.accountId))[0]?.status).toBe('refunded');
    expect(await balanceOf(ctx, a.accountId)).toBe(1_000_000);
    // A second failure event for it changes nothing.
    ctx.deps.events.publish({
      type: 'message.status',
      chat: await chat(chatId),
      messageId: String(failed),
      status: 'failed',
    });
    await settle(ctx);
    expect(await usageLedger(ctx, a.accountId)).toHaveLength(2);

    const next = await replied(a, chatId);
    await ctx.jobs.drain();
    await settle(ctx);
    expect((await usageOf(ctx, a.accountId)).map((r) => [r.message_id, r.status])).toEqual([
      [failed, 'refunded'],
      [next, 'charged'],
    ]);
    expect(await balanceOf(ctx, a.accountId)).toBe(999_650);
  });

  it('keeps the charge when another message of the conversation went through', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx, { settings: PRICES });
    const { chatId } = await a.writes();
    const first = await replied(a, chatId);
    const second = await replied(a, chatId);
    graph.reply(graph.graphError(400, 131026, 'Message undeliverable'));
    await ctx.jobs.drain();
    await settle(ctx);
    const rows = await usageOf(ctx, a.accountId);
    expect(rows.map((r) => [r.ref, r.message_id, r.status])).toEqual([
      [`conv:${chatId}:${first}`, second, 'charged'],
    ]);
    expect(await usageLedger(ctx, a.accountId)).toHaveLength(1);
    expect(await balanceOf(ctx, a.accountId)).toBe(999_650);
  });
});

async function chat(chatId: string) {
  const { loadChatRows } = await import('../../conversations/index.js');
  const [row] = await loadChatRows(ctx.deps.db, (await owner(chatId)).account_id, [chatId]);
  if (!row) throw new Error('chat not found');
  return row;
}

function owner(chatId: string) {
  return ctx.deps.db
    .selectFrom('chats')
    .select('account_id')
    .where('id', '=', chatId)
    .executeTakeFirstOrThrow();
}
