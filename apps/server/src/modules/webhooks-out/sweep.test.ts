import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, createWhatsappChannel } from '../../test/fixtures.js';
import { createChat } from '../../test/fixtures-inbox.js';
import { signed, text, wamid } from '../../test/whatsapp-fixtures.js';
import { sweepMissedEvents } from './sweep.js';
import { enableWebhooks } from './test-helpers.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    webhooks: { retrySchedule: [0], allowedPrivateHosts: new Set(['127.0.0.1']) },
  });
});
afterAll(() => ctx.close());

const eventsOf = (accountId: string) =>
  ctx.deps.db
    .selectFrom('webhook_events')
    .select(['type', 'dedupe_key', 'body'])
    .where('account_id', '=', accountId)
    .where('type', '=', 'message.received')
    .execute();

describe('the outbox repair sweep', () => {
  it('writes the message.received a crash after the commit lost, once, and nothing from before the endpoint', async () => {
    ctx.clock.set(new Date());
    const admin = await createUser(ctx, await createAccount(ctx));
    await enableWebhooks(ctx, admin.accountId);
    const channel = await createWhatsappChannel(ctx, admin.accountId);
    const chatId = await createChat(ctx, admin.accountId, { channelId: channel.id });
    const insertMessage = async (body: string) =>
      (
        await ctx.deps.db
          .insertInto('messages')
          .values({
            account_id: admin.accountId,
            chat_id: chatId,
            channel_id: channel.id,
            provider_message_id: wamid(),
            msg_type: 'text',
            text: body,
            payload: JSON.stringify({ text: body }),
            status: 'received',
            from_me: false,
            created_at: new Date(Date.now() - 60_000),
            sent_at: new Date(Date.now() - 60_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const before = await insertMessage('before any endpoint');

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers: admin.auth,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['message.received'] },
    });
    expect(res.statusCode).toBe(201);

    // One message through ingest (its listener writes the event) ...
    const hook = signed(
      text('through ingest', { phoneNumberId: channel.phoneNumberId, id: wamid() }),
    );
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/webhooks/meta',
          payload: hook.body,
          headers: hook.headers,
        })
      ).statusCode,
    ).toBe(200);
    // ... and one committed by a process that died before its listener ran.
    const lost = await insertMessage('committed, then the process died');
    expect((await eventsOf(admin.accountId)).map((e) => e.dedupe_key)).toHaveLength(1);

    // The ingested one is younger than the grace period: let it pass.
    ctx.clock.advance(11_000);
    expect(await sweepMissedEvents(ctx.deps)).toBe(1);
    expect(await sweepMissedEvents(ctx.deps)).toBe(0);
    const keys = (await eventsOf(admin.accountId)).map((e) => e.dedupe_key);
    expect(keys).toHaveLength(2);
    expect(keys).toContain(`message.received:${lost}`);
    expect(keys).not.toContain(`message.received:${before}`);
    const repaired = (await eventsOf(admin.accountId)).find(
      (e) => e.dedupe_key === `message.received:${lost}`,
    )!;
    expect(JSON.parse(repaired.body).data).toMatchObject({
      text: 'committed, then the process died',
      chatId,
      messageId: String(lost),
    });
    const deliveries = await ctx.deps.db
      .selectFrom('webhook_deliveries')
      .select('state')
      .where('account_id', '=', admin.accountId)
      .execute();
    expect(deliveries).toHaveLength(2);
  });
});
