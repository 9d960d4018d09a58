import { describe, expect, it } from 'vitest';
import {
  addHist,
  BUCKET_COUNT,
  BUCKET_EDGES,
  bucketOf,
  bucketValue,
  quantile,
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
});
