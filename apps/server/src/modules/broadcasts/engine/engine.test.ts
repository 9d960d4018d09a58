import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_NUMBER } from '@sapa/sandbox';
import { LedgerService } from '../../billing/ledger.js';
import type { EngineOptions } from './options.js';
import { registerBroadcastWorkers } from './register.js';
import { scheduleBroadcast } from './schedule.js';
import {
  broadcastStatus,
  createBroadcast,
  engineWorld,
  useEngineWorld,
  recipientStatuses,
  sandboxLedger,
  setRate,
  until,
} from './test-helpers.js';

/**
 * The engine end to end against the in-process sandbox over real HTTP: start, paced sends,
 * status webhooks back through /webhooks/meta, charging, completion, back-off.
 */
const OPTIONS: Partial<EngineOptions> = { sliceMs: 5_000, inDoubtGraceMs: 60_000 };

const w = useEngineWorld(OPTIONS);
beforeEach(async () => {
  await w.sandbox.inject({ method: 'POST', url: '/sandbox/reset' });
});

/** Runs queued jobs (the recording queue) until `done` holds. */
async function runUntil(done: () => Promise<boolean>, ms = 30_000): Promise<void> {
  await until(async () => {
    await w.ctx.jobs.drain(20);
    return done();
  }, ms);
}

async function schedule(broadcastId: string, startAt = new Date()) {
  await w.ctx.deps.db
    .transaction()
    .execute((trx) => scheduleBroadcast(w.ctx.deps, trx, broadcastId, startAt));
}

