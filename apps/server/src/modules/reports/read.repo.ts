import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
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

/** How rows group: by day, or by a dimension's group (for the dims reads) or a fact column. */
export type GroupBy = 'day' | 'dim' | 'daydim';

/**
 * Sums of `metrics` over [from, to] per metric and day (`group: 'day'`) or per metric and
 * dimension (`group: 'dim'`, totals of the range per agent, channel…), or per day and dimension
 * (`'daydim'`, keys "day|dim"). With a facts selector,
 * `factKey` names the column to group by instead of the dimension.
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
): Promise<Map<string, Map<string, Sums>>> {
  const out = new Map<string, Map<string, Sums>>();
  if (metrics.length === 0) return out;
  let rows: SumRow[];
  if ('dims' in selector) {
    if (selector.dims.length === 0) return out;
    const key =
      group === 'day' ? sql`day::text` : group === 'dim' ? sql`dim` : sql`day::text || '|' || dim`;
    ({ rows } = await sql<SumRow>`
      SELECT metric, ${key} AS key, sum(count) AS n, sum(sum_s) AS s, sum(sum_bh_s) AS sbh,
             sum(amount)::text AS amount, report_hist_sum(hist) AS hist, report_hist_sum(hist_bh) AS hist_bh
      FROM report_daily
      WHERE account_id = ${accountId} AND metric = ANY(${[...metrics]}::text[])
        AND dim = ANY(${selector.dims}::text[]) AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2`.execute(db));
  } else {
    const key =
      group === 'day'
        ? sql`day::text`
        : group === 'dim'
          ? factKey
          : sql`day::text || '|' || ${factKey}`;
    ({ rows } = await sql<SumRow>`
      SELECT kind AS metric, ${key} AS key, count(*) AS n, coalesce(sum(value_s), 0) AS s,
             coalesce(sum(value_bh_s), 0) AS sbh, '0' AS amount,
             report_hist_of(array_agg(bucket)) AS hist, report_hist_of(array_agg(bucket_bh)) AS hist_bh
      FROM report_events
      WHERE account_id = ${accountId} AND kind = ANY(${[...metrics]}::text[])
        AND day BETWEEN ${from}::date AND ${to}::date AND ${factWhere(selector.facts)}
      GROUP BY 1, 2`.execute(db));
  }
  for (const r of rows) {
    const byKey = out.get(r.metric) ?? new Map<string, Sums>();
    byKey.set(r.key, toSums(r));
    out.set(r.metric, byKey);
  }
  return out;
}

/**
 * Facts of a kind in the range whose value is above a threshold (SLA breaches), per day: exact,
 * from the facts (targets change; the rollups' buckets would only approximate them).
 */
export async function countAbove(
  db: Db,
  accountId: string,
  kind: string,
  seconds: number,
  selector: Selector,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const filter = selectorAsFacts(selector);
  const { rows } = await sql<{ day: string; n: number }>`
    SELECT day::text AS day, count(*)::int AS n FROM report_events
    WHERE account_id = ${accountId} AND kind = ${kind} AND day BETWEEN ${from}::date AND ${to}::date
      AND value_s > ${seconds} AND ${filter}
    GROUP BY 1`.execute(db);
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

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
