import type pg from 'pg';
import type { InboundMessage } from './inbound.js';
import type { IngestChannel } from './ingest.repo.js';
import {
  CHAT_RETURNING,
  type ChatRow,
  type MessageRow,
  previewOf,
} from '../conversations/index.js';
import { TurnBatcher } from '../../lib/turn-batcher.js';

/**
 * Many customer messages in one statement: webhooks that arrive in the same event-loop turn are
 * stored together (each still once, by its provider id), and each chat moves forward once for
 * all of its new messages. Chats are locked in id order so concurrent batches cannot deadlock.
 *
 * The same statement applies the inbox rules of an inbound message: it un-archives the chat; a
 * blocked chat stores it without raising unread or the flag; and a chat with no open ticket gets
 * one opened at its first new message (the partial unique index keeps one open ticket per chat,
 * so duplicates and concurrent batches add nothing; the chat row lock is taken first, as in
 * sending, so the two never wait on each other in opposite orders).
 *
 * An answer to a satisfaction survey (a rating tap naming a survey of this chat, or the text that
 * follows it while the survey waits for a comment, modules/csat) is stored like any message but
 * opens no ticket and leaves the flag as it was: answering a survey does not reopen the
 * conversation it rates.
 */
const CSAT_REPLY_SQL = '^csat:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[1-5]$';

const BATCH_SQL = `
  WITH input AS (
    SELECT * FROM unnest($1::int[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::text[],
                         $8::jsonb[], $9::text[], $10::text[], $11::timestamptz[], $12::text[], $13::text[], $14::boolean[])
      AS t(ord, channel_id, identifier, account_id, provider_message_id, msg_type, text, payload, attachment_name,
           reply_to, sent_at, preview, profile_name, media_pending)
  ), c0 AS (
    SELECT i.*, c.id AS chat_id,
      CASE
        WHEN i.msg_type IN ('button', 'listButton') AND i.payload->'reply'->>'id' ~ '${CSAT_REPLY_SQL}' THEN EXISTS (
          SELECT 1 FROM csat_surveys s
          WHERE s.id = substring(i.payload->'reply'->>'id' FROM 6 FOR 36)::uuid AND s.chat_id = c.id)
        WHEN i.msg_type = 'text' THEN EXISTS (
          SELECT 1 FROM csat_surveys s WHERE s.chat_id = c.id AND s.comment_until >= i.sent_at)
        ELSE false
      END AS survey
    FROM input i JOIN chats c ON c.channel_id = i.channel_id AND c.identifier = i.identifier
  ), m AS (
    INSERT INTO messages (account_id, chat_id, channel_id, provider_message_id, msg_type, text, payload,
                          attachment_name, status, from_me, reply_to_provider_id, sent_at, media_pending)
    SELECT account_id, chat_id, channel_id, provider_message_id, msg_type, text, payload, attachment_name,
           'received', false, reply_to, sent_at, media_pending
    FROM c0 ORDER BY ord
    ON CONFLICT (channel_id, provider_message_id) DO NOTHING
    RETURNING id, chat_id, channel_id, provider_message_id, created_at, sent_at
  ), mi AS (
    SELECT m.*, c0.ord, c0.preview, c0.msg_type, c0.profile_name, c0.survey
    FROM m JOIN c0 ON c0.channel_id = m.channel_id AND c0.provider_message_id = m.provider_message_id
  ), agg AS (
    SELECT chat_id, count(*)::int AS n, min(sent_at) FILTER (WHERE NOT survey) AS min_sent,
      max(sent_at) AS max_sent
    FROM mi GROUP BY chat_id
  ), newest AS (
    SELECT DISTINCT ON (chat_id) chat_id, preview, msg_type, profile_name FROM mi ORDER BY chat_id, sent_at DESC, ord DESC
  ), locked AS MATERIALIZED (
    SELECT c.id FROM chats c WHERE c.id IN (SELECT chat_id FROM agg) ORDER BY c.id FOR NO KEY UPDATE
  ), u AS (
    UPDATE chats c SET
      last_message_text = newest.preview,
      last_message_type = newest.msg_type,
      last_message_from_me = false,
      last_update = GREATEST(c.last_update, agg.max_sent),
      unread_count = CASE WHEN c.blocked THEN c.unread_count ELSE c.unread_count + agg.n END,
      flag = CASE WHEN c.blocked OR agg.min_sent IS NULL THEN c.flag ELSE 'red' END,
      initiate_at = GREATEST(coalesce(c.initiate_at, agg.max_sent), agg.max_sent),
      name = CASE WHEN newest.profile_name <> '' THEN newest.profile_name ELSE c.name END,
      is_archive = false,
      updated_at = now()
    FROM locked JOIN agg ON agg.chat_id = locked.id JOIN newest ON newest.chat_id = locked.id
    WHERE c.id = locked.id
    RETURNING ${CHAT_RETURNING}
  ), opened AS (
    INSERT INTO tickets (account_id, chat_id, agent_id, open_at)
    SELECT u.account_id, u.id, u.agent_id, agg.min_sent FROM u JOIN agg ON agg.chat_id = u.id
    WHERE NOT u.blocked AND agg.min_sent IS NOT NULL
    ON CONFLICT (chat_id) WHERE close_at IS NULL DO NOTHING
  )
  SELECT i.ord, c0.chat_id AS found_chat, mi.id AS message_id, mi.created_at AS m_created_at,
    mi.survey AS m_survey,
    CASE WHEN i.reply_to IS NULL THEN NULL ELSE (
      SELECT json_build_object('id', r.id, 'text', r.text, 'msg_type', r.msg_type, 'from_me', r.from_me)
      FROM messages r WHERE r.channel_id = i.channel_id AND r.provider_message_id = i.reply_to) END AS m_reply_to,
    u.*
  FROM input i
  LEFT JOIN c0 ON c0.ord = i.ord
  LEFT JOIN mi ON mi.ord = i.ord
  LEFT JOIN u ON u.id = mi.chat_id`;

