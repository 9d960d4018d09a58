import { describe, expect, it } from 'vitest';
import { DEMO_NUMBER } from '@sapa/sandbox';
import { pauseBroadcast, resumeBroadcast } from './control.js';
import { runLane } from './lane.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './options.js';
import { scheduleBroadcast } from './schedule.js';
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
 * Pacing as Meta sees it: the sandbox counts send requests on arrival and keeps the busiest
 * sliding 1-second window. Two lanes (as two worker processes) send one broadcast at 50/s
 * through a slow second at Meta and a pause and resume; no second may carry more than 10 % over
 * the rate. Counts only: nothing here asserts how long anything took.
 */
const RATE = 50;
const OPTIONS: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, sliceMs: 60_000 };

const w = useEngineWorld(OPTIONS);

const sandbox = (method: 'GET' | 'POST', url: string, payload?: object) =>
  w.sandbox.inject({ method, url, ...(payload ? { payload } : {}) });
const sent = async () => (await sandboxLedger(w)).size;

describe('broadcast pacing', () => {
  it('never lets a 1-second window exceed the rate by 10 %, through a stall, a pause and a resume', async () => {
    await setRate(w, RATE);
    await sandbox('POST', '/sandbox/throughput', {
      phoneNumberId: DEMO_NUMBER.phoneNumberId,
      messagesPerSecond: RATE,
    });
    const total = 350;
    const id = await createBroadcast(w, total);
    await w.ctx.deps.db
      .transaction()
      .execute((trx) => scheduleBroadcast(w.ctx.deps, trx, id, new Date()));
    await w.ctx.jobs.drain(1);
    w.ctx.jobs.queued.length = 0;
    const lanes = () => Promise.all([0, 1].map((slot) => runLane(w.ctx.deps, id, slot, OPTIONS)));

    let running = lanes();
    // A slow second at Meta: the next 50 answers take 2 s each.
    await until(async () => (await sent()) >= 75, 60_000);
    await sandbox('POST', '/sandbox/faults', {
      phoneNumberId: DEMO_NUMBER.phoneNumberId,
      rules: [{ endpoint: 'messages', respond: 'slow', delayMs: 2000, times: RATE }],
    });
    // Then a pause: the lanes end once what is in flight is recorded; a resume starts them again.
    await until(async () => (await sent()) >= 200, 60_000);
    expect((await pauseBroadcast(w.ctx.deps, w.accountId, id)).kind).toBe('ok');
    await running;
    expect((await recipientStatuses(w, id)).sending ?? 0).toBe(0);
    // Paused a while, as a person does: long enough for any saved-up allowance to fill.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await resumeBroadcast(w.ctx.deps, w.accountId, id)).kind).toBe('ok');
    w.ctx.jobs.queued.length = 0;
    running = lanes();
    await running;
    await until(async () => (await broadcastStatus(w, id)) === 'completed', 60_000);

    const ledger = await sandboxLedger(w);
    expect(ledger.size).toBe(total);
    expect([...ledger.values()].every((n) => n === 1)).toBe(true);
    const seen = (
      await sandbox('GET', `/sandbox/throughput?phoneNumberId=${DEMO_NUMBER.phoneNumberId}`)
    ).json<{ arrivals: number; maxPerSecond: number; refused: number }>();
    expect(seen.arrivals).toBeGreaterThanOrEqual(total);
    expect(seen.maxPerSecond).toBeLessThanOrEqual(Math.floor(RATE * 1.1));
  }, 120_000);
});
