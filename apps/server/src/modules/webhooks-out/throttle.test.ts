import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser } from '../../test/fixtures.js';
import { WebhookDispatcher } from './dispatcher.js';
import { recordEvent } from './outbox.js';
import { Receiver, enableWebhooks } from './test-helpers.js';
import { retryAfterMs } from './throttle.js';

let ctx: TestContext;
let receiver: Receiver;
let dispatcher: WebhookDispatcher;
const SECOND = 1000;

beforeAll(async () => {
  ctx = await createTestContext({
    webhooks: { retrySchedule: [0, 5, 300, 1800], allowedPrivateHosts: new Set(['127.0.0.1']) },
  });
  dispatcher = new WebhookDispatcher(ctx.deps);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  ctx.clock.set(new Date());
  receiver = await new Receiver().start();
});
afterEach(() => receiver.close());

/** An account with one endpoint on the receiver; `event()` queues one event for it. */
async function setup() {
  const admin = await createUser(ctx, await createAccount(ctx));
  await enableWebhooks(ctx, admin.accountId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhook-endpoints',
    headers: admin.auth,
    payload: { url: receiver.url, events: ['chat.assigned'] },
  });
  expect(res.statusCode).toBe(201);
  const endpointId = (res.json() as { id: string }).id;
  const event = () =>
    recordEvent(
      ctx.deps.db,
      { accountId: admin.accountId, type: 'chat.assigned', at: ctx.clock.now(), data: {} },
      ctx.clock.now(),
    );
  const deliveries = () =>
    ctx.deps.db
      .selectFrom('webhook_deliveries')
      .select(['state', 'attempts', 'next_attempt_at'])
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  return { endpointId, event, deliveries };
}

/** Every due delivery, batch after batch, at the clock's now. */
async function drain(): Promise<number> {
  let n = 0;
  for (let taken = await dispatcher.runOnce(); taken > 0; taken = await dispatcher.runOnce())
    n += taken;
  return n;
}

const throttling = (status: number, retryAfter: string) => {
  receiver.answer = () => ({ status, headers: { 'retry-after': retryAfter } });
};
const later = (ms: number) => new Date(ctx.clock.now().getTime() + ms);

describe('a receiver that throttles (429/503 with Retry-After)', () => {
  it("holds the endpoint's deliveries, and those queued meanwhile, until the time it asked", async () => {
    const { event, deliveries } = await setup();
    await event();
    await event();
    throttling(429, '120');
    const start = ctx.clock.now();
    expect(await drain()).toBe(2);
    // A 429 is a failed attempt: still pending, not delivered.
    for (const d of await deliveries())
      expect(d).toMatchObject({
        state: 'pending',
        attempts: 1,
        next_attempt_at: later(120 * SECOND),
      });
    // The schedule alone would retry after 5 s: the receiver asked for 120.
    ctx.clock.advance(60 * SECOND);
    await event();
    expect(await drain()).toBe(0);
    expect((await deliveries())[2]).toMatchObject({
      attempts: 0,
      next_attempt_at: new Date(start.getTime() + 120 * SECOND),
    });
    receiver.answer = () => ({ status: 200 });
    ctx.clock.advance(60 * SECOND);
    expect(await drain()).toBe(3);
    expect((await deliveries()).map((d) => [d.state, d.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 2],
      ['delivered', 1],
    ]);
    expect(receiver.received).toHaveLength(5);
  });

  it('reads Retry-After as an HTTP date', async () => {
    const { event, deliveries } = await setup();
    await event();
    const at = new Date(Math.ceil(later(600 * SECOND).getTime() / SECOND) * SECOND);
    throttling(503, at.toUTCString());
    expect(await drain()).toBe(1);
    expect((await deliveries())[0]!.next_attempt_at).toEqual(at);
  });

  it("never retries sooner than the schedule, and caps a long wait at the schedule's longest", async () => {
    const { event, deliveries } = await setup();
    await event();
    throttling(429, '1');
    expect(await drain()).toBe(1);
    // The schedule's 5 s, not the receiver's 1 s.
    expect((await deliveries())[0]!.next_attempt_at).toEqual(later(5 * SECOND));
    ctx.clock.advance(5 * SECOND);
    throttling(429, '999999');
    expect(await drain()).toBe(1);
    // 11 days asked for; the schedule's longest wait (1800 s) given.
    expect((await deliveries())[0]).toMatchObject({
      attempts: 2,
      next_attempt_at: later(1800 * SECOND),
    });
  });

  it('a throttling answer without Retry-After, or a 500 with one, follows the schedule', async () => {
    const { event, deliveries } = await setup();
    await event();
    receiver.answer = () => ({ status: 429 });
    expect(await drain()).toBe(1);
    expect((await deliveries())[0]!.next_attempt_at).toEqual(later(5 * SECOND));
    ctx.clock.advance(5 * SECOND);
    throttling(500, '600');
    expect(await drain()).toBe(1);
    expect((await deliveries())[0]!.next_attempt_at).toEqual(later(300 * SECOND));
  });
});

describe('retryAfterMs', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it('reads seconds and HTTP dates on throttling statuses only', () => {
    expect(retryAfterMs(429, '30', now)).toBe(30_000);
    expect(retryAfterMs(503, 'Thu, 26 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs(429, 'Thu, 26 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(200, '30', now)).toBeNull();
    expect(retryAfterMs(500, '30', now)).toBeNull();
    expect(retryAfterMs(429, null, now)).toBeNull();
    expect(retryAfterMs(429, 'soon', now)).toBeNull();
    expect(retryAfterMs(429, '-5', now)).toBeNull();
  });
});