describe('broadcast engine', () => {
  it('sends every recipient once, records statuses from webhooks, charges and completes', async () => {
    await setRate(w, 200);
    const before = (await new LedgerService(w.ctx.deps).balance(w.accountId)).saldo;
    const id = await createBroadcast(w, 60);
    await schedule(id);
    expect(w.ctx.jobs.queued.map((j) => j.name)).toContain('broadcast.start');
    await runUntil(async () => (await broadcastStatus(w, id)) === 'completed');

    const ledger = await sandboxLedger(w);
    expect(ledger.size).toBe(60);
    expect([...ledger.values()].every((n) => n === 1)).toBe(true);
    // Statuses come back through the webhook: every row reaches delivered, with its wamid.
    await until(async () => (await recipientStatuses(w, id)).delivered === 60);
    const rows = await w.ctx.deps.db
      .selectFrom('broadcast_recipients')
      .select(['provider_message_id', 'sent_at', 'delivered_at', 'attempts'])
      .where('broadcast_id', '=', id)
      .execute();
    expect(rows.every((r) => r.provider_message_id?.startsWith('wamid.'))).toBe(true);
    expect(rows.every((r) => r.sent_at && r.delivered_at && r.attempts === 1)).toBe(true);

    // The plain business-initiated price, 550 per message: no PPN on usage.
    const after = (await new LedgerService(w.ctx.deps).balance(w.accountId)).saldo;
    expect(Math.round((before - after) * 100)).toBe(60 * 55000);
    const b = await w.ctx.deps.db
      .selectFrom('broadcasts')
      .select(['started_at', 'finished_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(b.started_at).not.toBeNull();
    expect(b.finished_at).not.toBeNull();

    const progress = w.ctx.events.filter(
      (e) => e.type === 'broadcast.progress' && e.event.broadcastId === id,
    );
    expect(progress.map((e) => e.type === 'broadcast.progress' && e.event.status)).toContain(
      'completed',
    );
  });

  it('fills the template with each recipient values and tags the send with its row', async () => {
    await setRate(w, 200);
    const id = await createBroadcast(w, 2, { phonePrefix: '62877' });
    await schedule(id);
    await runUntil(async () => (await broadcastStatus(w, id)) === 'completed');
    const calls = await w.sandbox.inject({ url: '/sandbox/calls?endpoint=messages' });
    const bodies = calls
      .json<{ data: { body: Record<string, unknown> }[] }>()
      .data.map((c) => c.body)
      .filter((b) => String(b.to).startsWith('62877'));
    const first = bodies.find((b) => b.to === '628770000001');
    const recipient = await w.ctx.deps.db
      .selectFrom('broadcast_recipients')
      .select('id')
      .where('broadcast_id', '=', id)
      .where('row_number', '=', 1)
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'id' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Customer 1' },
              { type: 'text', text: 'ORD-1' },
            ],
          },
        ],
      },
      biz_opaque_callback_data: `bcast:${recipient.id}`,
    });
  });

  it('backs off on 130429 and sends the refused recipients later, once', async () => {
    await setRate(w, 200);
    await w.sandbox.inject({
      method: 'POST',
      url: '/sandbox/faults',
      payload: {
        phoneNumberId: DEMO_NUMBER.phoneNumberId,
        rules: [{ endpoint: 'messages', respond: 429, times: 5 }],
      },
    });
    const id = await createBroadcast(w, 20, { phonePrefix: '62866' });
    await schedule(id);
    await runUntil(async () => (await broadcastStatus(w, id)) === 'completed');
    const retried = await w.ctx.deps.db
      .selectFrom('broadcast_recipients')
      .select(['attempts', 'status', 'error'])
      .where('broadcast_id', '=', id)
      .where('attempts', '>', 1)
      .execute();
    expect(retried).toHaveLength(5);
    expect(retried.every((r) => (r.error as { code?: number } | null)?.code === 130429)).toBe(true);
    const ledger = await sandboxLedger(w);
    expect(ledger.size).toBe(20);
    expect([...ledger.values()].every((n) => n === 1)).toBe(true);
  });

  it('fails recipients Meta refuses for good, with the reason, and no-match-template for 132001', async () => {
    await setRate(w, 200);
    await w.sandbox.inject({
      method: 'POST',
      url: '/sandbox/faults',
      payload: {
        phoneNumberId: DEMO_NUMBER.phoneNumberId,
        rules: [
          { endpoint: 'messages', respond: 400, graphCode: 131026, times: 1 },
          { endpoint: 'messages', respond: 404, graphCode: 132001, times: 1 },
        ],
      },
    });
    const id = await createBroadcast(w, 4, { phonePrefix: '62855' });
    await schedule(id);
    await runUntil(async () => (await broadcastStatus(w, id)) === 'completed');
    const counts = await recipientStatuses(w, id);
    expect(counts.failed).toBe(1);
    expect(counts['no-match-template']).toBe(1);
    const failed = await w.ctx.deps.db
      .selectFrom('broadcast_recipients')
      .select(['error', 'failed_at'])
      .where('broadcast_id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow();
    expect(failed.error).toMatchObject({ code: 131026 });
    expect(failed.failed_at).not.toBeNull();
  });

  it('pauses with Insufficient Balance when the balance does not cover the broadcast', async () => {
    const poor = await engineWorld({ balance: 1000 });
    try {
      await registerBroadcastWorkers(poor.ctx.deps, OPTIONS, 0);
      const id = await createBroadcast(poor, 10);
      await poor.ctx.deps.db
        .transaction()
        .execute((trx) => scheduleBroadcast(poor.ctx.deps, trx, id, new Date()));
      await poor.ctx.jobs.drain();
      const b = await poor.ctx.deps.db
        .selectFrom('broadcasts')
        .select(['status', 'pause_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(b).toEqual({ status: 'paused', pause_reason: 'Insufficient Balance' });
      const event = poor.ctx.events.find((e) => e.type === 'broadcast.progress');
      expect(event?.type === 'broadcast.progress' && event.event.reason).toBe(
        'Insufficient Balance',
      );
      expect((await sandboxLedger(poor)).size).toBe(0);
    } finally {
      await poor.close();
    }
  });
});
