import type pg from 'pg';
import type { Db } from '../../db/database.js';
import { loadReportAccount } from './account-context.js';
import { localDay } from './working-hours.js';

/**
 * Usage cost per day, rolled up from the balance ledger itself so it agrees with it to the
 * rupiah. An account's ledger rows are appended one at a time under its ledger lock and commit
 * in id order, so a cursor per account (moved in the same transaction as the sums) takes every
 * row exactly once, however often and from wherever it runs.
 *
 * What a row paid for is read from its reference: `conv:` a conversation (its kind from the
 * pricing module's usage_charges row), `mau:` a monthly active contact, `broadcast:` a
 * broadcast's sends. Refunds carry the same reference and subtract. Top-ups, plans and
 * adjustments are not usage.
 */
export type CostMetric = 'cost_user' | 'cost_business' | 'cost_mau' | 'cost_broadcast';
export const COST_METRICS: readonly CostMetric[] = [
  'cost_user',
  'cost_business',
  'cost_mau',
  'cost_broadcast',
];

export interface LedgerRow {
  id: number;
  amount: string;
  kind: string;
  order_id: string | null;
  created_at: Date;
  usage_kind: string | null;
}

/** The cost metric of a ledger row and, for broadcasts, which one; null when it is not usage. */
export function classifyLedgerRow(
  row: Pick<LedgerRow, 'kind' | 'order_id' | 'usage_kind'>,
): { metric: CostMetric; broadcastId: string | null } | null {
  if (row.kind !== 'charge' && row.kind !== 'refund') return null;
  const ref = row.order_id ?? '';
  if (ref.startsWith('conv:')) {
    if (row.usage_kind === 'user_initiated') return { metric: 'cost_user', broadcastId: null };
    if (row.usage_kind === 'business_initiated')
      return { metric: 'cost_business', broadcastId: null };
    return null;
  }
  if (ref.startsWith('mau:')) return { metric: 'cost_mau', broadcastId: null };
  if (ref.startsWith('broadcast:'))
    return { metric: 'cost_broadcast', broadcastId: ref.split(':')[1] ?? null };
  return null;
}

/** Money in cents, exact: the ledger keeps two decimals. */
export const toCents = (amount: string | number): number => Math.round(Number(amount) * 100);

const ROWS_SQL = `
  SELECT l.id, l.amount::text AS amount, l.kind, l.order_id, l.created_at, u.kind AS usage_kind
  FROM balance_ledger l
  LEFT JOIN usage_charges u ON u.account_id = l.account_id AND u.ref = l.order_id
  WHERE l.account_id = $1 AND l.id > $2
  ORDER BY l.id LIMIT $3`;

export interface CostCell {
  metric: CostMetric;
  dim: string;
  day: string;
  count: number;
  cents: number;
}

/** Ledger rows summed per metric, dimension and local day (spend positive, refunds negative). */
export function costCells(rows: LedgerRow[], timezone: string): CostCell[] {
  const cells = new Map<string, CostCell>();
  const add = (metric: CostMetric, dim: string, day: string, count: number, cents: number) => {
    const key = `${metric}|${dim}|${day}`;
    const cell = cells.get(key) ?? { metric, dim, day, count: 0, cents: 0 };
    cell.count += count;
    cell.cents += cents;
    cells.set(key, cell);
  };
  for (const row of rows) {
    const c = classifyLedgerRow(row);
    if (!c) continue;
    const day = localDay(row.created_at, timezone);
    const spend = -toCents(row.amount);
    const count = row.kind === 'charge' ? 1 : -1;
    add(c.metric, 'all', day, count, spend);
    if (c.broadcastId) add(c.metric, `broadcast:${c.broadcastId}`, day, count, spend);
  }
  return [...cells.values()].filter((c) => c.count !== 0 || c.cents !== 0);
}

const ADD_SQL = `
  INSERT INTO report_daily AS r (account_id, metric, dim, day, count, amount)
  SELECT $1, metric, dim, day, n, cents / 100.0
  FROM unnest($2::text[], $3::text[], $4::date[], $5::bigint[], $6::bigint[]) AS t(metric, dim, day, n, cents)
  ORDER BY metric, dim, day
  ON CONFLICT (account_id, metric, dim, day) DO UPDATE SET
    count = r.count + EXCLUDED.count, amount = r.amount + EXCLUDED.amount`;

export async function addCostCells(
  client: pg.PoolClient,
  accountId: string,
  cells: CostCell[],
): Promise<void> {
  if (cells.length === 0) return;
  await client.query(ADD_SQL, [
    accountId,
    cells.map((c) => c.metric),
    cells.map((c) => c.dim),
    cells.map((c) => c.day),
    cells.map((c) => c.count),
    cells.map((c) => c.cents),
  ]);
}

const BATCH = 2_000;

/** Rolls an account's new ledger rows into report_daily; how many rows it read. */
export async function rollLedger(db: Db, pool: pg.Pool, accountId: string): Promise<number> {
  const { timezone } = await loadReportAccount(db, accountId);
  let total = 0;
  for (;;) {
    const client = await pool.connect();
    let read = 0;
    try {
      await client.query('BEGIN');
      await client.query(
        'INSERT INTO report_ledger_cursor (account_id) VALUES ($1) ON CONFLICT DO NOTHING',
        [accountId],
      );
      const cursor = await client.query<{ last_id: number }>(
        'SELECT last_id FROM report_ledger_cursor WHERE account_id = $1 FOR UPDATE',
        [accountId],
      );
      const from = Number(cursor.rows[0]?.last_id ?? 0);
      const { rows } = await client.query<LedgerRow>(ROWS_SQL, [accountId, from, BATCH]);
      read = rows.length;
      if (read > 0) {
        await addCostCells(client, accountId, costCells(rows, timezone));
        await client.query(
          'UPDATE report_ledger_cursor SET last_id = $2, updated_at = now() WHERE account_id = $1',
          [accountId, Number(rows[rows.length - 1]!.id)],
        );
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    total += read;
    if (read < BATCH) return total;
  }
}

/** Accounts whose ledger has rows past their cursor (the sweep's work list). */
export async function accountsBehind(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(`
    SELECT a.id FROM accounts a
    LEFT JOIN report_ledger_cursor c ON c.account_id = a.id
    WHERE (SELECT max(l.id) FROM balance_ledger l WHERE l.account_id = a.id) > coalesce(c.last_id, 0)`);
  return rows.map((r) => r.id);
}
