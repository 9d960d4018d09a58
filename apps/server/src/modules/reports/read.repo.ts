import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { addDays, daysOf, weekOf } from './days.js';
import { HIST_KINDS, LABELLED } from './facts.js';
import { addHist, type SecondsRange } from './histogram.js';
import type { FactFilter, Selector } from './scope.js';

/**
 * Reads of the rollups (or, for filter combinations no dimension holds, of the facts): sums per
 * metric and day, or per metric and group. Never the messages table.
 */
export interface Sums {
  count: number;
  sumS: number;
  sumBhS: number;
  cents: number;
  hist: number[];
  histBh: number[];
}

export const emptySums = (): Sums => ({
  count: 0,
  sumS: 0,
  sumBhS: 0,
  cents: 0,
  hist: [],
  histBh: [],
});

interface SumRow {
  metric: string;
  key: string;
  n: number | string;
  s: number | string;
  sbh: number | string;
  amount: string;
  hist: number[] | null;
  hist_bh: number[] | null;
}

const toSums = (r: SumRow): Sums => ({
  count: Number(r.n),
  sumS: Number(r.s),
  sumBhS: Number(r.sbh),
  cents: Math.round(Number(r.amount) * 100),
  hist: r.hist ?? [],
  histBh: r.hist_bh ?? [],
});

function factWhere(f: FactFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (f.agentIds) parts.push(sql`agent_id = ANY(${f.agentIds}::uuid[])`);
  if (f.divisionIds) parts.push(sql`division_id = ANY(${f.divisionIds}::uuid[])`);
  if (f.channel) parts.push(sql`channel = ${f.channel}`);
  if (f.labelId) parts.push(sql`${f.labelId}::uuid = ANY(labels)`);
  return sql.join(parts, sql` AND `);
}

/**
 * How rows group: per day, per ISO week (keyed by its Monday), per dimension over the whole range
 * (`dim`), or per day and dimension (`daydim`, keys "day|dim"). With a facts selector, `factKey`
 * stands for the dimension.
 */
export type GroupBy = 'day' | 'week' | 'dim' | 'daydim';

const HIST: ReadonlySet<string> = new Set(HIST_KINDS);

function add(into: Map<string, Map<string, Sums>>, metric: string, key: string, s: Sums) {
  const byKey = into.get(metric) ?? new Map<string, Sums>();
  const had = byKey.get(key);
  byKey.set(
    key,
    had
      ? {
          count: had.count + s.count,
          sumS: had.sumS + s.sumS,
          sumBhS: had.sumBhS + s.sumBhS,
          cents: had.cents + s.cents,
          hist: addHist(had.hist, s.hist),
          histBh: addHist(had.histBh, s.histBh),
        }
      : s,
  );
  into.set(metric, byKey);
}

/** Mondays of the ISO weeks wholly inside [from, to], and the days left at either end. */
export function splitWeeks(from: string, to: string): { weeks: string[]; days: string[] } {
  const weeks: string[] = [];
  const days: string[] = [];
  for (const day of daysOf(from, to)) {
    const monday = weekOf(day);
    if (monday >= from && addDays(monday, 6) <= to) {
      if (day === monday) weeks.push(monday);
    } else days.push(day);
  }
  return { weeks, days };
}

/**
 * Sums of `metrics` over [from, to] grouped as asked. Counts and money are summed in SQL; the
 * histograms of response, reply and resolution times and CSAT are fetched as they are stored and
 * added here (adding arrays in SQL cost more than the arrays themselves), from the weekly rollups
 * for whole weeks when the grouping allows it. `bh` also reads the working-hours histograms.
 */
