import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { applyBroadcastCounts, countOutcomes } from '../modules/reports/broadcast-rollup.js';
import { daysOf } from '../modules/reports/days.js';
import { BUCKET_EDGES } from '../modules/reports/histogram.js';
import { rollLedger } from '../modules/reports/ledger-rollup.js';
import { rebuildFactRollups } from '../modules/reports/rebuild.js';

/**
 * The reports part of `npm run seed:large`, on the account's chats and messages: one ticket per
 * conversation (opened at its first customer message, answered at the agent's first reply,
 * resolved when the chat is gray), usage charges and their ledger rows, a broadcast a week with
 * its recipients and cost, CSAT surveys (csat_surveys) on two thirds of resolved tickets and
 * answers (csat_responses) on half of those, then every fact and
 * rollup. A chat has one ticket here, so none is reopened. Facts are written set-based with the same definitions the listeners apply (a test
 * runs the reconcile over the result and finds nothing to repair); the rollups are built by the
 * reconcile's own code. Skips when the account already has tickets.
 */
export interface LargeReportsSummary {
  tickets: number;
  facts: number;
  broadcasts: number;
  seconds: number;
}

const BROADCAST_RECIPIENTS = 1_000;
const USER_PRICE = 350;
const BUSINESS_PRICE = 550;

