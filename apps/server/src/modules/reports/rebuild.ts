import type pg from 'pg';
import { addDays, weekOf } from './days.js';
import { addHist } from './histogram.js';
import { dimsOf, FACT_KINDS, HIST_KINDS, type FactKind } from './facts.js';

/**
 * Rollups recomputed from what they sum: the facts of a day, exactly as the listeners would have
 * added them. Used by the reconcile (which repairs rows that disagree and logs how many) and by
 * the tests that prove listeners and recomputation agree.
 */
export interface Cell {
  metric: string;
  dim: string;
  day: string;
  count: number;
  sumS: number;
  sumBhS: number;
  cents: number;
  hist: number[];
  histBh: number[];
}

export const cellKey = (c: Pick<Cell, 'metric' | 'dim' | 'day'>) => `${c.metric}|${c.dim}|${c.day}`;

const trim = (h: number[]) => {
  let n = h.length;
  while (n > 0 && !h[n - 1]) n--;
  return h.slice(0, n);
};

function bump(hist: number[], bucket: number | null): number[] {
  if (bucket === null) return hist;
  const h = hist.slice();
  while (h.length < bucket) h.push(0);
  h[bucket - 1] = (h[bucket - 1] ?? 0) + 1;
  return h;
}

/** A fact row (`n` 1) or a count of message facts alike (`report_fact_rows`). */
interface EventRow {
  kind: FactKind;
  n: number;
  day: string;
  value_s: number | null;
  value_bh_s: number | null;
  bucket: number | null;
  bucket_bh: number | null;
  agent_id: string | null;
  channel: string | null;
  division_id: string | null;
  labels: string[];
  msg_type: string | null;
}

/** The rollup cells the facts of some days (of some kinds, all by default) add up to. */
export async function cellsFromFacts(
  db: Pick<pg.Pool, 'query'>,
  accountId: string,
  from: string,
  to: string,
  kinds: readonly FactKind[] = FACT_KINDS,
): Promise<Map<string, Cell>> {
  const { rows } = await db.query<EventRow>(
    `SELECT kind, n, day::text AS day, value_s, value_bh_s, bucket, bucket_bh, agent_id,
            channel, division_id, labels::text[] AS labels, msg_type
     FROM report_fact_rows WHERE account_id = $1 AND kind = ANY($2::text[]) AND day BETWEEN $3 AND $4`,
    [accountId, [...kinds], from, to],
  );
  const cells = new Map<string, Cell>();
  for (const r of rows) {
    const dims = dimsOf({
      kind: r.kind,
      agentId: r.agent_id,
      channel: r.channel,
      divisionId: r.division_id,
      labels: r.labels ?? [],
      msgType: r.msg_type,
    });
    for (const dim of dims) {
      const key = cellKey({ metric: r.kind, dim, day: r.day });
      const c = cells.get(key) ?? {
        metric: r.kind,
        dim,
        day: r.day,
        count: 0,
        sumS: 0,
        sumBhS: 0,
        cents: 0,
        hist: [],
        histBh: [],
      };
      c.count += Number(r.n);
      c.sumS += r.value_s ?? 0;
      c.sumBhS += r.value_bh_s ?? 0;
      c.hist = bump(c.hist, r.bucket);
      c.histBh = bump(c.histBh, r.bucket_bh);
      cells.set(key, c);
    }
  }
  return cells;
}

/** Daily rollups, or weekly ones (`day` is the week's Monday). */
export type RollupTable = 'report_daily' | 'report_weekly';

/** The stored rollup rows of some metrics and days. */
export async function storedCells(
  db: Pick<pg.Pool, 'query'>,
  accountId: string,
  metrics: readonly string[],
  from: string,
  to: string,
  table: RollupTable = 'report_daily',
): Promise<Map<string, Cell>> {
  const { rows } = await db.query<{
    metric: string;
    dim: string;
    day: string;
    count: number;
    sum_s: number;
    sum_bh_s: number;
    amount: string;
    hist: number[];
    hist_bh: number[];
  }>(
    `SELECT metric, dim, day::text AS day, count, sum_s, sum_bh_s, amount::text AS amount, hist, hist_bh
     FROM ${table} WHERE account_id = $1 AND metric = ANY($2::text[]) AND day BETWEEN $3 AND $4`,
    [accountId, [...metrics], from, to],
  );
  return new Map(
    rows.map((r) => [
      cellKey(r),
      {
        metric: r.metric,
        dim: r.dim,
        day: r.day,
        count: Number(r.count),
        sumS: Number(r.sum_s),
        sumBhS: Number(r.sum_bh_s),
        cents: Math.round(Number(r.amount) * 100),
        hist: r.hist ?? [],
        histBh: r.hist_bh ?? [],
      },
    ]),
  );
}

const isEmpty = (c: Cell) =>
  c.count === 0 && c.sumS === 0 && c.sumBhS === 0 && c.cents === 0 && trim(c.hist).length === 0;

function same(a: Cell, b: Cell): boolean {
  return (
    a.count === b.count &&
    a.sumS === b.sumS &&
    a.sumBhS === b.sumBhS &&
    a.cents === b.cents &&
    trim(a.hist).join(',') === trim(b.hist).join(',') &&
    trim(a.histBh).join(',') === trim(b.histBh).join(',')
  );
}

