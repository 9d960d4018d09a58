import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import type { TestUser } from '../../test/fixtures.js';
import type { GraphStub } from '../../test/graph-stub.js';
import { newCustomer } from '../../test/customer.js';
import { startSending, type SendingSetup } from '../../test/sending.js';
import { enableWebhooks } from './test-helpers.js';

/**
 * The send job's `message.status` (`sent`, or `failed` from the provider's refusal) is recorded
 * with the message's change: with every published event dropped, as a process killed right
 * after the commit would, the outbox rows are there anyway.
 */
let setup: SendingSetup;
let ctx: TestContext;
let graph: GraphStub;
let admin: TestUser;

beforeAll(async () => {
  setup = await startSending({
    config: { webhooks: { retrySchedule: [0], allowedPrivateHosts: new Set(['127.0.0.1']) } },
  });
  ({ ctx, graph, admin } = setup);
  await enableWebhooks(ctx, setup.accountId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhook-endpoints',
    headers: admin.auth,
    payload: { url: 'http://127.0.0.1:9/hook', events: ['message.status'] },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => setup.close());
afterEach(() => vi.restoreAllMocks());

/** A reply to a new customer, queued; answers the message id. */
async function reply(): Promise<string> {
  const chatId = await setup.customer.writes(newCustomer(), 'Halo');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: admin.auth,
    payload: { chatId, text: 'Ada kak' },
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
