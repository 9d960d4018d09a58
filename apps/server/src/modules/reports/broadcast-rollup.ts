import type pg from 'pg';
import type { BroadcastCounts } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import { loadReportAccount } from './account-context.js';
import { localDay } from './working-hours.js';

/**
 * Broadcast outcomes. `broadcast.progress` carries a broadcast's absolute counts; the latest are
 * kept per broadcast (report_broadcasts) and the difference to the previous ones is added to the
 * day the broadcast started, in the same transaction, so the days always sum to the snapshots
 * however often, late or twice an announcement arrives. Counts only grow (statuses move forward,
 * replies are only added), so an older announcement processed after a newer one is skipped.
 */
export interface Outcomes {
  recipients: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  replied: number;
}

export const OUTCOME_METRICS = {
  sent: 'broadcast_sent',
  delivered: 'broadcast_delivered',
  read: 'broadcast_read',
  failed: 'broadcast_failed',
  replied: 'broadcast_replied',
} as const;

/** Sent counts everything Meta accepted; failed everything that ended without delivery. */
export function outcomesOf(c: BroadcastCounts): Outcomes {
  const s = (k: string) => c.byStatus[k as keyof typeof c.byStatus] ?? 0;
  return {
    recipients: c.total,
    sent: s('sent') + s('delivered') + s('read'),
    delivered: s('delivered') + s('read'),
    read: s('read'),
    failed: s('failed') + s('undelivered') + s('expired') + s('no-match-template'),
    replied: c.replied,
  };
}

const progress = (o: Outcomes) => o.sent + o.delivered + o.read + o.failed + o.replied;

const ADD_SQL = `
  INSERT INTO report_daily AS r (account_id, metric, dim, day, count)
  SELECT $1, metric, dim, $2::date, n
  FROM unnest($3::text[], $4::text[], $5::bigint[]) AS t(metric, dim, n)
  ORDER BY metric, dim
  ON CONFLICT (account_id, metric, dim, day) DO UPDATE SET count = r.count + EXCLUDED.count`;

/** Stores a broadcast's counts and adds what changed to its day; false when skipped as stale. */
export async function applyBroadcastCounts(
  db: Db,
  pool: pg.Pool,
  accountId: string,
  broadcastId: string,
  next: Outcomes,
  opts: { force?: boolean } = {},
): Promise<boolean> {
  const { timezone } = await loadReportAccount(db, accountId);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const b = await client.query<{ channel: string; created_by: string | null; starts: Date }>(
      `SELECT ch.channel, b.created_by, coalesce(b.started_at, b.scheduled_at, b.created_at) AS starts
       FROM broadcasts b JOIN channels ch ON ch.id = b.channel_id
       WHERE b.id = $1 AND b.account_id = $2`,
      [broadcastId, accountId],
    );
    const row = b.rows[0];
    if (!row) {
      await client.query('ROLLBACK');
      return false;
    }
    await client.query(
      `INSERT INTO report_broadcasts (broadcast_id, account_id, day, channel, created_by)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [broadcastId, accountId, localDay(row.starts, timezone), row.channel, row.created_by],
    );
    const { rows } = await client.query<Outcomes & { day: string }>(
      `SELECT day::text AS day, recipients, sent, delivered, read, failed, replied
       FROM report_broadcasts WHERE broadcast_id = $1 FOR UPDATE`,
      [broadcastId],
    );
    const before = rows[0]!;
    if (!opts.force && progress(next) < progress(before)) {
      await client.query('ROLLBACK');
      return false;
    }
    const metrics: string[] = [];
    const dims: string[] = [];
    const deltas: number[] = [];
    for (const [key, metric] of Object.entries(OUTCOME_METRICS)) {
      const k = key as keyof typeof OUTCOME_METRICS;
      const delta = next[k] - before[k];
      if (delta === 0) continue;
      for (const dim of [
        'all',
        `channel:${row.channel}`,
        ...(row.created_by ? [`agent:${row.created_by}`] : []),
      ]) {
        metrics.push(metric);
        dims.push(dim);
        deltas.push(delta);
      }
    }
    if (metrics.length > 0)
      await client.query(ADD_SQL, [accountId, before.day, metrics, dims, deltas]);
    await client.query(
      `UPDATE report_broadcasts SET recipients = $2, sent = $3, delivered = $4, read = $5,
         failed = $6, replied = $7, updated_at = now() WHERE broadcast_id = $1`,
      [
        broadcastId,
        next.recipients,
        next.sent,
        next.delivered,
        next.read,
        next.failed,
        next.replied,
      ],
    );
    await client.query('COMMIT');
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** A broadcast's counts read from its recipients (the reconcile's source of truth). */
export async function countOutcomes(pool: pg.Pool, broadcastId: string): Promise<Outcomes> {
  const { rows } = await pool.query<Outcomes>(
    `SELECT count(*)::int AS recipients,
            count(*) FILTER (WHERE status IN ('sent', 'delivered', 'read'))::int AS sent,
            count(*) FILTER (WHERE status IN ('delivered', 'read'))::int AS delivered,
            count(*) FILTER (WHERE status = 'read')::int AS read,
            count(*) FILTER (WHERE status IN ('failed', 'undelivered', 'expired', 'no-match-template'))::int AS failed,
            count(replied_at)::int AS replied
     FROM broadcast_recipients WHERE broadcast_id = $1`,
    [broadcastId],
  );
  return rows[0]!;
}