type BatchRow = ChatRow & {
  ord: number;
  found_chat: string | null;
  message_id: number | null;
  m_created_at: Date | null;
  m_reply_to: MessageRow['reply_to'];
  m_survey: boolean | null;
};

export type FastInbound =
  | { kind: 'no-chat' }
  | { kind: 'duplicate' }
  | { kind: 'stored'; chat: ChatRow; message: MessageRow; surveyAnswer: boolean };

export interface BatchItem {
  ch: IngestChannel;
  m: InboundMessage;
}

/** Stores distinct messages (the caller removes duplicates within a batch). */
export async function storeInboundBatch(pool: pg.Pool, items: BatchItem[]): Promise<FastInbound[]> {
  const payloads = items.map(({ m }) =>
    m.media ? { ...m.payload, media: { ...m.media, stored: false } } : m.payload,
  );
  const result = await pool.query<BatchRow>({
    name: 'sapa_ingest_batch_v3',
    text: BATCH_SQL,
    values: [
      items.map((_, i) => i),
      items.map(({ ch }) => ch.id),
      items.map(({ m }) => m.from.identifier),
      items.map(({ ch }) => ch.account_id),
      items.map(({ m }) => m.providerMessageId),
      items.map(({ m }) => m.msgType),
      items.map(({ m }) => m.text),
      payloads.map((p) => JSON.stringify(p)),
      items.map(({ m }) => m.attachmentName),
      items.map(({ m }) => m.replyToProviderId),
      items.map(({ m }) => m.timestamp),
      items.map(({ m }) => previewOf(m.msgType, m.text, m.attachmentName)),
      items.map(({ m }) => m.from.name),
      items.map(({ m }) => Boolean(m.media)),
    ],
  });
  const outcomes: FastInbound[] = items.map(() => ({ kind: 'no-chat' }));
  for (const row of result.rows) {
    const item = items[row.ord];
    if (!item) continue;
    if (!row.found_chat) continue;
    if (row.message_id === null || !row.id) {
      outcomes[row.ord] = { kind: 'duplicate' };
      continue;
    }
    const {
      ord: _o,
      found_chat: _f,
      message_id: messageId,
      m_created_at: createdAt,
      m_reply_to: replyTo,
      m_survey: survey,
      ...chat
    } = row;
    const { m } = item;
    outcomes[row.ord] = {
      kind: 'stored',
      surveyAnswer: survey === true,
      chat,
      message: {
        id: messageId,
        chat_id: chat.id,
        provider_message_id: m.providerMessageId,
        generated_id: null,
        msg_type: m.msgType,
        text: m.text,
        payload: payloads[row.ord] ?? m.payload,
        attachment_name: m.attachmentName,
        media_id: null,
        media_mime: null,
        status: 'received',
        error: null,
        from_me: false,
        is_system: false,
        sender_name: null,
        created_at: createdAt ?? new Date(),
        sent_at: m.timestamp,
        channel: chat.channel,
        identifier: chat.identifier,
        chat_name: chat.name,
        reply_to: replyTo,
      },
    };
  }
  return outcomes;
}

/**
 * At most this many batch statements at once; arrivals meanwhile wait and go together. On two
 * cores, a few larger statements beat many small ones contending for the same CPU (fewer commits
 * and executor starts): unlimited 1,480, four 1,600–1,700, two 1,700–2,500 messages/s in
 * `bench inbound` (decision 14).
 */
const IN_FLIGHT = 2;

/**
 * Messages of one event-loop turn stored by one statement. Copies of the same provider message
 * in a batch are sent once; the others are duplicates (or, when the chat does not exist yet,
 * share that answer so each creates it and retries).
 */
export function inboundBatcher(pool: pg.Pool): TurnBatcher<BatchItem, FastInbound> {
  return new TurnBatcher<BatchItem, FastInbound>(
    100,
    (items) => storeInboundBatch(pool, items),
    ({ ch, m }) => `${ch.id}|${m.providerMessageId}`,
    () => false,
    (first) => (first.kind === 'no-chat' ? first : { kind: 'duplicate' }),
    IN_FLIGHT,
  );
}