export async function readSums(
  db: Db,
  accountId: string,
  metrics: readonly string[],
  selector: Selector,
  from: string,
  to: string,
  group: GroupBy,
  factKey: RawBuilder<string> = sql<string>`'all'`,
  opts: { bh?: boolean } = {},
): Promise<Map<string, Map<string, Sums>>> {
  const out = new Map<string, Map<string, Sums>>();
  if (metrics.length === 0) return out;
  if ('facts' in selector) {
    const key =
      group === 'day'
        ? sql`day::text`
        : group === 'week'
          ? sql`date_trunc('week', day)::date::text`
          : group === 'dim'
            ? factKey
            : sql`day::text || '|' || ${factKey}`;
    const { rows } = await sql<SumRow>`
      SELECT kind AS metric, ${key} AS key, sum(n) AS n, coalesce(sum(value_s), 0) AS s,
             coalesce(sum(value_bh_s), 0) AS sbh, '0' AS amount,
             report_hist_of(array_agg(bucket) FILTER (WHERE bucket IS NOT NULL)) AS hist,
             report_hist_of(array_agg(bucket_bh) FILTER (WHERE bucket_bh IS NOT NULL)) AS hist_bh
      FROM report_fact_rows
      WHERE account_id = ${accountId} AND kind = ANY(${[...metrics]}::text[])
        AND day BETWEEN ${from}::date AND ${to}::date AND ${factWhere(selector.facts)}
      GROUP BY 1, 2`.execute(db);
    for (const r of rows) add(out, r.metric, r.key, toSums(r));
    return out;
  }
  if (selector.dims.length === 0) return out;
  const dims = selector.dims;
  const counted = metrics.filter((m) => !HIST.has(m));
  const drawn = metrics.filter((m) => HIST.has(m));
  const keyOf = (day: string) =>
    group === 'day'
      ? sql`${sql.ref(day)}::text`
      : group === 'week'
        ? sql`date_trunc('week', ${sql.ref(day)})::date::text`
        : group === 'dim'
          ? sql`dim`
          : sql`${sql.ref(day)}::text || '|' || dim`;
  const reads: Promise<void>[] = [];
  if (counted.length > 0)
    reads.push(
      sql<SumRow>`
        SELECT metric, ${keyOf('day')} AS key, sum(count) AS n, sum(sum_s) AS s, sum(sum_bh_s) AS sbh,
               sum(amount)::text AS amount, NULL AS hist, NULL AS hist_bh
        FROM report_daily
        WHERE account_id = ${accountId} AND metric = ANY(${counted}::text[])
          AND dim = ANY(${dims}::text[]) AND day BETWEEN ${from}::date AND ${to}::date
        GROUP BY 1, 2`
        .execute(db)
        .then(({ rows }) => {
          for (const r of rows) add(out, r.metric, r.key, toSums(r));
        }),
    );
  if (drawn.length > 0) {
    // Whole weeks from the weekly rows where the grouping is coarser than a day.
    const { weeks, days } =
      group === 'week' || group === 'dim'
        ? splitWeeks(from, to)
        : { weeks: [], days: daysOf(from, to) };
    const bh = opts.bh ? sql`hist_bh` : sql`NULL::int[]`;
    const raw = (table: 'report_daily' | 'report_weekly', list: string[]) =>
      sql<SumRow>`
        SELECT metric, ${keyOf('day')} AS key, count AS n, sum_s AS s, sum_bh_s AS sbh,
               amount::text AS amount, hist, ${bh} AS hist_bh
        FROM ${sql.table(table)}
        WHERE account_id = ${accountId} AND metric = ANY(${drawn}::text[])
          AND dim = ANY(${dims}::text[]) AND day = ANY(${list}::date[])`
        .execute(db)
        .then(({ rows }) => {
          for (const r of rows) add(out, r.metric, r.key, toSums(r));
        });
    if (weeks.length > 0) reads.push(raw('report_weekly', weeks));
    if (days.length > 0) reads.push(raw('report_daily', days));
  }
  await Promise.all(reads);
  return out;
}

