import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSENGER_FIXTURES } from '@sapa/sandbox/meta-fixtures';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createPageChannel } from '../../../test/fixtures.js';
import { signed } from '../../../test/whatsapp-fixtures.js';
import { billConversation } from './conversations.js';
import { runUsageSweep } from './sweeper.js';
import { pricedAccount, settle, usageOf } from './test-helpers.js';

/**
 * Meta charges WhatsApp conversations only: a Messenger (or Instagram) reply opens no priced
 * conversation, through the listener or the sweeper, while the account's WhatsApp still does.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PRICES = { 'bo.userInitiatePrice': '350', 'bo.businessInitiatePrice': '550' };

describe('conversation prices by channel', () => {
  it('a business message on Messenger is never billed; WhatsApp’s still is', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await pricedAccount(ctx, { settings: PRICES });
    const page = await createPageChannel(ctx, a.accountId, 'messenger');
    const post = async (payload: unknown) => {
      const { body, headers } = signed(payload);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/webhooks/meta',
        payload: body,
        headers,
      });
      expect(res.statusCode).toBe(200);
    };
    await post(MESSENGER_FIXTURES.text);
    // A reply typed in Meta's app: an outgoing message, announced like an agent's.
    await post(MESSENGER_FIXTURES.echoFromMetaApp);
    await settle(ctx);
    const outgoing = await ctx.deps.db
      .selectFrom('messages')
      .select('id')
      .where('channel_id', '=', page.id)
      .where('from_me', '=', true)
      .execute();
    expect(outgoing).toHaveLength(1);
    expect(await billConversation(ctx.deps, Number(outgoing[0]!.id))).toBeNull();
    ctx.clock.advance(5 * 60_000);
    await runUsageSweep(ctx.deps);
    expect(await usageOf(ctx, a.accountId)).toEqual([]);

    // The same account's WhatsApp conversation is priced as before.
    const { chatId } = await a.writes();
    const wa = await ctx.deps.db
      .insertInto('messages')
      .values({
        account_id: a.accountId,
        chat_id: chatId,
        channel_id: a.channel.id,
        msg_type: 'text',
        text: 'Halo',
        payload: '{}',
        status: 'sent',
        from_me: true,
        sent_at: ctx.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await billConversation(ctx.deps, Number(wa.id))).toMatchObject({ moved: true });
    expect(await usageOf(ctx, a.accountId)).toEqual([
      expect.objectContaining({ kind: 'user_initiated', amount: '350.00' }),
    ]);
  });
});
