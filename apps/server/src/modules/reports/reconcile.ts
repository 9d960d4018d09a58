import type pg from 'pg';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { loadReportAccount } from './account-context.js';
import {
  applyBroadcastCounts,
  countOutcomes,
  OUTCOME_METRICS,
  type Outcomes,
} from './broadcast-rollup.js';
import { addDays, dayStart, daysOf, today } from './days.js';
import { writeFacts } from './facts.repo.js';
import { COST_METRICS, costCells, type LedgerRow } from './ledger-rollup.js';
import { messageFacts } from './message-facts.js';
import {
  applyCells,
  cellKey,
  diffCells,
  rebuildFactRollups,
  storedCells,
  type Cell,
} from './rebuild.js';
import { ticketCloseFacts } from './ticket-facts.js';
import { surveysForReports } from '../csat/index.js';
import { setCsatNotes, surveyFacts } from './listeners/csat.listener.js';

/**
 * The nightly reconcile (`reports.reconcile`): for each account's yesterday (or a given range),
 * finds facts the listeners missed (a crash between a commit and its event) in the source rows —
 * messages, tickets, the ledger, broadcast recipients, CSAT surveys — and makes every rollup equal to what it
 * sums. Rerunning it changes nothing; what it repaired is logged and returned.
 */
export const reconcilePayloadSchema = z.object({
  accountId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type ReconcilePayload = z.infer<typeof reconcilePayloadSchema>;

export interface ReconcileReport {
  accounts: number;
  messages: number;
  factsAdded: number;
  /** Facts changed: CSAT comments filled in. */
  factsFixed: number;
  rollupRowsRepaired: number;
  costRowsRepaired: number;
  broadcastsRepaired: number;
}

const CHUNK = 2_000;
/** Provider timestamps may lag their arrival: look this far past the range's start. */
const ARRIVAL_SLACK_MS = 86_400_000;

/** The ids of an account's messages sent in [from, to), newest first, a chunk at a time. */
async function* messagesBetween(pool: pg.Pool, accountId: string, from: Date, to: Date) {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const { rows } = await pool.query<{ id: number; sent_at: Date }>(
      `SELECT id, sent_at FROM messages WHERE account_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3`,
      [accountId, before, CHUNK],
    );
    if (rows.length === 0) return;
    const ids = rows.filter((r) => r.sent_at >= from && r.sent_at < to).map((r) => String(r.id));
    if (ids.length > 0) yield ids;
    before = Number(rows[rows.length - 1]!.id);
    const newest = rows.reduce((m, r) => Math.max(m, r.sent_at.getTime()), 0);
    if (newest < from.getTime() - ARRIVAL_SLACK_MS || rows.length < CHUNK) return;
  }
}

async function inTransaction<T>(pool: pg.Pool, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const out = await work(client);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Cost rows of the days, recomputed from the ledger rows already past the cursor. */
async function reconcileCost(
  pool: pg.Pool,
  accountId: string,
  timezone: string,
  from: string,
  to: string,
): Promise<number> {
  return inTransaction(pool, async (client) => {
    await client.query(
      'INSERT INTO report_ledger_cursor (account_id) VALUES ($1) ON CONFLICT DO NOTHING',
      [accountId],
    );
    const cursor = await client.query<{ last_id: number }>(
      'SELECT last_id FROM report_ledger_cursor WHERE account_id = $1 FOR UPDATE',
      [accountId],
    );
    const last = Number(cursor.rows[0]?.last_id ?? 0);
    const { rows } = await client.query<LedgerRow>(
      `SELECT l.id, l.amount::text AS amount, l.kind, l.order_id, l.created_at, u.kind AS usage_kind
       FROM balance_ledger l
       LEFT JOIN usage_charges u ON u.account_id = l.account_id AND u.ref = l.order_id
       WHERE l.account_id = $1 AND l.created_at >= $2 AND l.created_at < $3 AND l.id <= $4`,
      [accountId, dayStart(from, timezone), dayStart(addDays(to, 1), timezone), last],
    );
    const expected = new Map<string, Cell>();
    for (const c of costCells(rows, timezone))
      expected.set(cellKey(c), { ...c, sumS: 0, sumBhS: 0, hist: [], histBh: [] });
    const stored = await storedCells(client, accountId, COST_METRICS, from, to);
    const diff = diffCells(expected, stored);
    await applyCells(client, accountId, diff);
    return diff.set.length + diff.remove.length;
  });
}

/** Broadcasts of the days: counts from their recipients, then the days from the snapshots. */
async function reconcileBroadcasts(
  deps: Pick<Deps, 'db' | 'pool'>,
  accountId: string,
  timezone: string,
  from: string,
  to: string,
): Promise<number> {
  const { pool } = deps;
  const { rows: broadcasts } = await pool.query<{ id: string }>(
    `SELECT id FROM broadcasts WHERE account_id = $1
       AND coalesce(started_at, scheduled_at, created_at) >= $2
       AND coalesce(started_at, scheduled_at, created_at) < $3
     UNION SELECT broadcast_id FROM report_broadcasts WHERE account_id = $1 AND day BETWEEN $4 AND $5`,
    [accountId, dayStart(from, timezone), dayStart(addDays(to, 1), timezone), from, to],
  );
  let repaired = 0;
  for (const b of broadcasts) {
    const truth = await countOutcomes(pool, b.id);
    if (truth.recipients === 0) continue;
    const { rows } = await pool.query<Outcomes>(
      'SELECT recipients, sent, delivered, read, failed, replied FROM report_broadcasts WHERE broadcast_id = $1',
      [b.id],
    );
    const had = rows[0];
    const differs =
      !had || (Object.keys(truth) as (keyof Outcomes)[]).some((k) => Number(had[k]) !== truth[k]);
    if (differs) {
      await applyBroadcastCounts(deps.db, pool, accountId, b.id, truth, { force: true });
      repaired++;
    }
  }
  // The days are sums of the snapshots; make them so.
  return (
    repaired +
    (await inTransaction(pool, async (client) => {
      const { rows } = await client.query<
        Outcomes & { day: string; channel: string; created_by: string | null }
      >(
        `SELECT day::text AS day, channel, created_by, sent, delivered, read, failed, replied
         FROM report_broadcasts WHERE account_id = $1 AND day BETWEEN $2 AND $3 FOR UPDATE`,
        [accountId, from, to],
      );
      const expected = new Map<string, Cell>();
      for (const s of rows)
        for (const [key, metric] of Object.entries(OUTCOME_METRICS)) {
          const n = Number(s[key as keyof typeof OUTCOME_METRICS]);
          const dims = [
            'all',
            `channel:${s.channel}`,
            ...(s.created_by ? [`agent:${s.created_by}`] : []),
          ];
          for (const dim of dims) {
            const k = cellKey({ metric, dim, day: s.day });
            const c = expected.get(k) ?? {
              metric,
              dim,
              day: s.day,
              count: 0,
              sumS: 0,
              sumBhS: 0,
              cents: 0,
              hist: [],
              histBh: [],
            };
            c.count += n;
            expected.set(k, c);
          }
        }
      const stored = await storedCells(client, accountId, Object.values(OUTCOME_METRICS), from, to);
      const diff = diffCells(expected, stored);
      await applyCells(client, accountId, diff);
      return diff.set.length + diff.remove.length;
    }))
  );
}

/** Reconciles one account's days [from, to] (local). */
export async function reconcileAccount(
  deps: Pick<Deps, 'db' | 'pool'>,
  accountId: string,
  from: string,
  to: string,
): Promise<Omit<ReconcileReport, 'accounts'>> {
  const { db, pool } = deps;
  const { timezone } = await loadReportAccount(db, accountId);
  const start = dayStart(from, timezone);
  const end = dayStart(addDays(to, 1), timezone);
  let messages = 0;
  let factsAdded = 0;
  // The range is found newest first; its facts are written oldest first, so a contact's month
  // is active from its first message, as the listeners wrote it (the fact's key is the month).
  const chunks: string[][] = [];
  for await (const ids of messagesBetween(pool, accountId, start, end)) chunks.push(ids);
  for (const ids of chunks.reverse()) {
    messages += ids.length;
    factsAdded += await writeFacts(pool, await messageFacts(db, pool, ids));
  }
  const { rows: closed } = await pool.query<{ id: string }>(
    'SELECT id FROM tickets WHERE account_id = $1 AND close_at >= $2 AND close_at < $3',
    [accountId, start, end],
  );
  for (let i = 0; i < closed.length; i += CHUNK)
    factsAdded += await writeFacts(
      pool,
      await ticketCloseFacts(
        db,
        pool,
        closed.slice(i, i + CHUNK).map((r) => r.id),
      ),
    );
  const csat = await reconcileCsat(deps, accountId, timezone, start, end);
  factsAdded += csat.added;
  const factsFixed = csat.fixed;
  const rollupRowsRepaired = await rebuildFactRollups(pool, accountId, daysOf(from, to));
  const costRowsRepaired = await reconcileCost(pool, accountId, timezone, from, to);
  const broadcastsRepaired = await reconcileBroadcasts(deps, accountId, timezone, from, to);
  return {
    messages,
    factsAdded,
    factsFixed,
    rollupRowsRepaired,
    costRowsRepaired,
    broadcastsRepaired,
  };
}

/**
 * CSAT facts from the csat module's surveys and answers of the range (sent or answered in it),
 * as the listeners write them; an answer's fact that missed its comment gets it.
 */
async function reconcileCsat(
  deps: Pick<Deps, 'db' | 'pool'>,
  accountId: string,
  timezone: string,
  start: Date,
  end: Date,
): Promise<{ added: number; fixed: number }> {
  const surveys = await surveysForReports(deps.db, accountId, start, end);
  let added = 0;
  let fixed = 0;
  for (let i = 0; i < surveys.length; i += CHUNK) {
    const chunk = surveys.slice(i, i + CHUNK);
    added += await writeFacts(
      deps.pool,
      chunk.flatMap((s) => surveyFacts(accountId, timezone, s)),
    );
  }
  const notes = surveys.flatMap((s) =>
    s.comment ? [{ surveyId: s.surveyId, comment: s.comment }] : [],
  );
  for (let i = 0; i < notes.length; i += CHUNK)
    fixed += await setCsatNotes(deps.pool, accountId, notes.slice(i, i + CHUNK));
  return { added, fixed };
}

/** The job: every account's yesterday in its zone, or what the payload names. */
export async function runReconcile(deps: Deps, payload: unknown = {}): Promise<ReconcileReport> {
  const p = reconcilePayloadSchema.parse(payload);
  const accounts = p.accountId
    ? [{ id: p.accountId }]
    : (await deps.pool.query<{ id: string }>('SELECT id FROM accounts ORDER BY id')).rows;
  const report: ReconcileReport = {
    accounts: 0,
    messages: 0,
    factsAdded: 0,
    factsFixed: 0,
    rollupRowsRepaired: 0,
    costRowsRepaired: 0,
    broadcastsRepaired: 0,
  };
  for (const { id } of accounts) {
    const { timezone } = await loadReportAccount(deps.db, id);
    const yesterday = addDays(today(deps.clock.now(), timezone), -1);
    const r = await reconcileAccount(deps, id, p.from ?? yesterday, p.to ?? p.from ?? yesterday);
    report.accounts++;
    report.messages += r.messages;
    report.factsAdded += r.factsAdded;
    report.factsFixed += r.factsFixed;
    report.rollupRowsRepaired += r.rollupRowsRepaired;
    report.costRowsRepaired += r.costRowsRepaired;
    report.broadcastsRepaired += r.broadcastsRepaired;
    if (
      r.factsAdded +
        r.factsFixed +
        r.rollupRowsRepaired +
        r.costRowsRepaired +
        r.broadcastsRepaired >
      0
    )
      deps.log.warn({ accountId: id, ...r }, 'reports reconcile repaired drift');
  }
  deps.log.info(report, 'reports reconcile done');
  return report;
}
