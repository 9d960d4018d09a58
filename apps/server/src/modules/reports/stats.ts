import type { CsatStat, DurationStat, ReportGroupBy } from '@sapa/contracts';
import { daysOf, weekOf } from './days.js';
import { addHist, quantile } from './histogram.js';
import { emptySums, type Sums } from './read.repo.js';

/** Turning sums into the figures the API answers. */

export function addSums(a: Sums, b: Sums): Sums {
  return {
    count: a.count + b.count,
    sumS: a.sumS + b.sumS,
    sumBhS: a.sumBhS + b.sumBhS,
    cents: a.cents + b.cents,
    hist: addHist(a.hist, b.hist),
    histBh: addHist(a.histBh, b.histBh),
  };
}

/** All of a metric's days (or groups) added up. */
export function total(byKey: Map<string, Sums> | undefined): Sums {
  let t = emptySums();
  for (const s of byKey?.values() ?? []) t = addSums(t, s);
  return t;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export function durationStat(s: Sums): DurationStat {
  const n = s.count;
  return {
    count: n,
    avg: n ? round1(s.sumS / n) : null,
    median: quantile(s.hist, 0.5),
    p90: quantile(s.hist, 0.9),
    avgWithinHours: n ? round1(s.sumBhS / n) : null,
    medianWithinHours: quantile(s.histBh, 0.5),
    p90WithinHours: quantile(s.histBh, 0.9),
  };
}

/** CSAT facts carry the rating as their value: the average is sum / count. */
export function csatStat(s: Sums): CsatStat {
  return {
    responses: s.count,
    average: s.count ? Math.round((s.sumS / s.count) * 100) / 100 : null,
  };
}

/** Ratings 1–5 from a CSAT histogram (a rating r sits in bucket r + 1). */
export function ratingDistribution(s: Sums): { rating: number; count: number }[] {
  return [1, 2, 3, 4, 5].map((rating) => ({ rating, count: s.hist[rating] ?? 0 }));
}

export const money = (cents: number) => Math.round(cents) / 100;

/**
 * The periods of a range: each day, or each ISO week (its Monday) the range touches, in order,
 * with the days that fall in it.
 */
export function periodsOf(from: string, to: string, groupBy: ReportGroupBy): Map<string, string[]> {
  const periods = new Map<string, string[]>();
  for (const day of daysOf(from, to)) {
    const key = groupBy === 'week' ? weekOf(day) : day;
    periods.set(key, [...(periods.get(key) ?? []), day]);
  }
  return periods;
}

/**
 * A metric's sums per period, from sums keyed by period (read grouped by the same day or week)
 * or, failing that, by the period's days.
 */
export function perPeriod(
  byKey: Map<string, Sums> | undefined,
  periods: Map<string, string[]>,
): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (const [period, days] of periods) {
    let s = byKey?.get(period);
    if (!s) {
      s = emptySums();
      for (const d of days) {
        const v = byKey?.get(d);
        if (v) s = addSums(s, v);
      }
    }
    out.set(period, s);
  }
  return out;
}
