import { describe, expect, it } from 'vitest';
import { TurnBatcher } from './turn-batcher.js';

describe('TurnBatcher with a limit of statements in flight', () => {
  it('collects arrivals while the statement runs and sends them together next', async () => {
    const runs: number[][] = [];
    let release: () => void = () => undefined;
    const batcher = new TurnBatcher<number, number>(
      100,
      async (items) => {
        runs.push(items);
        if (runs.length === 1) await new Promise<void>((r) => (release = r));
        return items.map((i) => i * 10);
      },
      (i) => String(i),
      () => false,
      (o) => o,
      1,
    );
    const first = batcher.submit(1);
    await new Promise((r) => setImmediate(r));
    // The first statement is running: these three wait, over several turns.
    const later = [batcher.submit(2), batcher.submit(3)];
    await new Promise((r) => setImmediate(r));
    later.push(batcher.submit(4));
    await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it('still sends a full batch at once', async () => {
    const runs: number[][] = [];
    const batcher = new TurnBatcher<number, number>(
      2,
      async (items) => {
        runs.push(items);
        return items;
      },
      (i) => String(i),
      () => false,
      (o) => o,
      1,
    );
    await Promise.all([1, 2, 3].map((i) => batcher.submit(i)));
    expect(runs.flat().sort()).toEqual([1, 2, 3]);
    expect(runs[0]).toEqual([1, 2]);
  });
});
