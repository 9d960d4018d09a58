import type { WebhookEventType } from '@sapa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../../events/bus.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { TestUser } from '../../test/fixtures.js';
import { createChat } from '../../test/fixtures-inbox.js';
import { signed, status, wamid } from '../../test/whatsapp-fixtures.js';
import { routingAccount, setPresence, writeSettings } from '../routing/test-helpers.js';
import { enableWebhooks } from './test-helpers.js';

/**
 * Events written by a batched statement on a hot path: automatic routing's `chat.assigned` and a
 * batch of delivery statuses' `message.status`. The bus drops every published event, as a
 * process killed right after the statement would: the outbox rows must be there anyway.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    webhooks: { retrySchedule: [0], allowedPrivateHosts: new Set(['127.0.0.1']) },
  });
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

/** Every after-commit listener is skipped from here on: only the statement's writes survive. */
const dropPublished = () => vi.spyOn(ctx.deps.events, 'publish').mockImplementation(() => {});

async function account(events: WebhookEventType[]) {
  const a = await routingAccount(ctx, [{ name: 'Budi' }]);
  await enableWebhooks(ctx, a.accountId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhook-endpoints',
    headers: a.admin.auth,
    payload: { url: 'http://127.0.0.1:9/hook', events },
  });
  expect(res.statusCode).toBe(201);
  return a;
}

const written = (accountId: string, type: WebhookEventType) =>
  ctx.deps.db
    .selectFrom('webhook_events as e')
    .innerJoin('webhook_deliveries as d', 'd.event_id', 'e.id')
    .select(['e.chat_id', 'e.sequence', 'e.dedupe_key', 'e.body'])
    .where('e.account_id', '=', accountId)
    .where('e.type', '=', type)
    .orderBy('e.sequence')
    .execute();

const dataOf = (row: { body: string }) =>
  (JSON.parse(row.body) as { data: Record<string, unknown> }).data;

const autoAssigning = async (agent: TestUser, admin: TestUser) => {
  await setPresence(ctx, agent, 1);
  await writeSettings(ctx, admin, { currentAutoAssign: 'true' });
};

describe("automatic routing's chat.assigned", () => {
  it('is written by the assigning statement, even when nothing is published after it', async () => {
    const a = await account(['chat.assigned']);
    const budi = a.users[0]!;
    await autoAssigning(budi, a.admin);
    const publish = dropPublished();
    const chats = await Promise.all([a.writes(), a.writes(), a.writes()]);
    expect(publish).toHaveBeenCalledWith(expect.objectContaining({ type: 'chat.assigned' }));
    const rows = await written(a.accountId, 'chat.assigned');
    expect(rows.map((r) => r.chat_id).sort()).toEqual([...chats].sort());
    for (const r of rows)
      expect(dataOf(r)).toEqual({
        agentId: budi.id,
        divisionIds: [],
        by: null,
        chatId: r.chat_id,
        sequence: Number(r.sequence),
      });
  });

  it('is written once when the bus publishes it (the after-commit listener leaves it alone)', async () => {
    const a = await account(['chat.assigned']);
    await autoAssigning(a.users[0]!, a.admin);
    const chatId = await a.writes();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await written(a.accountId, 'chat.assigned')).map((r) => r.chat_id)).toEqual([chatId]);
  });

  it('writes nothing for an account whose endpoints do not want it', async () => {
    const a = await account(['chat.resolved']);
    await autoAssigning(a.users[0]!, a.admin);
    await a.writes();
    expect(await written(a.accountId, 'chat.assigned')).toEqual([]);
  });
});

describe("a status batch's message.status", () => {
  /** An outgoing message the provider accepted, as the send job leaves it. */
  async function sentMessage(a: Awaited<ReturnType<typeof account>>) {
    const channel = await ctx.deps.db
      .selectFrom('channels')
      .select(['id', 'external_id'])
      .where('account_id', '=', a.accountId)
      .executeTakeFirstOrThrow();
    const chatId = await createChat(ctx, a.accountId, { channelId: channel.id });
    const providerMessageId = wamid();
    const message = await ctx.deps.db
      .insertInto('messages')
      .values({
        account_id: a.accountId,
        chat_id: chatId,
        channel_id: channel.id,
        provider_message_id: providerMessageId,
        msg_type: 'text',
        text: 'Halo',
        payload: JSON.stringify({ text: 'Halo' }),
        status: 'sent',
        from_me: true,
        created_at: new Date(),
        sent_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const post = async (value: 'delivered' | 'read' | 'failed', extra = {}) => {
      const { body, headers } = signed(
        status(providerMessageId, value, extra, channel.external_id),
      );
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/webhooks/meta',
        payload: body,
        headers,
      });
      expect(res.statusCode).toBe(200);
    };
    return { chatId, messageId: String(message.id), post };
  }

  it('is written by the status statement, in order, even when nothing is published after it', async () => {
    const a = await account(['message.status']);
    const m = await sentMessage(a);
    const publish = dropPublished();
    await m.post('delivered');
    await m.post('read');
    await m.post('read'); // Meta's redelivery: moves nothing, writes nothing
    const rows = await written(a.accountId, 'message.status');
    expect(rows.map((r) => [r.dedupe_key, dataOf(r)])).toEqual([
      [
        `message.status:${m.messageId}:delivered`,
        { messageId: m.messageId, status: 'delivered', error: null, chatId: m.chatId, sequence: 1 },
      ],
      [
        `message.status:${m.messageId}:read`,
        { messageId: m.messageId, status: 'read', error: null, chatId: m.chatId, sequence: 2 },
      ],
    ]);
    expect(publish.mock.calls.filter(([e]) => e.type === 'message.status')).toHaveLength(2);
  });

  it("carries a failure's error as the published event has it", async () => {
    const a = await account(['message.status']);
    const m = await sentMessage(a);
    const publish = dropPublished();
    await m.post('failed', {
      errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }],
    });
    const [row] = await written(a.accountId, 'message.status');
    const event = publish.mock.calls
      .map(([e]) => e)
      .find(
        (e): e is Extract<DomainEvent, { type: 'message.status' }> => e.type === 'message.status',
      );
    expect(event?.error).toBeDefined();
    expect(dataOf(row!)).toMatchObject({
      status: 'failed',
      error: { code: event!.error!.code, reason: event!.error!.message },
    });
    expect(event!.error!.code).toBe(131026);
  });

  it('writes nothing for an account without webhooks on', async () => {
    const a = await account(['message.status']);
    await ctx.deps.db
      .updateTable('settings')
      .set({ value: 'false' })
      .where('account_id', '=', a.accountId)
      .where('key', '=', 'enable_webhook')
      .execute();
    const m = await sentMessage(a);
    await m.post('delivered');
    expect(await written(a.accountId, 'message.status')).toEqual([]);
  });
});
