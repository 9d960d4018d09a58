import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, createWhatsappChannel } from '../../test/fixtures.js';
import type { TestUser } from '../../test/fixtures.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { GraphStub, type GraphCall } from '../../test/graph-stub.js';
import { signed, text } from '../../test/whatsapp-fixtures.js';
import type { JobPayloads } from '../../jobs/definitions.js';
import {
  runSendMessageJob,
  runSendSweepJob,
  SEND_IN_DOUBT,
  SEND_IN_DOUBT_AFTER_MS,
} from './jobs/send-drain.js';

/**
 * The provider drain (jobs/send-drain.ts): a job carries a stored batch of messages; each is
 * claimed before its provider call, so a duplicated or retried job never sends one twice; a
 * batch's outcomes are recorded each as a single send's would be (sent with its wamid and event,
 * retried with backoff, failed with the reason); a claim left by a worker that died mid-send is
 * failed as in doubt by the sweep, never sent again.
 */
let ctx: TestContext;
let graph: GraphStub;
let admin: TestUser;
let channel: { id: string; phoneNumberId: string };

beforeAll(async () => {
  graph = await new GraphStub().start();
  ctx = await createTestContext({ config: { graphApiUrl: graph.url } });
  const accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  channel = await createWhatsappChannel(ctx, accountId, { token: 'secret-token' });
  // An upgraded number: the tests do not wait on the default 80/s grid.
  await ctx.deps.db
    .updateTable('channels')
    .set({ broadcast_rate: 1000 })
    .where('id', '=', channel.id)
    .execute();
});
afterAll(async () => {
  await ctx.close();
  await graph.stop();
});

async function customerWrites(from: string) {
  const { body, headers } = signed(
    text('Halo', {
      phoneNumberId: channel.phoneNumberId,
      from,
      timestamp: Math.floor(ctx.clock.now().getTime() / 1000),
    }),
  );
  await ctx.app.inject({ method: 'POST', url: '/webhooks/meta', payload: body, headers });
  const chat = await ctx.deps.db
    .selectFrom('chats')
    .select('id')
    .where('identifier', '=', from)
    .executeTakeFirstOrThrow();
  return chat.id;
}

/** `n` queued messages over three open chats; their own send jobs are dropped (not run). */
async function queued(n: number, label: string): Promise<string[]> {
  const chats = await Promise.all(
    [0, 1, 2].map(() => customerWrites(`62813${Math.floor(Math.random() * 1e7)}`)),
  );
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.auth,
      payload: { chatId: chats[i % 3], text: `${label} ${i}` },
    });
    expect(res.statusCode).toBe(201);
    ids.push(res.json()._id as string);
  }
  ctx.jobs.queued.length = 0;
  return ids;
}

const textSends = (calls: GraphCall[], label: string) =>
  calls
    .map((c) => (c.body as { text?: { body?: string } } | null)?.text?.body)
    .filter((b): b is string => typeof b === 'string' && b.startsWith(`${label} `));

const rows = (ids: string[]) =>
  ctx.deps.db
    .selectFrom('messages')
    .select(['id', 'status', 'provider_message_id', 'error', 'send_claimed_at'])
    .where('id', 'in', ids.map(Number))
    .orderBy('id')
    .execute();

beforeEach(() => {
  graph.calls.length = 0;
  ctx.events.length = 0;
});

