import { describe, expect, it } from 'vitest';
import {
  addHist,
  BUCKET_COUNT,
  BUCKET_EDGES,
  bucketOf,
  bucketValue,
  countAbove,
  countPerBand,
  quantile,
  straddle,
} from './histogram.js';

const histOf = (values: number[]) => {
  const h: number[] = [];
  for (const v of values) {
    const b = bucketOf(v);
    while (h.length < b) h.push(0);
    h[b - 1] = (h[b - 1] ?? 0) + 1;
  }
  return h;
};

describe('histogram buckets', () => {
  it('keeps whole seconds under a minute exactly', () => {
    for (let s = 0; s < 60; s++) expect(bucketValue(bucketOf(s))).toBe(s);
    expect(bucketOf(0.9)).toBe(1);
    expect(bucketOf(-5)).toBe(1);
  });

  it('steps about 5 % after a minute and reads edges back exactly', () => {
    expect(BUCKET_EDGES.slice(59, 64)).toEqual([59, 60, 63, 67, 71]);
    for (let i = 60; i < BUCKET_COUNT; i++) {
      const edge = BUCKET_EDGES[i]!;
      expect(bucketValue(bucketOf(edge))).toBe(edge);
      expect(bucketOf(edge - 1)).toBe(i);
      const step = edge / BUCKET_EDGES[i - 1]!;
      expect(step).toBeLessThan(1.07);
    }
    // Anything beyond 30 days is in the last bucket.
    expect(bucketOf(365 * 86_400)).toBe(BUCKET_COUNT);
  });

  it('gives medians and p90 by the nearest rank', () => {
    const h = histOf(
      [10, 20, 30, 40, 50, 60, 120, 300, 600, 3600].map((v) => bucketValue(bucketOf(v))),
    );
    expect(quantile(h, 0.5)).toBe(50);
    expect(quantile(h, 0.9)).toBe(bucketValue(bucketOf(600)));
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile(histOf([7]), 0.9)).toBe(7);
  });

  it('adds histograms of different lengths', () => {
    expect(addHist([1, 2], [0, 1, 5])).toEqual([1, 3, 5]);
    expect(quantile(addHist(histOf([5]), histOf([9, 9])), 0.5)).toBe(9);
  });

  it('counts the values of the buckets wholly over a target: exact under a minute and on edges', () => {
    const values = [0, 30, 59, 60, 61, 62, 63, 299, 300, 305, 306, 900, 7200];
    const h = histOf(values);
    const exact = (t: number) => values.filter((v) => v > t).length;
    // Under a minute every second is its own bucket.
    for (const t of [0, 29, 30, 58, 59]) expect(countAbove(h, t)).toBe(exact(t));
    // A target one second below an edge (62 → 63, 305 → 306) is exact too.
    expect(countAbove(h, 62)).toBe(exact(62));
    expect(countAbove(h, 305)).toBe(exact(305));
    // 300 falls inside [291, 306): 305 is not yet counted; 306 and above are.
    expect(countAbove(h, 300)).toBe(exact(300) - 1);
    expect(countAbove([], 60)).toBe(0);
    // Never more than the exact count, whatever the target.
    const spread = Array.from({ length: 400 }, (_, i) => i * 37);
    const hs = histOf(spread);
    for (const t of [45, 100, 250, 777, 3600, 9999])
      expect(countAbove(hs, t)).toBeLessThanOrEqual(spread.filter((v) => v > t).length);
  });

  it('puts each whole bucket in the band of its lower edge', () => {
    const bands = [0, 60, 300, 900];
    // 305 reads as 291 (bucket [291, 306)): the 1–5 min band; 306 is an edge: 5–15 min.
    expect(countPerBand(histOf([0, 59, 60, 299, 305, 306, 899, 5000]), bands)).toEqual([
      2, 3, 2, 1,
    ]);
    expect(countPerBand([], bands)).toEqual([0, 0, 0, 0]);
  });

  it('names the values a bound splits off its bucket, which make the counts exact', () => {
    // Under a minute and on an edge nothing is split.
    for (const b of [0, 1, 59, 60, 63, 306, 912]) expect(straddle(b)).toBeNull();
    expect(straddle(301)).toEqual({ lo: 301, hi: 305 });
    expect(straddle(86_401)).toEqual({ lo: 86_401, hi: 90_462 });
    // Past the last edge the bucket has no end.
    expect(straddle(30 * 86_400 + 1)).toEqual({ lo: 30 * 86_400 + 1, hi: null });
    // Buckets wholly over the target plus the split values over it: the exact count, any target.
    const spread = Array.from({ length: 900 }, (_, i) => i * 37 + (i % 7));
    const h = histOf(spread);
    for (const t of [0, 45, 100, 250, 300, 777, 900, 3600, 9999, 86_400]) {
      const cut = straddle(t + 1);
      const split = cut ? spread.filter((v) => v >= cut.lo && v <= (cut.hi ?? Infinity)).length : 0;
      expect(countAbove(h, t) + split, `${t}`).toBe(spread.filter((v) => v > t).length);
    }
  });
});
