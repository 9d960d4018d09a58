import type pg from 'pg';
import { bucketsOf, dimsOf, distinctFacts, HIST_KINDS, type Fact } from './facts.js';

/**
 * Facts and their rollups (daily; weekly too for the histogram metrics) in one statement. A fact
 * is written once by its key and only what is new is added to report_daily, so a fact written
 * twice (a redelivered event, the reconcile, a second process) counts once:
 *
 * - a message's fact (`message_in` / `message_out`, the commonest by far) is no row: its bit in
 *   `report_message_marks` says it is counted (`report_mark_messages` returns the messages not
 *   marked before), and it adds to its row of `report_message_counts` (decision 75);
 * - every other fact is a row of `report_events`, unique by its source
 *   (`report_events_source`), inserted `ON CONFLICT DO NOTHING`.
 *
 * Rollup and count rows are written in key order so concurrent statements wait rather than
 * deadlock. The statement holds its accounts' report lock shared: the reconcile takes it alone
 * while it rebuilds an account's days. Counted metrics (messages, tickets opened…) have no
 * histogram: their rows skip the histogram functions, which took about a third of the
 * statement's execution time for a batch of message facts. `$21` may turn `synchronous_commit`
 * off for this statement's transaction alone (see writeFacts).
 */
const WRITE_SQL = `
  WITH lk AS MATERIALIZED (
    SELECT count(pg_advisory_xact_lock_shared(k)) AS n,
           set_config('synchronous_commit', coalesce($21::text, current_setting('synchronous_commit')), true) AS sc
    FROM (SELECT DISTINCT hashtextextended('reports:' || a::text, 0) AS k FROM unnest($1::uuid[]) a ORDER BY 1) s
  ), input AS (
    SELECT t.* FROM lk, unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::date[], $6::int[],
                         $7::int[], $8::smallint[], $9::smallint[], $10::uuid[], $11::uuid[], $12::uuid[],
                         $13::text[], $14::uuid[], $15::uuid[], $16::text[], $17::text[], $18::text[], $19::text[])
      AS t(account_id, kind, source_id, at, day, value_s, value_bh_s, bucket, bucket_bh, chat_id, ticket_id,
           agent_id, channel, channel_id, division_id, labels, msg_type, note, dims)
  ), marked AS MATERIALIZED (
    SELECT m.account_id, m.message_id::text AS source_id
    FROM (SELECT array_agg(account_id) AS a, array_agg(source_id::bigint) AS ids FROM input
          WHERE kind IN ('message_in', 'message_out')) x,
         report_mark_messages(x.a, x.ids) m
  ), ins AS (
    INSERT INTO report_events (account_id, kind, source_id, at, day, value_s, value_bh_s, bucket, bucket_bh,
                               chat_id, ticket_id, agent_id, channel, channel_id, division_id, labels, msg_type, note)
    SELECT account_id, kind, source_id, at, day, value_s, value_bh_s, bucket, bucket_bh, chat_id, ticket_id,
           agent_id, channel, channel_id, division_id, labels::uuid[], msg_type, note
    FROM input WHERE kind NOT IN ('message_in', 'message_out')
    ON CONFLICT DO NOTHING
    RETURNING account_id, kind, source_id
  ), fresh AS (
    SELECT i.* FROM ins JOIN input i USING (account_id, kind, source_id)
    UNION ALL
    SELECT i.* FROM marked JOIN input i USING (account_id, source_id)
    WHERE i.kind IN ('message_in', 'message_out')
  ), counted AS (
    INSERT INTO report_message_counts AS c
      (account_id, kind, day, agent_id, channel, division_id, labels, msg_type, count)
    SELECT account_id, kind, day, agent_id, channel, division_id, labels::uuid[], msg_type, count(*)
    FROM fresh WHERE kind IN ('message_in', 'message_out')
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (account_id, kind, day, agent_id, channel, division_id, labels, msg_type)
    DO UPDATE SET count = c.count + EXCLUDED.count
    RETURNING 1
  ), rolled AS (
    SELECT i.account_id, i.kind AS metric, d.dim, i.day, count(*) AS n,
           coalesce(sum(i.value_s), 0) AS s, coalesce(sum(i.value_bh_s), 0) AS sbh,
           CASE WHEN count(i.bucket) > 0
             THEN report_hist_of(array_agg(i.bucket) FILTER (WHERE i.bucket IS NOT NULL))
             ELSE '{}'::int[] END AS h,
           CASE WHEN count(i.bucket_bh) > 0
             THEN report_hist_of(array_agg(i.bucket_bh) FILTER (WHERE i.bucket_bh IS NOT NULL))
             ELSE '{}'::int[] END AS hbh
    FROM fresh i
    CROSS JOIN LATERAL unnest(string_to_array(i.dims, ' ')) AS d(dim)
    GROUP BY 1, 2, 3, 4
  ), up AS (
    INSERT INTO report_daily AS r (account_id, metric, dim, day, count, sum_s, sum_bh_s, hist, hist_bh)
    SELECT account_id, metric, dim, day, n, s, sbh, h, hbh FROM rolled
    ORDER BY account_id, metric, dim, day
    ON CONFLICT (account_id, metric, dim, day) DO UPDATE SET
      count = r.count + EXCLUDED.count,
      sum_s = r.sum_s + EXCLUDED.sum_s,
      sum_bh_s = r.sum_bh_s + EXCLUDED.sum_bh_s,
      hist = CASE WHEN EXCLUDED.hist = '{}' THEN r.hist ELSE report_hist_add(r.hist, EXCLUDED.hist) END,
      hist_bh = CASE WHEN EXCLUDED.hist_bh = '{}' THEN r.hist_bh
                     ELSE report_hist_add(r.hist_bh, EXCLUDED.hist_bh) END
    RETURNING 1
  ), weekly AS (
    SELECT account_id, metric, dim, date_trunc('week', day)::date AS week, sum(n) AS n, sum(s) AS s,
           sum(sbh) AS sbh, report_hist_sum(h) AS h, report_hist_sum(hbh) AS hbh
    FROM rolled WHERE metric = ANY($20::text[]) GROUP BY 1, 2, 3, 4
  ), upw AS (
    INSERT INTO report_weekly AS r (account_id, metric, dim, day, count, sum_s, sum_bh_s, hist, hist_bh)
    SELECT account_id, metric, dim, week, n, s, sbh, h, hbh FROM weekly
    ORDER BY account_id, metric, dim, week
    ON CONFLICT (account_id, metric, dim, day) DO UPDATE SET
      count = r.count + EXCLUDED.count,
      sum_s = r.sum_s + EXCLUDED.sum_s,
      sum_bh_s = r.sum_bh_s + EXCLUDED.sum_bh_s,
      hist = report_hist_add(r.hist, EXCLUDED.hist),
      hist_bh = report_hist_add(r.hist_bh, EXCLUDED.hist_bh)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM fresh)::int AS inserted`;