describe('the provider drain', () => {
  it('sends a stored batch once each, even when its job runs twice at once', async () => {
    const ids = await queued(30, 'batch');
    const job: JobPayloads['message.send'] = { messageIds: ids, attempt: 0 };
    // A duplicated job, or pg-boss retrying one still running: both claim, only one gets each.
    await Promise.all([runSendMessageJob(ctx.deps, job), runSendMessageJob(ctx.deps, job)]);
    await runSendMessageJob(ctx.deps, job);

    const sent = textSends(graph.calls, 'batch');
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
    const stored = await rows(ids);
    expect(stored.map((r) => r.status)).toEqual(Array(30).fill('sent'));
    expect(new Set(stored.map((r) => r.provider_message_id)).size).toBe(30);
    const events = ctx.events.filter((e) => e.type === 'message.status');
    expect(events.map((e) => e.type === 'message.status' && e.messageId).sort()).toEqual(
      [...ids].sort(),
    );
    expect(events.every((e) => e.type === 'message.status' && e.status === 'sent')).toBe(true);
    expect(ctx.jobs.queued).toHaveLength(0);
  });

  it('retries the retryable ones together with backoff, fails the refused, sends the rest', async () => {
    const ids = await queued(3, 'mixed');
    // Slow enough that the three requests reach Meta in order (one slot every 100 ms).
    await ctx.deps.db
      .updateTable('channels')
      .set({ broadcast_rate: 10 })
      .where('id', '=', channel.id)
      .execute();
    graph.reply(
      graph.graphError(429, 130429, 'throughput'),
      graph.graphError(400, 131026, 'Message undeliverable'),
    );
    try {
      await runSendMessageJob(ctx.deps, { messageIds: ids, attempt: 0 });
    } finally {
      await ctx.deps.db
        .updateTable('channels')
        .set({ broadcast_rate: 1000 })
        .where('id', '=', channel.id)
        .execute();
    }
    const [throttled, refused, accepted] = await rows(ids);
    expect(throttled).toMatchObject({ status: 'queue', send_claimed_at: null });
    expect(refused).toMatchObject({ status: 'failed', error: { code: 131026 } });
    expect(accepted?.status).toBe('sent');
    expect(ctx.jobs.queued).toHaveLength(1);
    const retry = ctx.jobs.queued[0]!;
    expect(retry.data).toEqual({ messageId: ids[0], attempt: 1 });
    expect(retry.options.startAfterSeconds).toBeGreaterThanOrEqual(1);
    const error = ctx.events.find((e) => e.type === 'message.error');
    expect(error?.type === 'message.error' && error.error.messageId).toBe(ids[1]);

    await ctx.jobs.drain();
    expect((await rows([ids[0]!]))[0]?.status).toBe('sent');
    expect(textSends(graph.calls, 'mixed')).toEqual(['mixed 0', 'mixed 1', 'mixed 2', 'mixed 0']);
  });

  it('a message whose worker died after calling Meta is never sent again; the sweep fails it saying so', async () => {
    const ids = await queued(4, 'doubt');
    // What a worker killed mid-send leaves: the claim taken, Meta called, no answer recorded.
    await ctx.deps.db
      .updateTable('messages')
      .set({ send_claimed_at: ctx.clock.now() })
      .where('id', 'in', ids.slice(0, 2).map(Number))
      .execute();
    // pg-boss retries the dead worker's job: only the two it never took go out.
    await runSendMessageJob(ctx.deps, { messageIds: ids, attempt: 0 });
    expect(textSends(graph.calls, 'doubt')).toEqual(['doubt 2', 'doubt 3']);

    // Not yet in doubt: a slow worker may still be recording its answer.
    ctx.clock.advance(SEND_IN_DOUBT_AFTER_MS - 1000);
    expect(await runSendSweepJob(ctx.deps)).toBe(0);
    ctx.clock.advance(2000);
    expect(await runSendSweepJob(ctx.deps)).toBe(2);
    const stored = await rows(ids);
    expect(stored.map((r) => r.status)).toEqual(['failed', 'failed', 'sent', 'sent']);
    expect(stored[0]?.error).toMatchObject({ message: SEND_IN_DOUBT.message });
    const failed = ctx.events.filter((e) => e.type === 'message.status' && e.status === 'failed');
    expect(failed.map((e) => e.type === 'message.status' && e.messageId)).toEqual(ids.slice(0, 2));
    // Their jobs running again later changes nothing.
    await runSendMessageJob(ctx.deps, { messageIds: ids, attempt: 0 });
    expect(textSends(graph.calls, 'doubt')).toHaveLength(2);
  });
});