async function timed<T>(log: (l: string) => void, what: string, run: () => Promise<T>) {
  const started = Date.now();
  const out = await run();
  log(`reports: ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

export async function seedLargeReports(
  pool: pg.Pool,
  accountId: string,
  log: (line: string) => void,
): Promise<LargeReportsSummary | null> {
  const started = Date.now();
  const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const has = await pool.query('SELECT 1 FROM tickets WHERE account_id = $1 LIMIT 1', [accountId]);
  if (has.rowCount) return null;
  const { rows: acc } = await pool.query<{ timezone: string }>(
    'SELECT timezone FROM accounts WHERE id = $1',
    [accountId],
  );
  const tz = acc[0]?.timezone ?? 'Asia/Jakarta';
  // The report tabs gated by the back office are on for this account, so the bench reads them.
  await pool.query(
    `INSERT INTO settings (account_id, key, value) VALUES ($1, 'bo.ticket_report', 'true'), ($1, 'bo.isCsat', 'true')
     ON CONFLICT (account_id, key) DO NOTHING`,
    [accountId],
  );
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL work_mem = '256MB'");
    await writeTickets(client, accountId, log);
    await writeCharges(client, accountId, log);
    const broadcasts = await writeBroadcasts(client, accountId, log);
    await writeFacts(client, accountId, tz, log);
    // Message facts are written as rows in bulk, then folded into counts and marks as the
    // listeners keep them (decision 75).
    await timed(log, 'facts: messages folded into counts', () =>
      client.query('SELECT report_fold_message_rows($1)', [accountId]),
    );
    await client.query('COMMIT');
    await client.query('ANALYZE tickets');
    await client.query('ANALYZE report_events');
    await client.query('ANALYZE report_message_counts');
    const { rows: span } = await pool.query<{ from: string; to: string; n: number }>(
      `SELECT min(day)::text AS from, max(day)::text AS to, sum(n)::int AS n
       FROM report_fact_rows WHERE account_id = $1`,
      [accountId],
    );
    const { from, to, n } = span[0] ?? { from: null, to: null, n: 0 };
    if (from && to)
      await timed(log, `rollups of ${daysOf(from, to).length} days`, () =>
        rebuildFactRollups(pool, accountId, daysOf(from, to)),
      );
    await timed(log, 'ledger rollup', () => rollLedger(db, pool, accountId));
    await timed(log, 'broadcast outcomes', async () => {
      for (const id of broadcasts)
        await applyBroadcastCounts(db, pool, accountId, id, await countOutcomes(pool, id));
    });
    await pool.query('ANALYZE report_daily');
    const { rows: t } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tickets WHERE account_id = $1',
      [accountId],
    );
    return {
      tickets: t[0]?.n ?? 0,
      facts: n,
      broadcasts: broadcasts.length,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** One ticket per chat: open at its first customer message, answered by its first human reply. */
async function writeTickets(client: pg.PoolClient, accountId: string, log: (l: string) => void) {
  await timed(log, 'tickets', () =>
    client.query(
      `INSERT INTO tickets (account_id, chat_id, agent_id, resolved_by, open_at, answer_at, close_at)
       SELECT c.account_id, c.id, coalesce(h.sender_id, c.agent_id),
              CASE WHEN c.flag = 'gray' THEN coalesce(h.sender_id, c.agent_id) END,
              f.first_in, h.sent_at,
              CASE WHEN c.flag = 'gray' THEN c.last_update + interval '7 minutes' END
       FROM chats c
       JOIN LATERAL (SELECT min(m.sent_at) AS first_in FROM messages m
                     WHERE m.chat_id = c.id AND NOT m.from_me) f ON f.first_in IS NOT NULL
       LEFT JOIN LATERAL (SELECT m.sent_at, m.sender_id FROM messages m
                          WHERE m.chat_id = c.id AND m.from_me AND m.sender_id IS NOT NULL
                            AND NOT m.is_system AND m.sent_at >= f.first_in
                          ORDER BY m.id LIMIT 1) h ON true
       WHERE c.account_id = $1 AND NOT c.blocked`,
      [accountId],
    ),
  );
}

/**
 * What the pricing module would have charged: each answered WhatsApp ticket a customer-initiated
 * conversation at its first reply. The ledger gets a credit first so the balance never dips.
 */
async function writeCharges(client: pg.PoolClient, accountId: string, log: (l: string) => void) {
  await timed(log, 'usage charges', () =>
    client.query(
      `INSERT INTO usage_charges (account_id, kind, ref, chat_id, contact_id, message_id, starts_at, amount, status)
       SELECT t.account_id, 'user_initiated', 'conv:' || t.chat_id || ':' || m.id, t.chat_id, c.contact_id,
              m.id, t.answer_at, ${USER_PRICE}, 'charged'
       FROM tickets t JOIN chats c ON c.id = t.chat_id
       JOIN LATERAL (SELECT id FROM messages WHERE chat_id = t.chat_id AND from_me AND sent_at = t.answer_at
                     ORDER BY id LIMIT 1) m ON true
       WHERE t.account_id = $1 AND t.answer_at IS NOT NULL AND c.channel = 'whatsapp'`,
      [accountId],
    ),
  );
}

/** A broadcast a week on the first WhatsApp number, each to 1,000 recipients, charged and refunded. */
async function writeBroadcasts(
  client: pg.PoolClient,
  accountId: string,
  log: (l: string) => void,
): Promise<string[]> {
  return timed(log, 'broadcasts', async () => {
    const { rows: ch } = await client.query<{ id: string }>(
      `SELECT id FROM channels WHERE account_id = $1 AND channel = 'whatsapp' ORDER BY name LIMIT 1`,
      [accountId],
    );
    const channelId = ch[0]?.id;
    if (!channelId) return [];
    const { rows: tpl } = await client.query<{ id: string }>(
      `INSERT INTO templates (account_id, channel_id, name, category, language, header_type, content,
                              examples, buttons, status)
       VALUES ($1, $2, 'promo_mingguan', 'MARKETING', 'id', 'none', 'Halo {{1}}, promo minggu ini!',
               '{"body":["Budi"]}', '[]', 'accepted') RETURNING id`,
      [accountId, channelId],
    );
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO broadcasts (account_id, channel_id, template_id, created_by, title, status,
                               started_at, finished_at, total_count, estimated_cost, created_at)
       SELECT $1, $2, $3, (SELECT id FROM users WHERE account_id = $1 AND role = 'admin' ORDER BY email LIMIT 1),
              'Promo minggu ' || w, 'completed', now() - (w * interval '7 days'),
              now() - (w * interval '7 days') + interval '20 minutes', ${BROADCAST_RECIPIENTS}, 0,
              now() - (w * interval '7 days') - interval '1 day'
       FROM generate_series(1, 104) AS w RETURNING id`,
      [accountId, channelId, tpl[0]?.id],
    );
    const ids = rows.map((r) => r.id);
    await client.query(
      `INSERT INTO broadcast_recipients (broadcast_id, account_id, channel_id, row_number, phone, status,
                                         provider_message_id, sent_at, delivered_at, read_at, failed_at, replied_at)
       SELECT b.id, b.account_id, b.channel_id, r, '62813' || lpad((r * 7919 % 10000000)::text, 8, '0'),
              s.status, 'lgb.' || b.id || '.' || r,
              CASE WHEN s.status <> 'failed' THEN b.started_at END,
              CASE WHEN s.status IN ('delivered', 'read') THEN b.started_at + interval '1 minute' END,
              CASE WHEN s.status = 'read' THEN b.started_at + interval '30 minutes' END,
              CASE WHEN s.status = 'failed' THEN b.started_at END,
              CASE WHEN s.status = 'read' AND (r * 31 + length(b.title)) % 9 = 0 THEN b.started_at + interval '2 hours' END
       FROM broadcasts b CROSS JOIN generate_series(1, ${BROADCAST_RECIPIENTS}) AS r
       CROSS JOIN LATERAL (SELECT CASE WHEN (r * 13 + length(b.title)) % 100 < 4 THEN 'failed'
                                       WHEN (r * 13 + length(b.title)) % 100 < 12 THEN 'sent'
                                       WHEN (r * 13 + length(b.title)) % 100 < 45 THEN 'delivered'
                                       ELSE 'read' END AS status) s
       WHERE b.id = ANY($1::uuid[])`,
      [ids],
    );
    // The ledger, in time order: a credit that covers everything, then each broadcast's claim and
    // the refund of its failed sends, then each conversation; balances chained as LedgerService would.
    await client.query(
      `WITH last AS (SELECT coalesce((SELECT balance_after FROM balance_ledger WHERE account_id = $1
                                      ORDER BY id DESC LIMIT 1), 0) AS balance),
       moves AS (
         SELECT now() - interval '800 days' AS at, 'adjustment' AS kind, 'LARGE-REPORTS-CREDIT' AS ref,
                1000000000::numeric AS amount, 'Large seed credit for usage' AS description
         UNION ALL
         SELECT b.started_at, 'charge', 'broadcast:' || b.id || ':claim:seed',
                -${BUSINESS_PRICE} * ${BROADCAST_RECIPIENTS}, 'Broadcast ' || b.id || ': ${BROADCAST_RECIPIENTS} messages'
         FROM broadcasts b WHERE b.id = ANY($2::uuid[])
         UNION ALL
         SELECT b.started_at + interval '5 minutes', 'refund', 'broadcast:' || b.id || ':refund:seed',
                ${BUSINESS_PRICE} * count(*), 'Broadcast ' || b.id || ': not sent, refunded'
         FROM broadcasts b JOIN broadcast_recipients r ON r.broadcast_id = b.id AND r.status = 'failed'
         WHERE b.id = ANY($2::uuid[]) GROUP BY b.id, b.started_at
         UNION ALL
         SELECT u.starts_at, 'charge', u.ref, -u.amount, 'Customer-initiated conversation'
         FROM usage_charges u WHERE u.account_id = $1
       ), ordered AS (
         SELECT m.*, row_number() OVER (ORDER BY at, ref) AS n,
                (SELECT balance FROM last) + sum(amount) OVER (ORDER BY at, ref) AS balance_after
         FROM moves m
       )
       INSERT INTO balance_ledger (account_id, amount, balance_after, kind, order_id, description, created_at)
       SELECT $1, amount, balance_after, kind, ref, description, at FROM ordered ORDER BY n`,
      [accountId, ids],
    );
    return ids;
  });
}

