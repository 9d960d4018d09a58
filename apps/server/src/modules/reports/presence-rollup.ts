import type pg from 'pg';
import type { Db } from '../../db/database.js';
import { loadReportAccount } from './account-context.js';
import { fact, type Fact } from './facts.js';
import { writeFacts } from './facts.repo.js';
import { localDay, zonedInstant } from './working-hours.js';

/**
 * Time online per user: a row while the user is online (report_presence), and when they go
 * offline one `online` fact per local day the stretch touched. The row's removal and the facts
 * are one transaction, keyed by the stretch's start, so two processes announcing the same change
 * count it once.
 */
export async function presenceChanged(
  db: Db,
  pool: pg.Pool,
  change: { accountId: string; userId: string; online: boolean; at: Date },
): Promise<void> {
  if (change.online) {
    await pool.query(
      `INSERT INTO report_presence (user_id, account_id, online_since) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [change.userId, change.accountId, change.at],
    );
    return;
  }
  const { timezone } = await loadReportAccount(db, change.accountId);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ online_since: Date }>(
      'DELETE FROM report_presence WHERE user_id = $1 AND account_id = $2 RETURNING online_since',
      [change.userId, change.accountId],
    );
    const since = rows[0]?.online_since;
    if (since)
      await writeFacts(
        client,
        onlineFacts(change.accountId, change.userId, since, change.at, timezone),
      );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** A stretch online cut at local midnights: one fact per day with that day's seconds. */
export function onlineFacts(
  accountId: string,
  userId: string,
  from: Date,
  to: Date,
  timezone: string,
): Fact[] {
  const facts: Fact[] = [];
  let start = from.getTime();
  const end = to.getTime();
  while (start < end) {
    const day = localDay(new Date(start), timezone);
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const midnight = zonedInstant(y, m, d, 1440, timezone);
    const stop = Math.min(end, midnight);
    facts.push(
      fact({
        accountId,
        kind: 'online',
        sourceId: `${userId}:${from.toISOString()}:${day}`,
        at: new Date(start),
        day,
        valueS: Math.floor((stop - start) / 1000),
        agentId: userId,
      }),
    );
    start = stop;
  }
  return facts;
}
