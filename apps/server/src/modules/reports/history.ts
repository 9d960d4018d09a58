import type pg from 'pg';
import { daysOf } from './days.js';
import { FACT_KINDS, type FactKind } from './facts.js';
import { rebuildFactRollups } from './rebuild.js';

/**
 * `npm run operator -- reports-rebuild`: the fact rollups of an account's history made equal to
 * its facts again. A deploy that adds a rollup dimension (0057: 'labelled' on 'opened') writes it
 * for new facts only; this rebuilds the days before, one day per transaction under the account's
 * report lock (listeners keep writing meanwhile), limited to the metrics named. The nightly
 * reconcile would also do it, but only for yesterday, and it re-reads the messages too.
 */
export interface HistoryRebuild {
  /** Accounts to rebuild; all of them when empty. */
  accountIds: string[];
  /** Local days; by default each account's first to last day with a fact of the kinds. */
  from?: string;
  to?: string;
  kinds?: readonly FactKind[];
}

export const isFactKind = (k: string): k is FactKind =>
  (FACT_KINDS as readonly string[]).includes(k);

/** The first and last day with a fact of the kinds (each kind read from its index alone). */
async function factSpan(
  pool: pg.Pool,
  accountId: string,
  kinds: readonly FactKind[],
): Promise<{ from: string; to: string } | null> {
  let from: string | null = null;
  let to: string | null = null;
  for (const kind of kinds) {
    const { rows } = await pool.query<{ first: string | null; last: string | null }>(
      `SELECT (SELECT min(day) FROM report_fact_rows WHERE account_id = $1 AND kind = $2)::text AS first,
              (SELECT max(day) FROM report_fact_rows WHERE account_id = $1 AND kind = $2)::text AS last`,
      [accountId, kind],
    );
    const r = rows[0];
    if (r?.first && (!from || r.first < from)) from = r.first;
    if (r?.last && (!to || r.last > to)) to = r.last;
  }
  return from && to ? { from, to } : null;
}

/** Rebuilds as asked; says what it does per account and about every 30 days; rows repaired. */
export async function rebuildReportHistory(
  pool: pg.Pool,
  job: HistoryRebuild,
  say: (line: string) => void,
): Promise<number> {
  const kinds = job.kinds && job.kinds.length > 0 ? job.kinds : FACT_KINDS;
  const accountIds =
    job.accountIds.length > 0
      ? job.accountIds
      : (await pool.query<{ id: string }>('SELECT id FROM accounts ORDER BY id')).rows.map(
          (r) => r.id,
        );
  let total = 0;
  for (const accountId of accountIds) {
    const span =
      job.from && job.to ? { from: job.from, to: job.to } : await factSpan(pool, accountId, kinds);
    if (!span) {
      say(`${accountId}: no facts of ${kinds.join(', ')}, nothing to rebuild`);
      continue;
    }
    const days = daysOf(span.from, span.to);
    say(
      `${accountId}: rebuilding ${kinds.join(', ')} for ${span.from}..${span.to} (${days.length} days)`,
    );
    const started = Date.now();
    let done = 0;
    const repaired = await rebuildFactRollups(pool, accountId, days, {
      kinds,
      onDay: (day) => {
        done++;
        if (done % 30 === 0) say(`  ${day}: ${done}/${days.length} days`);
      },
    });
    total += repaired;
    say(
      `${accountId}: ${repaired} rollup row(s) repaired in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return total;
}
