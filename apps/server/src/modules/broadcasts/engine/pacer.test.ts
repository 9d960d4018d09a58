import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ENGINE_OPTIONS, paceShape } from './options.js';
import { Pacer, type ReserveSlots } from '../../../lib/pacer.js';

/**
 * The pacer on fake timers: lanes claim, launch and wait as the engine does, against a Meta whose
 * answers take as long as each scenario says. Every send start is recorded; no sliding 1-second
 * window over them may hold more than the rate + 10 %, stalls, pauses and resumes included.
 */
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The shared grid as repo.reserveSlots keeps it in PostgreSQL, in memory. */
function memoryGrid(rate: number): ReserveSlots {
  let next = 0;
  return async (count) => {
    const now = Date.now();
    const first = Math.max(next, now);
    next = first + (count * 1000) / rate;
    return first - now;
  };
}

interface World {
  rate: number;
  reserve: ReserveSlots;
  /** Epoch ms of every send start. */
  starts: number[];
  /** How long Meta takes to answer a send started at `t` (ms since the run began). */
  latency: (t: number) => number;
  t0: number;
  maxInFlight: number;
}

/** One lane run as lane.ts runs it: `pipelines` loops of acquire → claim → launch, until `stopAt`. */
async function lane(w: World, stopAt: number, pipelines = DEFAULT_ENGINE_OPTIONS.pipelines) {
  const { batch, maxInFlight } = paceShape(w.rate, DEFAULT_ENGINE_OPTIONS);
  const pacer = new Pacer(w.reserve, w.rate, maxInFlight);
  const pending: Promise<unknown>[] = [];
  const loop = async () => {
    while (Date.now() - w.t0 < stopAt) {
      const places = await pacer.acquire(batch);
      await sleep(3); // the claim's round trip
      const { outcomes } = await pacer.launch(Array.from({ length: places }), async () => {
        w.starts.push(Date.now());
        w.maxInFlight = Math.max(w.maxInFlight, pacer.inFlight);
        await sleep(w.latency(Date.now() - w.t0));
      });
      pending.push(outcomes);
    }
  };
  await Promise.all(Array.from({ length: pipelines }, loop));
  await Promise.all(pending);
}

function world(rate: number, latency: (t: number) => number): World {
  return { rate, reserve: memoryGrid(rate), starts: [], latency, t0: Date.now(), maxInFlight: 0 };
}

/** The most starts within any window (t - 1 s, t]. */
function busiestSecond(starts: number[]): number {
  const s = [...starts].sort((a, b) => a - b);
  let max = 0;
  for (let i = 0, j = 0; j < s.length; j++) {
    while (s[i]! <= s[j]! - 1000) i++;
    max = Math.max(max, j - i + 1);
  }
  return max;
}

const between = (w: World, fromMs: number, toMs: number) =>
  w.starts.filter((t) => t - w.t0 >= fromMs && t - w.t0 < toMs).length;

async function run(ms: number, ...work: Promise<unknown>[]) {
  const all = Promise.all(work);
  await vi.advanceTimersByTimeAsync(ms);
  await all;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('broadcast pacer', () => {
  it('keeps the rate, never above it, with two lanes sharing the grid', async () => {
    const w = world(50, () => 40);
    await run(21_000, lane(w, 20_000), lane(w, 20_000));
    expect(busiestSecond(w.starts)).toBeLessThanOrEqual(50 * 1.1);
    expect(between(w, 1000, 19_000)).toBeGreaterThanOrEqual(0.95 * 50 * 18);
  });

  it('does not make up for a slow second at Meta, nor for a pause, with a burst', async () => {
    // Sends started between 3 s and 4 s take 2.5 s to answer; the lanes stop at 8 s (a pause)
    // and start again at 10 s (a resume) on the same grid.
    const w = world(80, (t) => (t >= 3000 && t < 4000 ? 2500 : 50));
    const resumed = (async () => {
      await sleep(10_000);
      await Promise.all([lane(w, 15_000), lane(w, 15_000)]);
    })();
    await run(17_000, lane(w, 8000), lane(w, 8000), resumed);
    expect(busiestSecond(w.starts)).toBeLessThanOrEqual(80 * 1.1);
    // The stall did not stop the sending: the rate held through it.
    expect(between(w, 1000, 8000)).toBeGreaterThanOrEqual(0.95 * 80 * 7);
    // Batches claimed before the pause still start on their slots (at most 4 × 0.1 s of them).
    expect(between(w, 8500, 10_000)).toBe(0);
    expect(between(w, 10_000, 15_000)).toBeGreaterThanOrEqual(0.95 * 80 * 5);
  });

  it('drops the slots it woke up too late for, rather than sending them all at once', async () => {
    // At 1.5 s the process freezes for 0.4 s (a long GC, or the CPU given to others): every
    // timer due meanwhile fires at once when it wakes (the synchronous advance runs their
    // callbacks but none of what they await until the end).
    const w = world(200, () => 50);
    const work = Promise.all([lane(w, 5000), lane(w, 5000)]);
    await vi.advanceTimersByTimeAsync(1500);
    vi.advanceTimersByTime(400);
    await run(4100, work);
    expect(busiestSecond(w.starts)).toBeLessThanOrEqual(200 * 1.1);
    expect(w.starts.length).toBeGreaterThanOrEqual(0.95 * 200 * 4.6);
  });

  it('keeps sending at the rate while Meta takes 1.5 s to answer each send', async () => {
    const w = world(100, () => 1500);
    await run(12_000, lane(w, 10_000));
    expect(between(w, 2000, 10_000)).toBeGreaterThanOrEqual(0.95 * 100 * 8);
    expect(busiestSecond(w.starts)).toBeLessThanOrEqual(100 * 1.1);
  });

  it('bounds what is in flight when Meta is slower than that', async () => {
    // 200 in flight (2 s of 100/s) and 5 s per answer: 40 sends a second, never more in flight.
    const w = world(100, () => 5000);
    await run(26_000, lane(w, 20_000));
    expect(w.maxInFlight).toBe(paceShape(100, DEFAULT_ENGINE_OPTIONS).maxInFlight);
    expect(between(w, 5000, 20_000)).toBeLessThanOrEqual(40 * 15 + 200);
    expect(between(w, 5000, 20_000)).toBeGreaterThanOrEqual(40 * 15 * 0.9);
  });
});
