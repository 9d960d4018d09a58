import { randomUUID } from 'node:crypto';
import { DEMO_NUMBER } from '@sapa/sandbox';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChannelAdapters } from '../../../channels/registry.js';
import { createDb } from '../../../db/database.js';
import type { Deps } from '../../../deps.js';
import { EventBus } from '../../../events/bus.js';
import { LedgerService } from '../../billing/ledger.js';
import { runLane } from './lane.js';
import { engineRepo } from './repo.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './options.js';
import { scheduleBroadcast } from './schedule.js';
import { runSweep } from './sweep.js';
import {
  broadcastStatus,
  createBroadcast,
  useEngineWorld,
  recipientStatuses,
  sandboxLedger,
  setRate,
  until,
} from './test-helpers.js';

/**
 * Exactly once across a crash: a worker that dies after its request reached Meta (the status
 * webhook settles the row), one that dies before (no status: resent after the grace period),
 * and two worker processes sending one broadcast side by side.
 */
const OPTIONS: EngineOptions = {
  ...DEFAULT_ENGINE_OPTIONS,
  sliceMs: 5_000,
  unreachablePauseMs: 100,
};

const w = useEngineWorld(OPTIONS, async (world) => {
  await setRate(world, 300);
});
beforeEach(async () => {
  await w.sandbox.inject({ method: 'POST', url: '/sandbox/reset' });
});

async function start(id: string) {
  w.ctx.jobs.queued.length = 0;
  await w.ctx.deps.db
    .transaction()
    .execute((trx) => scheduleBroadcast(w.ctx.deps, trx, id, new Date()));
  await w.ctx.jobs.drain(1);
  w.ctx.jobs.queued.length = 0; // the lanes are run by hand below
}

describe('broadcast crash recovery', () => {
  it(
    'settles sends that reached Meta from their webhooks and resends the rest: 0 duplicates, 0 missed',
    { timeout: 60_000 },
    async () => {
      const adapters = w.ctx.deps.channels;
      const realOpen = adapters.open.bind(adapters);
      const phoneRow = (to: string) => Number(to.slice(-7));
      // Rows 1–10: the request reaches the sandbox, then the worker dies before recording it.
      // Rows 11–15: the worker dies before the request leaves.
      adapters.open = (provider, config) => {
        const channel = realOpen(provider, config);
        return {
          ...channel,
          send: async (message, window) => {
            const row = phoneRow(message.to);
            if (row >= 11 && row <= 15) throw new Error('worker killed before the request');
            const result = await channel.send(message, window);
            if (row <= 10) throw new Error('worker killed after the request');
            return result;
          },
        };
      };
      const before = (await new LedgerService(w.ctx.deps).balance(w.accountId)).saldo;
      const id = await createBroadcast(w, 40, { phonePrefix: '62844' });
      try {
        await start(id);
        await runLane(w.ctx.deps, id, 0, OPTIONS);
      } finally {
        adapters.open = realOpen;
      }
      // The ten that reached the sandbox are settled by their status webhooks, wamid included.
      await until(async () => (await recipientStatuses(w, id)).sending === 5);
      expect(await broadcastStatus(w, id)).toBe('running');

      // Within the grace period nothing is resent.
      await runSweep(w.ctx.deps, { ...OPTIONS, inDoubtGraceMs: 3_600_000 });
      expect((await recipientStatuses(w, id)).sending).toBe(5);

      // Past it (the clock is real, so a zero grace stands for "long after"): requeued, resent.
      await runSweep(w.ctx.deps, { ...OPTIONS, inDoubtGraceMs: 0 });
      await until(async () => {
        await w.ctx.jobs.drain(10);
        return (await broadcastStatus(w, id)) === 'completed';
      });

      const ledger = await sandboxLedger(w);
      const phones = [...ledger.keys()].filter((p) => p.startsWith('62844'));
      expect(phones).toHaveLength(40); // 0 missed
      expect(phones.every((p) => ledger.get(p) === 1)).toBe(true); // 0 duplicates
      await until(async () => (await recipientStatuses(w, id)).delivered === 40);
      const rows = await w.ctx.deps.db
        .selectFrom('broadcast_recipients')
        .select(['row_number', 'provider_message_id', 'attempts'])
        .where('broadcast_id', '=', id)
        .execute();
      expect(rows.every((r) => r.provider_message_id)).toBe(true);
      expect(
        rows
          .filter((r) => r.attempts === 2)
          .map((r) => r.row_number)
          .sort((a, b) => a - b),
      ).toEqual([11, 12, 13, 14, 15]);
      // Charged once per recipient: the requeued five were refunded before being charged again.
      const after = (await new LedgerService(w.ctx.deps).balance(w.accountId)).saldo;
      expect(Math.round((before - after) * 100)).toBe(40 * 55000);
    },
  );

  it('two worker processes send one broadcast side by side without a duplicate', async () => {
    // A second process: its own pool, event bus and adapters on the same database.
    const { db, pool } = createDb(w.ctx.databaseUrl, 4);
    const deps2: Deps = {
      ...w.ctx.deps,
      db,
      pool,
      events: new EventBus(),
      channels: ChannelAdapters.fromConfig(w.ctx.deps.config),
    };
    const second = deps2.channels;
    const secondOpen = second.open.bind(second);
    let sentBySecond = 0;
    second.open = (provider, config) => {
      const channel = secondOpen(provider, config);
      return {
        ...channel,
        send: (message, window) => {
          sentBySecond++;
          return channel.send(message, window);
        },
      };
    };
    try {
      await w.sandbox.inject({
        method: 'POST',
        url: '/sandbox/throughput',
        payload: { phoneNumberId: DEMO_NUMBER.phoneNumberId, messagesPerSecond: 1000 },
      });
      const id = await createBroadcast(w, 150, { phonePrefix: '62833' });
      await start(id);
      await Promise.all([runLane(w.ctx.deps, id, 0, OPTIONS), runLane(deps2, id, 1, OPTIONS)]);
      // Both processes sent a share of the recipients.
      expect(sentBySecond).toBeGreaterThan(0);
      expect(sentBySecond).toBeLessThan(150);
      await until(async () => {
        await w.ctx.jobs.drain(10);
        return (await broadcastStatus(w, id)) === 'completed';
      });
      const ledger = await sandboxLedger(w);
      const phones = [...ledger.keys()].filter((p) => p.startsWith('62833'));
      expect(phones).toHaveLength(150);
      expect(phones.every((p) => ledger.get(p) === 1)).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('a lane held by a live worker is not taken over; a dead one is', async () => {
    const id = await createBroadcast(w, 1, { phonePrefix: '62822' });
    const now = new Date();
    const stale = new Date(now.getTime() - OPTIONS.leaseStaleMs);
    expect(await engineRepo.acquireLease(w.ctx.deps.db, id, 0, randomUUID(), now, stale)).toBe(
      true,
    );
    expect(await engineRepo.acquireLease(w.ctx.deps.db, id, 0, randomUUID(), now, stale)).toBe(
      false,
    );
    const later = new Date(now.getTime() + OPTIONS.leaseStaleMs + 1000);
    expect(
      await engineRepo.acquireLease(
        w.ctx.deps.db,
        id,
        0,
        randomUUID(),
        later,
        new Date(later.getTime() - OPTIONS.leaseStaleMs),
      ),
    ).toBe(true);
  });
});
