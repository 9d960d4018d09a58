import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createWhatsappChannel } from '../../test/fixtures.js';
import { customerOf, newCustomer } from '../../test/customer.js';

let ctx: TestContext;
let customer: ReturnType<typeof customerOf>;
let second: ReturnType<typeof customerOf>;
let accountId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  const channel = await createWhatsappChannel(ctx, accountId);
  customer = customerOf(ctx, channel.phoneNumberId);
  second = customerOf(ctx, (await createWhatsappChannel(ctx, accountId)).phoneNumberId);
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.events.length = 0;
});

const chatRow = (id: string) =>
  ctx.deps.db
    .selectFrom('chats')
    .select(['unread_count', 'flag', 'is_archive', 'blocked', 'last_message_text'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const countOf = async (table: 'messages' | 'tickets', chatId: string) =>
  Number(
    (
      await ctx.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('chat_id', '=', chatId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A conversation that exists (first message read, ticket resolved), then put in `state`. */
async function conversation(state: { is_archive?: boolean; blocked?: boolean }) {
  const from = newCustomer();
  await customer.post({ from, body: 'first', atOffset: -60 });
  const chatId = await customer.chatId(from);
  await ctx.deps.db
    .updateTable('chats')
    .set({ unread_count: 0, flag: 'gray', ...state })
    .where('id', '=', chatId)
    .execute();
  await ctx.deps.db
    .updateTable('tickets')
    .set({ close_at: ctx.clock.now() })
    .where('chat_id', '=', chatId)
    .execute();
  ctx.events.length = 0;
  return { from, chatId };
}

describe('inbound rules applied by the ingest batch', () => {
  it('brings an archived chat back to the inbox', async () => {
    const { from, chatId } = await conversation({ is_archive: true });
    await customer.post({ from, body: 'Halo lagi' });
    expect(await chatRow(chatId)).toMatchObject({
      is_archive: false,
      unread_count: 1,
      flag: 'red',
      last_message_text: 'Halo lagi',
    });
    const created = ctx.events.find((e) => e.type === 'message.created');
    expect(created?.type === 'message.created' && created.chat.is_archive).toBe(false);
  });

  it('stores a blocked contact’s message without raising unread, the flag or a ticket', async () => {
    const { from, chatId } = await conversation({ blocked: true });
    const open = await conversation({});
    // Both in one batch: the rule is per chat, not per statement.
    await Promise.all([
      customer.post({ from, body: 'spam 1' }),
      customer.post({ from, body: 'spam 2', atOffset: 1 }),
      customer.post({ from: open.from, body: 'real question' }),
    ]);
    expect(await chatRow(chatId)).toMatchObject({ blocked: true, unread_count: 0, flag: 'gray' });
    expect(await countOf('messages', chatId)).toBe(3);
    expect(await countOf('tickets', chatId)).toBe(1);
    expect(await chatRow(open.chatId)).toMatchObject({ unread_count: 1, flag: 'red' });
    expect(await countOf('tickets', open.chatId)).toBe(2);
    // The events still go out (clients hide blocked chats); they carry the unchanged counters.
    const blockedEvents = ctx.events.filter(
      (e) => e.type === 'message.created' && e.chat.id === chatId,
    );
    expect(blockedEvents).toHaveLength(2);
    for (const e of blockedEvents)
      expect(e.type === 'message.created' && e.chat.unread_count).toBe(0);
  });
});

describe('a chat’s messages without a foreign key on the hot path', () => {
  it('still go when their chat is deleted (statement trigger)', async () => {
    const a = await conversation({});
    const b = await conversation({});
    await customer.post({ from: a.from, body: 'second' });
    expect(await countOf('messages', a.chatId)).toBe(2);
    await ctx.deps.db.deleteFrom('tickets').where('chat_id', '=', a.chatId).execute();
    await ctx.deps.db.deleteFrom('chats').where('id', '=', a.chatId).execute();
    expect(await countOf('messages', a.chatId)).toBe(0);
    // Another chat's messages stay.
    expect(await countOf('messages', b.chatId)).toBe(1);
  });
});

describe('a burst of new conversations', () => {
  it('creates each chat once, and one contact for a phone that writes to two numbers', async () => {
    const others = Array.from({ length: 20 }, () => newCustomer());
    const both = newCustomer();
    // One event-loop turn: the new conversations are created by one batched statement.
    await Promise.all([
      ...others.flatMap((from) => [
        customer.post({ from, body: 'a' }),
        customer.post({ from, body: 'b', atOffset: 1 }),
      ]),
      customer.post({ from: both, body: 'to the first number' }),
      second.post({ from: both, body: 'to the second number' }),
    ]);
    const chats = await ctx.deps.db
      .selectFrom('chats')
      .select(['id', 'identifier', 'contact_id', 'unread_count'])
      .where('account_id', '=', accountId)
      .where('identifier', 'in', [...others, both])
      .execute();
    expect(chats).toHaveLength(22);
    for (const from of others) {
      const chat = chats.find((c) => c.identifier === from);
      expect(chat?.unread_count).toBe(2);
      expect(await countOf('messages', chat?.id ?? '')).toBe(2);
    }
    const ofBoth = chats.filter((c) => c.identifier === both);
    expect(ofBoth).toHaveLength(2);
    expect(ofBoth[0]?.contact_id).toBe(ofBoth[1]?.contact_id);
    expect(new Set(chats.map((c) => c.contact_id)).size).toBe(21);
  });
});
