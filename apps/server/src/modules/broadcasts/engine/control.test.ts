import { describe, expect, it } from 'vitest';
import { cancelBroadcast, pauseBroadcast, resumeBroadcast } from './control.js';
import { runLane } from './lane.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './options.js';
import { scheduleBroadcast } from './schedule.js';
import { runSweep } from './sweep.js';
import {
  broadcastStatus,
  createBroadcast,
  useEngineWorld,
  recipientStatuses,
  sandboxLedger,
  sentTo,
  setRate,
  until,
} from './test-helpers.js';

/** Pause stops claiming (in-flight batches finish), resume continues, cancel drops the rest. */
const OPTIONS: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, sliceMs: 30_000 };

const w = useEngineWorld(OPTIONS);

describe('pause, resume and cancel', () => {
  it('pauses, resumes and cancels a running broadcast', async () => {
    await setRate(w, 20);
    const id = await createBroadcast(w, 200, { phonePrefix: '62811' });
    await w.ctx.deps.db
      .transaction()
      .execute((trx) => scheduleBroadcast(w.ctx.deps, trx, id, new Date()));
    await w.ctx.jobs.drain(1);
    w.ctx.jobs.queued.length = 0;

    let lane = runLane(w.ctx.deps, id, 0, OPTIONS);
    await until(async () => (await sentTo(w, '62811')) >= 10);
    const paused = await pauseBroadcast(w.ctx.deps, w.accountId, id);
    expect(paused.kind).toBe('ok');
    expect(await lane).toBe('not-running');
    // Batches in flight were recorded; nothing is claimed while paused.
    const atPause = await recipientStatuses(w, id);
    expect(atPause.sending ?? 0).toBe(0);
    const sentAtPause = await sentTo(w, '62811');
    expect(await runLane(w.ctx.deps, id, 0, OPTIONS)).toBe('not-running');
    expect(await sentTo(w, '62811')).toBe(sentAtPause);
    expect(await broadcastStatus(w, id)).toBe('paused');

    const resumed = await resumeBroadcast(w.ctx.deps, w.accountId, id);
    expect(resumed.kind === 'ok' && resumed.broadcast.status).toBe('running');
    lane = runLane(w.ctx.deps, id, 0, OPTIONS);
    await until(async () => (await sentTo(w, '62811')) >= sentAtPause + 10);

    const cancelled = await cancelBroadcast(w.ctx.deps, w.accountId, id);
    expect(cancelled.kind === 'ok' && cancelled.broadcast.status).toBe('cancelled');
    await lane;
    const counts = await recipientStatuses(w, id);
    expect(counts.queue ?? 0).toBe(0);
    expect(counts.cancelled).toBeGreaterThan(100);
    // Exactly the recipients not cancelled were sent, once each.
    const ledger = await sandboxLedger(w);
    const cancelledPhones = await w.ctx.deps.db
      .selectFrom('broadcast_recipients')
      .select('phone')
      .where('broadcast_id', '=', id)
      .where('status', '=', 'cancelled')
      .execute();
    expect(cancelledPhones.some((r) => ledger.has(r.phone))).toBe(false);
    expect(await sentTo(w, '62811')).toBe(200 - counts.cancelled!);
    expect([...ledger.values()].every((n) => n === 1)).toBe(true);

    // A cancelled broadcast can be neither resumed nor paused.
    expect((await resumeBroadcast(w.ctx.deps, w.accountId, id)).kind).toBe('conflict');
    expect((await pauseBroadcast(w.ctx.deps, w.accountId, id)).kind).toBe('conflict');
  });

  it('resumes a broadcast paused before its start back to waiting for it', async () => {
    const id = await createBroadcast(w, 3, { phonePrefix: '62812' });
    const startAt = new Date(Date.now() + 3_600_000);
    await w.ctx.deps.db
      .transaction()
      .execute((trx) => scheduleBroadcast(w.ctx.deps, trx, id, startAt));
    const start = w.ctx.jobs.queued.find(
      (j) => j.name === 'broadcast.start' && 'broadcastId' in j.data && j.data.broadcastId === id,
    );
    expect(start?.options.startAfterSeconds).toBeGreaterThan(3590);
    expect((await pauseBroadcast(w.ctx.deps, w.accountId, id)).kind).toBe('ok');
    // The start job finds it paused and leaves it.
    await w.ctx.jobs.drain();
    expect(await broadcastStatus(w, id)).toBe('paused');
    expect((await resumeBroadcast(w.ctx.deps, w.accountId, id)).kind).toBe('ok');
    expect(await broadcastStatus(w, id)).toBe('scheduled');
    w.ctx.jobs.queued.length = 0;
  });

  it('the sweep starts a due broadcast whose start job was lost', async () => {
    const id = await createBroadcast(w, 1, { phonePrefix: '62814' });
    await w.ctx.deps.db
      .transaction()
      .execute((trx) => scheduleBroadcast(w.ctx.deps, trx, id, new Date()));
    w.ctx.jobs.queued.length = 0; // the start job is lost
    await runSweep(w.ctx.deps, OPTIONS);
    expect(await broadcastStatus(w, id)).toBe('running');
    const lanes = w.ctx.jobs.queued.filter(
      (j) => j.name === 'broadcast.send' && 'broadcastId' in j.data && j.data.broadcastId === id,
    );
    expect(lanes).toHaveLength(OPTIONS.lanes);
    await until(async () => {
      await w.ctx.jobs.drain(10);
      return (await broadcastStatus(w, id)) === 'completed';
    });
  });

  it('does not touch another account broadcast', async () => {
    const id = await createBroadcast(w, 1, { phonePrefix: '62813' });
    const other = '00000000-0000-4000-8000-000000000000';
    expect((await pauseBroadcast(w.ctx.deps, other, id)).kind).toBe('not-found');
    expect((await cancelBroadcast(w.ctx.deps, other, id)).kind).toBe('not-found');
  });
});
