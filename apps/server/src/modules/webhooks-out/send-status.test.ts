import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { GraphStub } from '../../test/graph-stub.js';
import { newCustomer } from '../../test/customer.js';
import { signed, text } from '../../test/whatsapp-fixtures.js';
import { enableWebhooks } from './test-helpers.js';

/**
 * The send job's `message.status` (`sent`, or `failed` from the provider's refusal) is recorded
 * with the message's change: with every published event dropped, as a process killed right
 * after the commit would, the outbox rows are there anyway.
 */
let ctx: TestContext;
let graph: GraphStub;
let admin: TestUser;
let channel: { id: string; phoneNumberId: string };

beforeAll(async () => {
  graph = await new GraphStub().start();
  ctx = await createTestContext({
    config: {
      graphApiUrl: graph.url,
      webhooks: { retrySchedule: [0], allowedPrivateHosts: new Set(['127.0.0.1']) },
    },
  });
  const accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  await enableWebhooks(ctx, accountId);
  channel = await createWhatsappChannel(ctx, accountId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhook-endpoints',
    headers: admin.auth,
    payload: { url: 'http://127.0.0.1:9/hook', events: ['message.status'] },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(async () => {
  await ctx.close();
  await graph.stop();
});
afterEach(() => vi.restoreAllMocks());

/** A reply to a new customer, queued; answers the message id. */
async function reply(): Promise<string> {
  const from = newCustomer();
  const { body, headers } = signed(
    text('Halo', {
      phoneNumberId: channel.phoneNumberId,
      from,
      timestamp: Math.floor(ctx.clock.now().getTime() / 1000),
    }),
  );
  expect(
    (await ctx.app.inject({ method: 'POST', url: '/webhooks/meta', payload: body, headers }))
      .statusCode,
  ).toBe(200);
  const chat = await ctx.deps.db
    .selectFrom('chats')
    .select('id')
    .where('identifier', '=', from)
    .executeTakeFirstOrThrow();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: admin.auth,
    payload: { chatId: chat.id, text: 'Ada kak' },
  });
  expect(res.statusCode).toBe(201);
  return String((res.json() as { _id: string })._id);
}

const statusEvents = (messageId: string) =>
  ctx.deps.db
    .selectFrom('webhook_events')
    .select(['dedupe_key', 'body'])
    .where('type', '=', 'message.status')
    .where('dedupe_key', 'like', `message.status:${messageId}:%`)
    .execute();

describe("the send job's message.status", () => {
  it('sent: written with the change, even when nothing is published after it', async () => {
    const messageId = await reply();
    const publish = vi.spyOn(ctx.deps.events, 'publish').mockImplementation(() => {});
    await ctx.jobs.drain();
    expect(publish).toHaveBeenCalledWith(expect.objectContaining({ type: 'message.status' }));
    const rows = await statusEvents(messageId);
    expect(rows.map((r) => r.dedupe_key)).toEqual([`message.status:${messageId}:sent`]);
    expect(JSON.parse(rows[0]!.body)).toMatchObject({
      type: 'message.status',
      data: { messageId, status: 'sent', error: null },
    });
  });

  it("failed: written with the change, with the provider's reason", async () => {
    graph.reply(graph.graphError(400, 131026, 'Message undeliverable'));
    const messageId = await reply();
    vi.spyOn(ctx.deps.events, 'publish').mockImplementation(() => {});
    await ctx.jobs.drain();
    const rows = await statusEvents(messageId);
    expect(rows.map((r) => r.dedupe_key)).toEqual([`message.status:${messageId}:failed`]);
    expect(JSON.parse(rows[0]!.body)).toMatchObject({
      data: { messageId, status: 'failed', error: { code: 131026 } },
    });
  });
});
