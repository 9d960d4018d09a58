import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser } from '../../test/fixtures.js';
import { recordEvents } from './outbox.js';
import { runWebhookPurge, WEBHOOK_RETENTION_DAYS } from './purge.job.js';
import { enableWebhooks } from './test-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    webhooks: { retrySchedule: [0], allowedPrivateHosts: new Set(['127.0.0.1']) },
  });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

describe('webhook retention', () => {
  it('purges finished events past the retention with their deliveries and log, in batches; keeps pending and recent ones', async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    await enableWebhooks(ctx, admin.accountId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers: admin.auth,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['chat.assigned'] },
    });
    expect(res.statusCode).toBe(201);
    const now = new Date();
    ctx.clock.set(now);
    /** `n` events written `daysAgo`, their deliveries left in `state` with one logged attempt. */
    const write = async (n: number, daysAgo: number, state: 'delivered' | 'failed' | 'pending') => {
      const at = new Date(now.getTime() - daysAgo * DAY);
      const tag = `${state}-${daysAgo}`;
      const events = Array.from({ length: n }, () => ({
        accountId: admin.accountId,
        type: 'chat.assigned' as const,
        at,
        data: { tag },
      }));
      expect(await recordEvents(ctx.deps.db, events, at)).toBe(n);
      const ids = ctx.deps.db
        .selectFrom('webhook_events')
        .select('id')
        .where('account_id', '=', admin.accountId)
        .where('body', 'like', `%${tag}%`);
      await ctx.deps.db
        .updateTable('webhook_deliveries')
        .set(
          state === 'pending'
            ? { attempts: 1 }
            : { state, attempts: 1, next_attempt_at: null, delivered_at: at },
        )
        .where('event_id', 'in', ids)
        .execute();
      await ctx.deps.db
        .insertInto('webhook_attempts')
        .columns(['delivery_id', 'attempt', 'at', 'request_headers', 'latency_ms'])
        .expression((eb) =>
          eb
            .selectFrom('webhook_deliveries')
            .select((s) => [
              'id',
              s.val(1).as('attempt'),
              s.val(at).as('at'),
              s.val('{}').as('request_headers'),
              s.val(5).as('latency_ms'),
            ])
            .where('event_id', 'in', ids),
        )
        .execute();
      return tag;
    };
    const old = WEBHOOK_RETENTION_DAYS + 1;
    // More than one DELETE's worth (2,000) of old delivered events.
    await write(2500, old, 'delivered');
    await write(3, old, 'failed');
    const pending = await write(2, old, 'pending');
    const recent = await write(4, WEBHOOK_RETENTION_DAYS - 1, 'delivered');

    expect(await runWebhookPurge(ctx.deps)).toBe(2503);
    const left = await ctx.deps.db
      .selectFrom('webhook_events as e')
      .innerJoin('webhook_deliveries as d', 'd.event_id', 'e.id')
      .innerJoin('webhook_attempts as a', 'a.delivery_id', 'd.id')
      .select(['e.body'])
      .where('e.account_id', '=', admin.accountId)
      .execute();
    const tags = left.map((r) => (JSON.parse(r.body) as { data: { tag: string } }).data.tag);
    expect(tags.sort()).toEqual([...Array(2).fill(pending), ...Array(4).fill(recent)].sort());
    const orphans = await ctx.deps.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', admin.accountId)
      .executeTakeFirstOrThrow();
    expect(Number(orphans.n)).toBe(6);
    // Nothing more to do on the next run.
    expect(await runWebhookPurge(ctx.deps)).toBe(0);
  });
});