/** A count of duration facts of a kind whose value lies in a range, to be read per day. */
export interface ValueSlice extends SecondsRange {
  kind: 'first_response' | 'resolution';
}

/**
 * Facts in the days of each slice's kind and seconds, per slice and day (`out[i]` day → count),
 * under the selector: the part of one histogram bucket a target or a band bound splits
 * (tabs/tickets.ts). One index range scan per slice over `report_events_value` (0062), which
 * holds the values in order with what filters them, so it reads one bucket's facts, not the
 * range's.
 */
export async function countSlices(
  db: Db,
  accountId: string,
  slices: readonly ValueSlice[],
  selector: Selector,
  from: string,
  to: string,
): Promise<Map<string, number>[]> {
  const out = slices.map(() => new Map<string, number>());
  if (slices.length === 0) return out;
  const { rows } = await sql<{ i: number; day: string; n: number }>`
    SELECT s.i::int AS i, e.day::text AS day, count(*)::int AS n
    FROM unnest(${slices.map((x) => x.kind)}::text[], ${slices.map((x) => x.lo)}::int[],
                ${slices.map((x) => x.hi ?? INT_MAX)}::int[]) WITH ORDINALITY AS s(kind, lo, hi, i)
    CROSS JOIN LATERAL (
      SELECT day FROM report_events
      WHERE account_id = ${accountId} AND kind = s.kind AND kind IN ('first_response', 'resolution')
        AND value_s BETWEEN s.lo AND s.hi
        AND day BETWEEN ${from}::date AND ${to}::date AND ${selectorAsFacts(selector)}
    ) e
    GROUP BY 1, 2`.execute(db);
  for (const r of rows) out[Number(r.i) - 1]?.set(r.day, Number(r.n));
  return out;
}

const INT_MAX = 2_147_483_647;

/** A dimension list as the equivalent filter on facts (for reads that need the facts). */
export function dimsAsFacts(dims: string[]): RawBuilder<unknown> {
  if (dims.includes('all')) return sql`true`;
  const ors = dims.map((dim) => {
    const parts = dim.split('|').map((p) => {
      const [kind, ...rest] = p.split(':');
      const value = rest.join(':');
      if (kind === 'agent') return sql`agent_id = ${value}::uuid`;
      if (kind === 'division') return sql`division_id = ${value}::uuid`;
      if (kind === 'channel') return sql`channel = ${value}`;
      if (kind === 'label') return sql`${value}::uuid = ANY(labels)`;
      if (kind === LABELLED) return sql`labels <> '{}'`;
      return sql`false`;
    });
    return sql`(${sql.join(parts, sql` AND `)})`;
  });
  return ors.length ? sql`(${sql.join(ors, sql` OR `)})` : sql`false`;
}

/** Any selector as a filter on the facts. */
export function selectorAsFacts(selector: Selector): RawBuilder<unknown> {
  return 'facts' in selector ? factWhere(selector.facts) : dimsAsFacts(selector.dims);
}

/**
 * Sums of `metrics` over the whole range (all dimensions of the selector together): whole weeks
 * from the weekly rollups, so a year reads about 60 rows per dimension and metric.
 */
export async function readTotals(
  db: Db,
  accountId: string,
  metrics: readonly string[],
  selector: Selector,
  from: string,
  to: string,
  opts: { bh?: boolean } = {},
): Promise<Map<string, Sums>> {
  const byKey = await readSums(db, accountId, metrics, selector, from, to, 'dim', undefined, opts);
  const out = new Map<string, Sums>();
  for (const [metric, m] of byKey) {
    let t = emptySums();
    for (const s of m.values())
      t = {
        count: t.count + s.count,
        sumS: t.sumS + s.sumS,
        sumBhS: t.sumBhS + s.sumBhS,
        cents: t.cents + s.cents,
        hist: addHist(t.hist, s.hist),
        histBh: addHist(t.histBh, s.histBh),
      };
    out.set(metric, t);
  }
  return out;
}
