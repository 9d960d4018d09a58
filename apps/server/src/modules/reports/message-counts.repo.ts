import type pg from 'pg';

/**
 * The listener's facts of stored messages that need nothing but the message and its chat, in
 * one statement that takes only the message ids (decision 75): each message in or out counted
 * once (its bit in `report_message_marks`, its row of `report_message_counts`) and a contact's
 * first message of a month (`contact_active`), with their rollups. Nothing goes back and forth
 * per message: on two cores the listener's rows out and arrays in cost ingest more than the
 * counting itself.
 *
 * The definitions are those of `messageFacts` (message-facts.ts), which the reconcile uses and
 * which the tests hold this to (a rebuild from nothing gives the same rollups): Sapa's notes are
 * not messages; a message in belongs to the chat's agent of the moment, a message out to the
 * person who sent it (nobody for automatic messages); a fact's division is the chat's first, else
 * its agent's first; the day is the message's in the account's zone; the rollup dimensions are
 * `dimsOf`'s for a message (`all`, channel, agent, agent × channel, division, division × channel,
 * each label, the channel's message type) and `all` for a contact's month.
 *
 * It answers the messages whose other facts need their tickets (a customer's message that
 * opened one, a person's reply): the caller derives those the reconcile's way. `$2` may turn
 * `synchronous_commit` off for this statement's transaction (see `WriteOptions.asyncCommit`);
 * `$3` names contacts' months the caller knows are written already, which are not tried again
 * (nearly every message would try, each an index probe).
 */
const COUNT_SQL = `
  WITH src AS MATERIALIZED (
    SELECT m.id, m.account_id, m.chat_id, m.channel_id, m.from_me, m.sent_at, m.msg_type, c.channel,
           c.contact_id, c.labels, p.agent_id, coalesce(nullif(a.timezone, ''), 'Asia/Jakarta') AS tz,
           coalesce(c.division_ids[1], ud.division_id) AS division_id,
           (p.agent_id IS NOT NULL AND m.from_me) OR ot.opened IS NOT NULL AS with_tickets
    FROM messages m
    JOIN chats c ON c.id = m.chat_id
    JOIN accounts a ON a.id = m.account_id
    CROSS JOIN LATERAL (
      SELECT CASE WHEN m.from_me THEN CASE WHEN m.sender_id IS NOT NULL AND NOT m.is_system THEN m.sender_id END
                  ELSE c.agent_id END AS agent_id) p
    LEFT JOIN LATERAL (
      SELECT min(d.division_id::text)::uuid AS division_id FROM user_divisions d
      WHERE c.division_ids[1] IS NULL AND d.user_id = p.agent_id) ud ON true
    -- A customer's message that opened a ticket (ingest opens it at the message's time).
    LEFT JOIN LATERAL (
      SELECT true AS opened FROM tickets t
      WHERE NOT m.from_me AND t.chat_id = m.chat_id AND t.open_at = m.sent_at LIMIT 1) ot ON true
    WHERE m.id = ANY($1::bigint[]) AND NOT (m.from_me AND m.is_system AND m.status = 'received')
  ), lk AS MATERIALIZED (
    SELECT count(pg_advisory_xact_lock_shared(k)) AS n,
           set_config('synchronous_commit', coalesce($2::text, current_setting('synchronous_commit')), true) AS sc
    FROM (SELECT DISTINCT hashtextextended('reports:' || account_id::text, 0) AS k FROM src ORDER BY 1) s
  ), f AS MATERIALIZED (
    SELECT s.*, CASE WHEN s.from_me THEN 'message_out' ELSE 'message_in' END AS kind, d.day,
           to_char(d.day, 'YYYY-MM') AS month
    FROM src s, lk, LATERAL (SELECT (s.sent_at AT TIME ZONE s.tz)::date AS day) d
  ), marked AS MATERIALIZED (
    SELECT m.account_id, m.message_id
    FROM (SELECT array_agg(account_id ORDER BY account_id, id) AS a, array_agg(id ORDER BY account_id, id) AS ids
          FROM f) x,
         report_mark_messages(x.a, x.ids) m
  ), fresh AS MATERIALIZED (
    SELECT f.* FROM f JOIN marked ON marked.message_id = f.id
  ), grp AS MATERIALIZED (
    SELECT account_id, kind, day, agent_id, channel, division_id, labels, msg_type, count(*) AS n
    FROM fresh
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ), counted AS (
    INSERT INTO report_message_counts AS c
      (account_id, kind, day, agent_id, channel, division_id, labels, msg_type, count)
    SELECT account_id, kind, day, agent_id, channel, division_id, labels, msg_type, n
    FROM grp
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (account_id, kind, day, agent_id, channel, division_id, labels, msg_type)
    DO UPDATE SET count = c.count + EXCLUDED.count
    RETURNING 1
  ), active AS (
    INSERT INTO report_events (account_id, kind, source_id, at, day, chat_id, channel, channel_id)
    SELECT DISTINCT ON (account_id, contact_id, month)
           account_id, 'contact_active', contact_id || ':' || month, sent_at, day, chat_id, channel, channel_id
    FROM f WHERE NOT (contact_id || ':' || month = ANY($3::text[]))
    ORDER BY account_id, contact_id, month, sent_at, id
    ON CONFLICT DO NOTHING
    RETURNING account_id, day
  ), rolled AS (
    -- Each group of like messages adds to its dimensions (dimsOf's for a message).
    SELECT account_id, kind AS metric, d.dim, day, sum(n) AS n
    FROM grp
    CROSS JOIN LATERAL unnest(
      array_remove(ARRAY[
        'all',
        'channel:' || channel,
        'agent:' || agent_id,
        'agent:' || agent_id || '|channel:' || channel,
        'division:' || division_id,
        'division:' || division_id || '|channel:' || channel,
        CASE WHEN msg_type IS NOT NULL THEN 'type:' || channel || ':' || msg_type END
      ], NULL) || ARRAY(SELECT 'label:' || l FROM unnest(labels) l)) AS d(dim)
    GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT account_id, 'contact_active', 'all', day, count(*) FROM active GROUP BY 1, 4
  ), up AS (
    INSERT INTO report_daily AS r (account_id, metric, dim, day, count, sum_s, sum_bh_s, hist, hist_bh)
    SELECT account_id, metric, dim, day, n, 0, 0, '{}', '{}' FROM rolled
    ORDER BY account_id, metric, dim, day
    ON CONFLICT (account_id, metric, dim, day) DO UPDATE SET count = r.count + EXCLUDED.count
    RETURNING 1
  )
  SELECT id::text AS id FROM src WHERE with_tickets`;

/**
 * Counts the messages (in, out, a contact's month) with their rollups, once each however often
 * it is called; the ids of those whose other facts need their tickets.
 */
export async function countMessages(
  pool: Pick<pg.Pool, 'query'>,
  messageIds: string[],
  opts: { asyncCommit?: boolean; activeKnown?: string[] } = {},
): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const { rows } = await pool.query<{ id: string }>({
    name: 'sapa_report_count_messages_v3',
    text: COUNT_SQL,
    values: [messageIds, opts.asyncCommit ? 'off' : null, opts.activeKnown ?? []],
  });
  return rows.map((r) => r.id);
}