/** What to write so `stored` becomes `expected`: rows to set, and keys of rows to remove. */
export function diffCells(
  expected: Map<string, Cell>,
  stored: Map<string, Cell>,
): { set: Cell[]; remove: Cell[] } {
  const set: Cell[] = [];
  const remove: Cell[] = [];
  for (const [key, want] of expected) {
    const have = stored.get(key);
    if (isEmpty(want)) {
      if (have && !isEmpty(have)) remove.push(have);
    } else if (!have || !same(want, have)) set.push(want);
  }
  for (const [key, have] of stored) if (!expected.has(key) && !isEmpty(have)) remove.push(have);
  return { set, remove };
}

/** Writes the cells as they are (not added) and removes the others, in the caller's transaction. */
export async function applyCells(
  client: pg.PoolClient,
  accountId: string,
  diff: { set: Cell[]; remove: Cell[] },
  table: RollupTable = 'report_daily',
): Promise<void> {
  const { set, remove } = diff;
  if (remove.length > 0)
    await client.query(
      `DELETE FROM ${table} r USING unnest($2::text[], $3::text[], $4::date[]) AS t(metric, dim, day)
       WHERE r.account_id = $1 AND r.metric = t.metric AND r.dim = t.dim AND r.day = t.day`,
      [accountId, remove.map((c) => c.metric), remove.map((c) => c.dim), remove.map((c) => c.day)],
    );
  if (set.length > 0)
    await client.query(
      `INSERT INTO ${table} (account_id, metric, dim, day, count, sum_s, sum_bh_s, amount, hist, hist_bh)
       SELECT $1, metric, dim, day, n, s, sbh, cents / 100.0, h::int[], hbh::int[]
       FROM unnest($2::text[], $3::text[], $4::date[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[],
                   $9::text[], $10::text[]) AS t(metric, dim, day, n, s, sbh, cents, h, hbh)
       ON CONFLICT (account_id, metric, dim, day) DO UPDATE SET count = EXCLUDED.count,
         sum_s = EXCLUDED.sum_s, sum_bh_s = EXCLUDED.sum_bh_s, amount = EXCLUDED.amount,
         hist = EXCLUDED.hist, hist_bh = EXCLUDED.hist_bh`,
      [
        accountId,
        set.map((c) => c.metric),
        set.map((c) => c.dim),
        set.map((c) => c.day),
        set.map((c) => c.count),
        set.map((c) => c.sumS),
        set.map((c) => c.sumBhS),
        set.map((c) => c.cents),
        set.map((c) => `{${trim(c.hist).join(',')}}`),
        set.map((c) => `{${trim(c.histBh).join(',')}}`),
      ],
    );
}

/**
 * Makes the fact rollups of some days equal to their facts, under the account's report lock
 * (fact writers hold it shared), one day at a time; the number of rows repaired. `kinds` limits
 * it to some metrics (a new dimension of one metric needs only that metric's history rebuilt);
 * `onDay` hears of each day done.
 */
export async function rebuildFactRollups(
  pool: pg.Pool,
  accountId: string,
  days: string[],
  opts: { kinds?: readonly FactKind[]; onDay?: (day: string, repaired: number) => void } = {},
): Promise<number> {
  const kinds = opts.kinds ?? FACT_KINDS;
  const weekly = HIST_KINDS.filter((k) => kinds.includes(k));
  let repaired = 0;
  for (const day of days) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('reports:' || $1, 0))`, [
        accountId,
      ]);
      const expected = await cellsFromFacts(client, accountId, day, day, kinds);
      const stored = await storedCells(client, accountId, kinds, day, day);
      const diff = diffCells(expected, stored);
      await applyCells(client, accountId, diff);
      await client.query('COMMIT');
      repaired += diff.set.length + diff.remove.length;
      opts.onDay?.(day, diff.set.length + diff.remove.length);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
  if (weekly.length > 0)
    for (const monday of new Set(days.map(weekOf)))
      repaired += await rebuildWeek(pool, accountId, monday, weekly);
  return repaired;
}

/** The weekly rows of a week (histogram metrics) made equal to its seven days' facts. */
async function rebuildWeek(
  pool: pg.Pool,
  accountId: string,
  monday: string,
  kinds: readonly FactKind[],
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('reports:' || $1, 0))`, [
      accountId,
    ]);
    const daily = await cellsFromFacts(client, accountId, monday, addDays(monday, 6), kinds);
    const expected = new Map<string, Cell>();
    for (const c of daily.values()) {
      const key = cellKey({ ...c, day: monday });
      const had = expected.get(key);
      expected.set(
        key,
        had
          ? {
              ...had,
              count: had.count + c.count,
              sumS: had.sumS + c.sumS,
              sumBhS: had.sumBhS + c.sumBhS,
              hist: addHist(had.hist, c.hist),
              histBh: addHist(had.histBh, c.histBh),
            }
          : { ...c, day: monday },
      );
    }
    const stored = await storedCells(client, accountId, kinds, monday, monday, 'report_weekly');
    const diff = diffCells(expected, stored);
    await applyCells(client, accountId, diff, 'report_weekly');
    await client.query('COMMIT');
    return diff.set.length + diff.remove.length;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