const pgArray = (values: string[]) => `{${values.join(',')}}`;

/** Something that runs a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export interface WriteOptions {
  /**
   * Commit without waiting for the WAL flush (`synchronous_commit = off` for this statement's
   * transaction only). For the listeners: their facts are derived from rows already committed,
   * the batch waited in memory anyway, and a crash that loses the last fraction of a second of
   * them is repaired by the nightly reconcile; so the write adds no WAL flush of its own to the
   * flushes ingest's commits wait on. The reconcile and the rebuild keep durable commits.
   */
  asyncCommit?: boolean;
}

/** Writes facts (each at most once, ever) and their rollups; the number newly written. */
export async function writeFacts(
  db: Queryable,
  facts: Fact[],
  opts: WriteOptions = {},
): Promise<number> {
  const list = distinctFacts(facts);
  if (list.length === 0) return 0;
  const buckets = list.map(bucketsOf);
  const { rows } = await db.query<{ inserted: number }>({
    name: 'sapa_report_facts_v5',
    text: WRITE_SQL,
    values: [
      list.map((f) => f.accountId),
      list.map((f) => f.kind),
      list.map((f) => f.sourceId),
      list.map((f) => f.at.toISOString()),
      list.map((f) => f.day),
      list.map((f) => f.valueS),
      list.map((f) => f.valueBhS),
      buckets.map((b) => b.bucket),
      buckets.map((b) => b.bucketBh),
      list.map((f) => f.chatId),
      list.map((f) => f.ticketId),
      list.map((f) => f.agentId),
      list.map((f) => f.channel),
      list.map((f) => f.channelId),
      list.map((f) => f.divisionId),
      list.map((f) => pgArray(f.labels)),
      list.map((f) => f.msgType),
      list.map((f) => f.note),
      list.map((f) => dimsOf(f).join(' ')),
      HIST_KINDS,
      opts.asyncCommit ? 'off' : null,
    ],
  });
  return rows[0]?.inserted ?? 0;
}
