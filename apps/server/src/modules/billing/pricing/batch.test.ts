import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessageStatus } from '../../../db/schema-messaging.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createChat } from '../../../test/fixtures-inbox.js';
import { loadChatRows, loadMessageRows } from '../../conversations/index.js';
import { billConversation, billConversations } from './conversations.js';
import {
  balanceOf,
  pricedAccount,
  settle,
  storedSilently,
  usageLedger,
  usageOf,
} from './test-helpers.js';

/**
 * Business messages billed a turn at a time (billConversations, which the message.created
 * listener uses): however the batches overlap, repeat ids or race single calls, each
 * conversation is charged once and a message that cannot open one costs nothing.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;

/** A message stored without its event reaching any listener; a reply waits in `queue` unless told. */
const stored = (
  accountId: string,
  chatId: string,
  m: { fromMe: boolean; status?: StoredMessageStatus; at: Date },
) => storedSilently(ctx, accountId, chatId, { status: m.fromMe ? 'queue' : 'received', ...m });

const shuffled = <T>(xs: T[]) => [...xs].sort(() => Math.random() - 0.5);

describe('billConversations', () => {
  it('charges each conversation once under overlapping batches, duplicates and single calls', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx);
    const start = ctx.clock.now().getTime();
    const replies: number[] = [];
    const chats: string[] = [];
    for (let c = 0; c < 6; c++) {
      const chatId = await createChat(ctx, a.accountId, { channelId: a.channel.id });
      chats.push(chatId);
      await stored(a.accountId, chatId, { fromMe: false, at: new Date(start) });
      for (let r = 1; r <= 4; r++)
        replies.push(
          await stored(a.accountId, chatId, { fromMe: true, at: new Date(start + r * MINUTE) }),
        );
    }
    // A chat whose only business message already failed, and a customer's own message: no charge.
    const deadChat = await createChat(ctx, a.accountId, { channelId: a.channel.id });
    const inbound = await stored(a.accountId, deadChat, { fromMe: false, at: new Date(start) });
    const failed = await stored(a.accountId, deadChat, {
      fromMe: true,
      status: 'failed',
      at: new Date(start + MINUTE),
    });
    const all = [...replies, inbound, failed];

    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => billConversations(ctx.deps, shuffled([...all, ...all]))),
      ...shuffled(all).map((id) => billConversation(ctx.deps, id)),
    ]);
    const moved = results
      .flat()
      .filter((change) => change?.moved && change.accountId === a.accountId);
    expect(moved).toHaveLength(chats.length);

    const usage = await usageOf(ctx, a.accountId);
    expect(usage.map((u) => u.chat_id).sort()).toEqual([...chats].sort());
    for (const u of usage) {
      expect(u).toMatchObject({ kind: 'user_initiated', amount: '350.00', status: 'charged' });
      expect(replies).toContain(u.message_id);
    }
    expect(await usageLedger(ctx, a.accountId)).toHaveLength(chats.length);
    expect(await balanceOf(ctx, a.accountId)).toBe(1_000_000 - 350 * chats.length);

    // Billing them all again, batched or not, books nothing more.
    await billConversations(ctx.deps, all);
    await billConversation(ctx.deps, replies[0]!);
    expect(await usageLedger(ctx, a.accountId)).toHaveLength(chats.length);
  });

  it('the listener bills a turn of message.created events, repeated, once', async () => {
    ctx.clock.set('2026-01-16T03:00:00Z');
    const a = await pricedAccount(ctx);
    const chatId = await createChat(ctx, a.accountId, { channelId: a.channel.id });
    const at = ctx.clock.now();
    await stored(a.accountId, chatId, { fromMe: false, at });
    const reply = await stored(a.accountId, chatId, { fromMe: true, at });
    const [chat] = await loadChatRows(ctx.deps.db, a.accountId, [chatId]);
    const [message] = await loadMessageRows(ctx.deps.db, a.accountId, [String(reply)]);
    for (let i = 0; i < 20; i++)
      ctx.deps.events.publish({
        type: 'message.created',
        chat: chat!,
        message: message!,
        origin: 'rest',
      });
    await settle(ctx);
    expect(await usageLedger(ctx, a.accountId)).toEqual([
      { kind: 'charge', amount: -350, orderId: `conv:${chatId}:${reply}` },
    ]);
  });
});
