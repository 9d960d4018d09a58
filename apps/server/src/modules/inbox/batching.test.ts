import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createWhatsappChannel } from '../../test/fixtures.js';
import { signed, status, text, wamid } from '../../test/whatsapp-fixtures.js';

let ctx: TestContext;
let accountId: string;
let channel: { id: string; phoneNumberId: string };
beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  channel = await createWhatsappChannel(ctx, accountId);
});
afterAll(() => ctx.close());

const post = (payload: unknown) => {
  const { body, headers } = signed(payload);
  return ctx.app.inject({ method: 'POST', url: '/webhooks/meta', payload: body, headers });
};

describe('webhooks arriving together are stored in one batch', () => {
  it('several messages to one chat: each stored once, the chat moves once per message to the newest', async () => {
    const from = '6281900000001';
    await post(
      text('first', { phoneNumberId: channel.phoneNumberId, from, timestamp: 1_700_000_000 }),
    );
    ctx.events.length = 0;
    const ids = Array.from({ length: 8 }, () => wamid());
    const answers = await Promise.all(
      ids.map((id, i) =>
        post(
          text(`m${i}`, {
            phoneNumberId: channel.phoneNumberId,
            from,
            id,
            timestamp: 1_700_000_100 + i,
          }),
        ),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select(['unread_count', 'last_message_text'])
      .where('identifier', '=', from)
      .executeTakeFirstOrThrow();
    expect(chat.unread_count).toBe(9);
    expect(chat.last_message_text).toBe('m7');
    expect(ctx.events.filter((e) => e.type === 'message.created')).toHaveLength(8);
  });

  it('sent, delivered and read of one message together end at read with one announcement', async () => {
    const from = '6281900000002';
    await post(text('hello', { phoneNumberId: channel.phoneNumberId, from }));
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select(['id', 'channel_id'])
      .where('identifier', '=', from)
      .executeTakeFirstOrThrow();
    const id = wamid();
    await ctx.deps.db
      .insertInto('messages')
      .values({
        account_id: accountId,
        chat_id: chat.id,
        channel_id: chat.channel_id,
        provider_message_id: id,
        msg_type: 'text',
        text: 'out',
        payload: '{}',
        status: 'queue',
        from_me: true,
      })
      .execute();
    ctx.events.length = 0;
    await Promise.all(
      (['sent', 'delivered', 'read'] as const).map((s) =>
        post(status(id, s, {}, channel.phoneNumberId)),
      ),
    );
    const row = await ctx.deps.db
      .selectFrom('messages')
      .select('status')
      .where('provider_message_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('read');
    const announced = ctx.events
      .filter((e) => e.type === 'message.status')
      .map((e) => e.type === 'message.status' && e.status);
    expect(announced.at(-1)).toBe('read');
    expect(announced.length).toBeLessThanOrEqual(3);
  });

  it('unknown messages in a batch are parked, each status once', async () => {
    const id = wamid();
    await Promise.all(
      (['sent', 'delivered'] as const).map((s) => post(status(id, s, {}, channel.phoneNumberId))),
    );
    const parked = await ctx.deps.db
      .selectFrom('pending_statuses')
      .select('status')
      .where('provider_message_id', '=', id)
      .orderBy('status')
      .execute();
    expect(parked.map((p) => p.status)).toEqual(['delivered', 'sent']);
  });
});
