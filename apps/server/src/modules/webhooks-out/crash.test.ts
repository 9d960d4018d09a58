import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser } from '../../test/fixtures.js';
import { killHard, startSapaProcess } from '../../test/sapa-process.js';
import { until } from '../../test/wait.js';
import { recordEvent } from './outbox.js';
import { Receiver, enableWebhooks } from './test-helpers.js';

const EVENTS = 2000;

let ctx: TestContext;
let receiver: Receiver;
let child: ChildProcess | null = null;

beforeAll(async () => {
  ctx = await createTestContext({
    webhooks: { retrySchedule: [0, 1], allowedPrivateHosts: new Set(['127.0.0.1']) },
  });
  receiver = await new Receiver().start();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await receiver.close();
  await ctx.close();
});

/** A worker-only Sapa process: it runs the delivery loop and nothing else. */
function startWorker(): ChildProcess {
  return startSapaProcess(ctx, {
    role: 'worker',
    dataDir: '/tmp/sapa-webhook-crash-test',
    env: {
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: '0,1,1,1,1,1,1,1,1,1',
    },
  });
}

describe('kill -9 of the webhook worker during delivery', () => {
  it(
    'after a restart every event is delivered; duplicates are only retries of the same webhook-id',
    { timeout: 120_000 },
    async () => {
      const admin = await createUser(ctx, await createAccount(ctx));
      await enableWebhooks(ctx, admin.accountId);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhook-endpoints',
        headers: admin.auth,
        payload: { url: receiver.url, events: ['chat.assigned'] },
      });
      expect(res.statusCode).toBe(201);
      for (let i = 0; i < EVENTS; i += 100)
        await Promise.all(
          Array.from({ length: 100 }, (_, k) =>
            recordEvent(
              ctx.deps.db,
              {
                accountId: admin.accountId,
                type: 'chat.assigned',
                at: new Date(),
                data: { n: i + k },
              },
              new Date(),
            ),
          ),
        );
      // Slow enough that a kill lands with POSTs in flight.
      receiver.delayMs = 20;

      child = startWorker();
      await until(() => receiver.received.length >= EVENTS / 4, 60_000);
      await killHard(child);
      const beforeKill = receiver.received.length;
      expect(beforeKill).toBeLessThan(EVENTS);
      // Deliveries the dead worker had taken stay leased for 60 s: let that time pass.
      await sql`UPDATE webhook_deliveries SET next_attempt_at = next_attempt_at - interval '61 seconds'
      WHERE state = 'pending'`.execute(ctx.deps.db);

      receiver.delayMs = 0;
      child = startWorker();
      const pending = async () =>
        Number(
          (
            await ctx.deps.db
              .selectFrom('webhook_deliveries')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('state', '!=', 'delivered')
              .executeTakeFirstOrThrow()
          ).n,
        );
      await until(async () => (await pending()) === 0, 90_000);
      child.kill('SIGTERM');

      const events = await ctx.deps.db.selectFrom('webhook_events').select('id').execute();
      expect(events).toHaveLength(EVENTS);
      const byId = new Map<string, string[]>();
      for (const r of receiver.received) {
        const id = r.headers['webhook-id']!;
        byId.set(id, [...(byId.get(id) ?? []), r.body]);
      }
      // None lost: every event reached the receiver.
      expect(new Set(byId.keys())).toEqual(new Set(events.map((e) => e.id)));
      // A duplicate is a retry: the same id and body, and its delivery counts more than one attempt.
      const attempts = new Map(
        (
          await ctx.deps.db
            .selectFrom('webhook_deliveries')
            .select(['event_id', 'attempts'])
            .execute()
        ).map((d) => [d.event_id, d.attempts]),
      );
      const duplicated = [...byId].filter(([, bodies]) => bodies.length > 1);
      for (const [id, bodies] of duplicated) {
        expect(new Set(bodies).size).toBe(1);
        expect(attempts.get(id)).toBeGreaterThanOrEqual(bodies.length);
      }
      console.warn(
        `webhook crash test: ${beforeKill} POSTs before the kill, ${duplicated.length} events re-sent after it`,
      );
    },
  );
});
