import type pg from 'pg';
import type { InboundMessage, StatusUpdate } from '../../channels/types.js';
import type { ChatAudienceRow } from '../../events/bus.js';
import type { IngestChannel } from './ingest.repo.js';
import type { ChatRow, MessageRow } from './presenters.js';
import { previewOf } from './queries.js';

/**
 * The hot path of ingest, one statement per event (each statement is atomic on its own):
 * a customer message to an existing chat is looked up, stored once and moves the chat forward,
 * returning everything the socket event needs. New chats and media take the transactional path.
 *
 * These run as named prepared statements straight on the pool: Postgres then plans each once per
 * connection instead of on every webhook, which is most of their cost.
 */
export type FastInbound =
  | { kind: 'no-chat' }
  | { kind: 'duplicate' }
  | { kind: 'stored'; chat: ChatRow; message: MessageRow };

export const CHAT_RETURNING = `c.id, c.account_id, c.channel_id, c.contact_id, c.channel, c.identifier, c.name, c.agent_id,
  (SELECT name FROM users WHERE id = c.agent_id) AS agent_name,
  c.division_ids,
  coalesce((SELECT array_agg(ud.division_id) FROM user_divisions ud WHERE ud.user_id = c.agent_id), '{}') AS agent_division_ids,
  c.flag, c.unread_count, c.last_message_text, c.last_message_type, c.last_update, c.updated_at, c.initiate_at,
  c.is_archive, c.is_flow, c.labels, c.blocked, c.is_out`;

// $1 channel id, $2 identifier, $3 account id, $4 provider id, $5 type, $6 text, $7 payload,
// $8 attachment name, $9 reply-to provider id, $10 provider time, $11 preview, $12 profile name,
// $13 media waiting for download
const INBOUND_SQL = `
  WITH c0 AS (
    SELECT id FROM chats WHERE channel_id = $1 AND identifier = $2
  ), m AS (
    INSERT INTO messages (account_id, chat_id, channel_id, provider_message_id, msg_type, text, payload,
                          attachment_name, status, from_me, reply_to_provider_id, sent_at, media_pending)
    SELECT $3, c0.id, $1, $4, $5, $6, $7::jsonb, $8, 'received', false, $9, $10, $13 FROM c0
    ON CONFLICT (channel_id, provider_message_id) DO NOTHING
    RETURNING id, created_at, sent_at
  ), u AS (
    UPDATE chats c SET
      last_message_text = $11,
      last_message_type = $5,
      last_message_from_me = false,
      last_update = GREATEST(c.last_update, m.sent_at),
      unread_count = c.unread_count + 1,
      flag = 'red',
      initiate_at = GREATEST(coalesce(c.initiate_at, m.sent_at), m.sent_at),
      name = CASE WHEN $12 <> '' THEN $12 ELSE c.name END,
      is_archive = false,
      updated_at = now()
    FROM m WHERE c.id = (SELECT id FROM c0)
    RETURNING ${CHAT_RETURNING}
  )
  SELECT (SELECT id FROM c0) AS found_chat, m.id AS message_id, m.created_at AS m_created_at,
    CASE WHEN $9::text IS NULL THEN NULL ELSE (
      SELECT json_build_object('id', r.id, 'text', r.text, 'msg_type', r.msg_type, 'from_me', r.from_me)
      FROM messages r WHERE r.channel_id = $1 AND r.provider_message_id = $9) END AS m_reply_to,
    u.*
  FROM (SELECT 1) one LEFT JOIN m ON true LEFT JOIN u ON true`;

type InboundRow = ChatRow & {
  found_chat: string | null;
  message_id: number | null;
  m_created_at: Date | null;
  m_reply_to: MessageRow['reply_to'];
};

