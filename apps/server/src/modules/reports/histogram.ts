/**
 * Fixed histogram buckets for durations, the same for every account and metric, so histograms
 * of any days and dimensions add up bucket by bucket and medians and p90 come from the sums.
 *
 * Bucket 1..60 hold whole seconds 0..59 (a value of 7 s is in bucket 8). From a minute on, each
 * bucket starts about 5 % after the previous one (edges rounded up to whole seconds) until 30
 * days; the last bucket holds everything longer. A bucket's representative value is its lower
 * edge, so a value that sits on an edge is read back exactly (tests use such values).
 */
const FINE_LIMIT = 60;
const STEP = 1.05;
const LAST_EDGE = 30 * 24 * 3600;

function buildEdges(): number[] {
  const edges: number[] = [];
  for (let s = 0; s < FINE_LIMIT; s++) edges.push(s);
  let e = FINE_LIMIT;
  while (e < LAST_EDGE) {
    edges.push(e);
    e = Math.ceil(e * STEP);
  }
  edges.push(LAST_EDGE);
  return edges;
}

/** Lower edge (seconds) of each bucket; `BUCKET_EDGES[i]` is bucket i + 1's. */
export const BUCKET_EDGES: readonly number[] = buildEdges();
export const BUCKET_COUNT = BUCKET_EDGES.length;

/** The 1-based bucket of a value in seconds (negative values count as 0). */
export function bucketOf(seconds: number): number {
  const v = Math.max(0, Math.floor(seconds));
  if (v < FINE_LIMIT) return v + 1;
  let lo = FINE_LIMIT;
  let hi = BUCKET_EDGES.length - 1;
  // The last edge whose value is <= v.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((BUCKET_EDGES[mid] ?? Infinity) <= v) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The value a bucket stands for: its lower edge. */
export function bucketValue(bucket: number): number {
  return BUCKET_EDGES[Math.min(Math.max(bucket, 1), BUCKET_COUNT) - 1] ?? 0;
}

/**
 * The p-quantile (0 < p <= 1) of a histogram by the nearest-rank rule: the value of the bucket
 * holding the ceil(p × n)-th smallest value. Null for an empty histogram.
 */
export function quantile(hist: readonly number[], p: number): number | null {
  const n = hist.reduce((a, b) => a + b, 0);
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil(p * n));
  let seen = 0;
  for (let i = 0; i < hist.length; i++) {
    seen += hist[i] ?? 0;
    if (seen >= rank) return bucketValue(i + 1);
  }
  return bucketValue(hist.length);
}

/** Histogram addition, as `report_hist_add` does in SQL. */
export function addHist(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) out.push((a[i] ?? 0) + (b[i] ?? 0));
  return out;
}

/**
 * How many values of a histogram lie in buckets wholly longer than `seconds` (lower edge above
 * it). Exact on its own for targets under a minute and one second below a bucket edge; otherwise
 * the times of the one bucket that holds `seconds + 1` are not in it, and `straddle(seconds + 1)`
 * names the values the caller counts from the facts (tabs/tickets.ts).
 */
export function countAbove(hist: readonly number[], seconds: number): number {
  let n = 0;
  for (let i = 0; i < hist.length; i++) if (bucketValue(i + 1) > seconds) n += hist[i] ?? 0;
  return n;
}

/**
 * The histogram's values per band (`lowerBounds` ascending, the first 0), each whole bucket in
 * the band that holds its lower edge. A band bound inside a bucket puts the bucket's values from
 * the bound up in the band below; `straddle(bound)` names them, for the caller to move.
 */
export function countPerBand(hist: readonly number[], lowerBounds: readonly number[]): number[] {
  const out = lowerBounds.map(() => 0);
  for (let i = 0; i < hist.length; i++) {
    const v = bucketValue(i + 1);
    let band = 0;
    while (band + 1 < lowerBounds.length && (lowerBounds[band + 1] ?? Infinity) <= v) band++;
    out[band] = (out[band] ?? 0) + (hist[i] ?? 0);
  }
  return out;
}

/** Whole seconds from `lo` to `hi` inclusive (`hi` null: no upper end). */
export interface SecondsRange {
  lo: number;
  hi: number | null;
}

/**
 * The values a histogram cannot place on either side of `bound` (values >= bound against values
 * below): from `bound` to the end of the bucket that holds it, or null when `bound` is a bucket
 * edge (or 0), where the buckets alone are exact. Under a minute every second is an edge.
 */
export function straddle(bound: number): SecondsRange | null {
  if (bound <= 0) return null;
  const b = bucketOf(bound);
  if (bucketValue(b) === bound) return null;
  return { lo: bound, hi: b < BUCKET_COUNT ? bucketValue(b + 1) - 1 : null };
}