/** Every fact of the account's messages and tickets, as the listeners define them. */
async function writeFacts(
  client: pg.PoolClient,
  accountId: string,
  tz: string,
  log: (l: string) => void,
) {
  const edges = [...BUCKET_EDGES];
  const common = [accountId, tz];
  // Working hours as the account has them (the catalog's defaults when unset).
  const { rows: hours } = await client.query<{ open: number; close: number }>(
    `SELECT coalesce((SELECT split_part(value, ':', 1)::int * 60 + split_part(value, ':', 2)::int
                      FROM settings WHERE account_id = $1 AND key = 'agentWorkingHourStart'
                        AND value ~ '^[0-2][0-9]:[0-5][0-9]$'), 480) AS open,
            coalesce((SELECT split_part(value, ':', 1)::int * 60 + split_part(value, ':', 2)::int
                      FROM settings WHERE account_id = $1 AND key = 'agentWorkingHourEnd'
                        AND value ~ '^[0-2][0-9]:[0-5][0-9]$'), 1020) AS close`,
    [accountId],
  );
  const { open, close } = hours[0] ?? { open: 480, close: 1020 };
  await client.query(
    `CREATE TEMP TABLE first_division ON COMMIT DROP AS
     SELECT user_id, min(division_id::text)::uuid AS division_id FROM user_divisions
     WHERE account_id = $1 GROUP BY user_id`,
    [accountId],
  );
  const insert = `INSERT INTO report_events (account_id, kind, source_id, at, day, value_s, value_bh_s,
                    bucket, bucket_bh, chat_id, ticket_id, agent_id, channel, channel_id, division_id, labels, msg_type, note)`;
  const division = (agent: string) =>
    `coalesce(c.division_ids[1], (SELECT division_id FROM first_division fd WHERE fd.user_id = ${agent}))`;
  const duration = (from: string, to: string) => `
    greatest(0, floor(extract(epoch FROM ${to} - ${from})))::int,
    CASE WHEN ${to} > ${from} THEN report_seconds_within(${from}, ${to}, ${open}, ${close}, $2) ELSE 0 END,
    width_bucket(greatest(0, floor(extract(epoch FROM ${to} - ${from})))::int, $3::int[]),
    width_bucket(CASE WHEN ${to} > ${from} THEN report_seconds_within(${from}, ${to}, ${open}, ${close}, $2) ELSE 0 END, $3::int[])`;
  const day = (at: string) => `((${at}) AT TIME ZONE $2)::date`;
  const step = (what: string, sql: string) =>
    timed(log, what, () => client.query(sql, [...common, edges]));

  await step(
    'facts: messages in and out',
    `${insert}
     SELECT m.account_id, CASE WHEN m.from_me THEN 'message_out' ELSE 'message_in' END, m.id::text, m.sent_at,
            ${day('m.sent_at')}, NULL, NULL, NULL, NULL, NULL, NULL, a.agent, c.channel, NULL,
            ${division('a.agent')}, c.labels, m.msg_type, NULL
     FROM messages m JOIN chats c ON c.id = m.chat_id
     CROSS JOIN LATERAL (SELECT CASE WHEN m.from_me THEN
                           CASE WHEN m.sender_id IS NOT NULL AND NOT m.is_system THEN m.sender_id END
                         ELSE c.agent_id END AS agent) a
     WHERE m.account_id = $1 AND $3::int[] IS NOT NULL`,
  );
  await step(
    'facts: monthly active contacts',
    `${insert}
     SELECT DISTINCT ON (c.contact_id, to_char(m.sent_at AT TIME ZONE $2, 'YYYY-MM'))
            m.account_id, 'contact_active', c.contact_id || ':' || to_char(m.sent_at AT TIME ZONE $2, 'YYYY-MM'),
            m.sent_at, ${day('m.sent_at')}, NULL, NULL, NULL, NULL, m.chat_id, NULL, NULL, c.channel,
            m.channel_id, NULL, '{}', NULL, NULL
     FROM messages m JOIN chats c ON c.id = m.chat_id
     WHERE m.account_id = $1 AND $3::int[] IS NOT NULL
     ORDER BY c.contact_id, to_char(m.sent_at AT TIME ZONE $2, 'YYYY-MM'), m.id`,
  );
  await step(
    'facts: tickets opened, answered, resolved',
    `WITH t AS (SELECT t.*, c.channel, c.channel_id, c.labels, c.division_ids FROM tickets t
                JOIN chats c ON c.id = t.chat_id WHERE t.account_id = $1)
     ${insert}
     SELECT t.account_id, 'opened', t.id::text, t.open_at, ${day('t.open_at')}, NULL, NULL, NULL, NULL,
            t.chat_id, t.id, t.agent_id, t.channel, t.channel_id,
            coalesce(t.division_ids[1], (SELECT division_id FROM first_division WHERE user_id = t.agent_id)),
            t.labels, NULL, NULL
     FROM t WHERE $3::int[] IS NOT NULL
     UNION ALL
     SELECT t.account_id, 'first_response', t.id::text, t.answer_at, ${day('t.answer_at')},
            ${duration('t.open_at', 't.answer_at')}, t.chat_id, t.id, t.agent_id, t.channel, t.channel_id,
            coalesce(t.division_ids[1], (SELECT division_id FROM first_division WHERE user_id = t.agent_id)),
            t.labels, NULL, NULL
     FROM t WHERE t.answer_at IS NOT NULL
     UNION ALL
     SELECT t.account_id, k.kind, t.id::text, t.close_at, ${day('t.close_at')},
            CASE WHEN k.kind = 'resolution' THEN greatest(0, floor(extract(epoch FROM t.close_at - t.open_at)))::int END,
            CASE WHEN k.kind = 'resolution' THEN report_seconds_within(t.open_at, t.close_at, ${open}, ${close}, $2) END,
            CASE WHEN k.kind = 'resolution' THEN width_bucket(greatest(0, floor(extract(epoch FROM t.close_at - t.open_at)))::int, $3::int[]) END,
            CASE WHEN k.kind = 'resolution' THEN width_bucket(report_seconds_within(t.open_at, t.close_at, ${open}, ${close}, $2), $3::int[]) END,
            t.chat_id, t.id, coalesce(t.agent_id, t.resolved_by), t.channel, t.channel_id,
            coalesce(t.division_ids[1], (SELECT division_id FROM first_division WHERE user_id = coalesce(t.agent_id, t.resolved_by))),
            t.labels, NULL, NULL
     FROM t CROSS JOIN LATERAL (SELECT 'resolution' AS kind UNION ALL SELECT 'unanswered' WHERE t.answer_at IS NULL) k
     WHERE t.close_at IS NOT NULL`,
  );
  await step(
    'facts: reply times',
    `WITH x AS (
       SELECT m.id, m.chat_id, m.channel_id, m.sent_at, m.sender_id, m.from_me,
              (m.from_me AND m.sender_id IS NOT NULL AND NOT m.is_system) AS human,
              count(*) FILTER (WHERE m.from_me AND m.sender_id IS NOT NULL AND NOT m.is_system)
                OVER (PARTITION BY m.chat_id ORDER BY m.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS run
       FROM messages m WHERE m.account_id = $1
     ), waits AS (
       SELECT chat_id, coalesce(run, 0) AS run, min(sent_at) AS since FROM x WHERE NOT from_me GROUP BY 1, 2
     )
     ${insert}
     SELECT $1::uuid, 'reply_time', x.id::text, x.sent_at, ${day('x.sent_at')},
            ${duration('w.since', 'x.sent_at')}, x.chat_id, NULL, x.sender_id, c.channel, x.channel_id,
            ${division('x.sender_id')}, c.labels, NULL, NULL
     FROM x JOIN waits w ON w.chat_id = x.chat_id AND w.run = coalesce(x.run, 0)
     JOIN chats c ON c.id = x.chat_id
     WHERE x.human`,
  );
  await step(
    'csat: surveys on two thirds of resolved tickets, answers on half of those',
    `WITH pick AS (
       SELECT t.id, t.account_id, t.chat_id, t.close_at, coalesce(t.resolved_by, t.agent_id) AS agent_id,
              c.channel_id, c.channel, c.division_ids[1] AS division_id, abs(hashtext(t.id::text)) AS h
       FROM tickets t JOIN chats c ON c.id = t.chat_id
       WHERE t.account_id = $1 AND t.close_at IS NOT NULL AND $2::text IS NOT NULL AND $3::int[] IS NOT NULL
     ), s AS (
       INSERT INTO csat_surveys (account_id, ticket_id, chat_id, channel_id, channel, agent_id, division_id,
                                 language, via, status, sent_at, expires_at)
       SELECT p.account_id, p.id, p.chat_id, p.channel_id, p.channel, p.agent_id, p.division_id,
              coalesce(u.language, 'id'), 'interactive',
              CASE WHEN p.h % 3 = 0 THEN 'answered'
                   WHEN p.close_at + interval '14 days' <= now() THEN 'expired' ELSE 'sent' END,
              p.close_at, p.close_at + interval '14 days'
       FROM pick p LEFT JOIN users u ON u.id = p.agent_id
       WHERE p.h % 3 <> 2
       RETURNING id, account_id, ticket_id, status, sent_at
     )
     INSERT INTO csat_responses (survey_id, account_id, rating, comment, source, answered_at, commented_at)
     SELECT s.id, s.account_id, (ARRAY[5, 5, 5, 4, 4, 4, 3, 2, 1, 5])[1 + p.h % 10],
            c.comment, 'chat', s.sent_at + interval '3 minutes',
            CASE WHEN c.comment IS NOT NULL THEN s.sent_at + interval '4 minutes' END
     FROM s JOIN pick p ON p.id = s.ticket_id
     CROSS JOIN LATERAL (SELECT CASE WHEN p.h % 5 = 0 THEN (ARRAY['Cepat sekali, terima kasih!', 'Agak lama dibalas',
                           'Sangat membantu', 'Masalah belum selesai', 'Ramah dan jelas'])[1 + p.h % 25 / 5] END AS comment) c
     WHERE s.status = 'answered'`,
  );
  // The CSAT facts as the listeners write them from the csat tables (modules/reports
  // listeners/csat.listener.ts): sent and answered on the send day, the rating on the answer's.
  await step(
    'facts: CSAT surveys sent and answered',
    `WITH s AS (SELECT s.*, r.rating, r.comment, r.answered_at FROM csat_surveys s
                LEFT JOIN csat_responses r ON r.survey_id = s.id
                WHERE s.account_id = $1 AND s.status <> 'skipped' AND $3::int[] IS NOT NULL)
     ${insert}
     SELECT s.account_id, k.kind, s.id::text, s.sent_at, ${day('s.sent_at')}, NULL::int, NULL::int,
            NULL::smallint, NULL::smallint, s.chat_id, s.ticket_id, s.agent_id, s.channel, NULL::uuid,
            s.division_id, '{}'::uuid[], NULL::text, NULL::text
     FROM s CROSS JOIN LATERAL (SELECT 'csat_sent' AS kind
                                UNION ALL SELECT 'csat_answered' WHERE s.rating IS NOT NULL) k
     UNION ALL
     SELECT s.account_id, 'csat', s.id::text, s.answered_at, ${day('s.answered_at')}, s.rating, NULL,
            s.rating + 1, NULL, s.chat_id, s.ticket_id, s.agent_id, s.channel, NULL, s.division_id, '{}',
            NULL, s.comment
     FROM s WHERE s.rating IS NOT NULL`,
  );
}