export async function storeInboundFast(
  pool: pg.Pool,
  ch: IngestChannel,
  m: InboundMessage,
): Promise<FastInbound> {
  const payload = m.media ? { ...m.payload, media: { ...m.media, stored: false } } : m.payload;
  const result = await pool.query<InboundRow>({
    name: 'sapa_ingest_inbound_v2',
    text: INBOUND_SQL,
    values: [
      ch.id,
      m.from.identifier,
      ch.account_id,
      m.providerMessageId,
      m.msgType,
      m.text,
      JSON.stringify(payload),
      m.attachmentName,
      m.replyToProviderId,
      m.timestamp,
      previewOf(m.msgType, m.text, m.attachmentName),
      m.from.name,
      Boolean(m.media),
    ],
  });
  const row = result.rows[0];
  if (!row?.found_chat) return { kind: 'no-chat' };
  if (row.message_id === null || !row.id) return { kind: 'duplicate' };
  const {
    found_chat: _f,
    message_id: messageId,
    m_created_at: createdAt,
    m_reply_to: replyTo,
    ...chat
  } = row;
  return {
    kind: 'stored',
    chat,
    message: {
      id: messageId,
      chat_id: chat.id,
      provider_message_id: m.providerMessageId,
      generated_id: null,
      msg_type: m.msgType,
      text: m.text,
      payload,
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

// $1 account, $2 channel id, $3 channel type, $4 identifier, $5 profile name, $6 canonical phone.
// Contact (merged by canonical phone) and chat in one atomic statement; race-safe by unique keys.
const ENSURE_CHAT_SQL = `
  WITH existing AS (
    SELECT id FROM chats WHERE channel_id = $2 AND identifier = $4
  ), contact AS (
    INSERT INTO contacts (account_id, name, phone)
    SELECT $1, $5, $6 WHERE NOT EXISTS (SELECT 1 FROM existing)
    ON CONFLICT (account_id, phone) WHERE phone IS NOT NULL
    DO UPDATE SET name = CASE WHEN contacts.name = '' THEN EXCLUDED.name ELSE contacts.name END
    RETURNING id
  ), chat AS (
    INSERT INTO chats (account_id, channel_id, contact_id, channel, identifier, name)
    SELECT $1, $2, contact.id, $3, $4, $5 FROM contact
    ON CONFLICT (channel_id, identifier) DO NOTHING
    RETURNING id
  )
  SELECT coalesce((SELECT id FROM existing), (SELECT id FROM chat)) AS id`;

/** Makes sure the customer's contact and chat exist (the first message of a conversation). */
export async function ensureChatFast(
  pool: pg.Pool,
  ch: IngestChannel,
  from: InboundMessage['from'],
  phone: string | null,
): Promise<void> {
  await pool.query({
    name: 'sapa_ingest_ensure_chat_v1',
    text: ENSURE_CHAT_SQL,
    values: [ch.account_id, ch.id, ch.channel, from.identifier, from.name, phone],
  });
}

// $1 channel id, $2 provider id, $3 new status, $4 new rank, $5 error json.
// Forward only: sent < delivered < read; failed only from queue/sent/delivered and terminal.
const STATUS_SQL = `
  WITH u AS (
    UPDATE messages m SET status = $3, error = coalesce($5::jsonb, m.error)
    WHERE m.channel_id = $1 AND m.provider_message_id = $2
      AND CASE WHEN $3 = 'failed' THEN m.status IN ('queue', 'sent', 'delivered')
          ELSE m.status NOT IN ('failed', 'received')
           AND (CASE m.status WHEN 'queue' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 99 END) < $4 END
    RETURNING m.id, m.chat_id, m.sender_id
  )
  SELECT u.id::text AS message_id, u.sender_id, c.id, c.account_id, c.agent_id, c.division_ids,
    coalesce((SELECT array_agg(ud.division_id) FROM user_divisions ud WHERE ud.user_id = c.agent_id), '{}') AS agent_division_ids,
    (u.id IS NOT NULL OR EXISTS (SELECT 1 FROM messages k WHERE k.channel_id = $1 AND k.provider_message_id = $2)) AS known
  FROM (SELECT 1) one LEFT JOIN u ON true LEFT JOIN chats c ON c.id = u.chat_id`;

const rankOf = (s: string) => ({ queue: 0, sent: 1, delivered: 2, read: 3 })[s] ?? 99;

/**
 * Moves a message's status forward only (failed is terminal and keeps the provider's error), in
 * one statement. `moved` says whose screens to tell; `known` is false when no message has this
 * provider id yet (the caller parks the status).
 */
export type StatusOutcome = {
  moved: (ChatAudienceRow & { message_id: string; sender_id: string | null }) | null;
  known: boolean;
};

export async function applyStatusFast(
  pool: pg.Pool,
  channelId: string,
  s: Pick<StatusUpdate, 'providerMessageId' | 'status' | 'error'>,
): Promise<StatusOutcome> {
  const result = await pool.query<
    Partial<ChatAudienceRow> & {
      message_id: string | null;
      sender_id: string | null;
      known: boolean;
    }
  >({
    name: 'sapa_ingest_status_v1',
    text: STATUS_SQL,
    values: [
      channelId,
      s.providerMessageId,
      s.status,
      rankOf(s.status),
      s.error ? JSON.stringify(s.error) : null,
    ],
  });
  const row = result.rows[0];
  if (!row) return { moved: null, known: false };
  if (!row.message_id || !row.id || !row.account_id) return { moved: null, known: row.known };
  return {
    moved: {
      id: row.id,
      account_id: row.account_id,
      agent_id: row.agent_id ?? null,
      division_ids: row.division_ids ?? [],
      agent_division_ids: row.agent_division_ids ?? [],
      message_id: row.message_id,
      sender_id: row.sender_id,
    },
    known: true,
  };
}

/** A status for a message we have not linked yet (no provider id stored) is parked, not lost. */
export async function parkStatusIfUnknown(
  pool: pg.Pool,
  channelId: string,
  s: Pick<StatusUpdate, 'providerMessageId' | 'status' | 'error'>,
): Promise<void> {
  await pool.query(
    `INSERT INTO pending_statuses (channel_id, provider_message_id, status, error)
     SELECT $1, $2, $3, $4::jsonb
     WHERE NOT EXISTS (SELECT 1 FROM messages WHERE channel_id = $1 AND provider_message_id = $2)
     ON CONFLICT DO NOTHING`,
    [channelId, s.providerMessageId, s.status, s.error ? JSON.stringify(s.error) : null],
  );
}
