import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { InboundMessage, StatusUpdate } from '../../channels/types.js';
import type { ChatAudienceRow } from '../../events/bus.js';
import type { IngestChannel } from './ingest.repo.js';
import type { ChatRow, MessageRow } from './presenters.js';
import { previewOf } from './queries.js';

/**
 * The hot path of ingest, one statement per event (each statement is atomic on its own):
 * a customer message to an existing chat is looked up, stored once and moves the chat forward,
 * returning everything the socket event needs. New chats and media take the transactional path.
 */
export type FastInbound =
  | { kind: 'no-chat' }
  | { kind: 'duplicate' }
  | { kind: 'stored'; chat: ChatRow; message: MessageRow };

const CHAT_RETURNING = sql`c.id, c.account_id, c.channel_id, c.contact_id, c.channel, c.identifier, c.name, c.agent_id,
  (SELECT name FROM users WHERE id = c.agent_id) AS agent_name,
  c.division_ids,
  coalesce((SELECT array_agg(ud.division_id) FROM user_divisions ud WHERE ud.user_id = c.agent_id), '{}') AS agent_division_ids,
  c.flag, c.unread_count, c.last_message_text, c.last_message_type, c.last_update, c.updated_at, c.initiate_at,
  c.is_archive, c.is_flow, c.labels, c.blocked, c.is_out`;

export async function storeInboundFast(
  db: Db,
  ch: IngestChannel,
  m: InboundMessage,
): Promise<FastInbound> {
  const preview = previewOf(m.msgType, m.text, m.attachmentName);
  const payload = JSON.stringify(m.payload);
  const result = await sql<
    ChatRow & {
      found_chat: string | null;
      message_id: number | null;
      m_created_at: Date | null;
      m_reply_to: MessageRow['reply_to'];
    }
  >`
    WITH c0 AS (
      SELECT id FROM chats WHERE channel_id = ${ch.id} AND identifier = ${m.from.identifier}
    ), m AS (
      INSERT INTO messages (account_id, chat_id, channel_id, provider_message_id, msg_type, text, payload,
                            attachment_name, status, from_me, reply_to_provider_id, sent_at)
      SELECT ${ch.account_id}, c0.id, ${ch.id}, ${m.providerMessageId}, ${m.msgType}, ${m.text}, ${payload}::jsonb,
             ${m.attachmentName}, 'received', false, ${m.replyToProviderId}, ${m.timestamp}
      FROM c0
      ON CONFLICT (channel_id, provider_message_id) DO NOTHING
      RETURNING id, created_at, sent_at
    ), u AS (
      UPDATE chats c SET
        last_message_text = ${preview},
        last_message_type = ${m.msgType},
        last_message_from_me = false,
        last_update = GREATEST(c.last_update, m.sent_at),
        unread_count = c.unread_count + 1,
        flag = 'red',
        initiate_at = GREATEST(coalesce(c.initiate_at, m.sent_at), m.sent_at),
        name = CASE WHEN ${m.from.name} <> '' THEN ${m.from.name} ELSE c.name END,
        is_archive = false,
        updated_at = now()
      FROM m WHERE c.id = (SELECT id FROM c0)
      RETURNING ${CHAT_RETURNING}
    )
    SELECT (SELECT id FROM c0) AS found_chat, m.id AS message_id, m.created_at AS m_created_at,
      (SELECT json_build_object('id', r.id, 'text', r.text, 'msg_type', r.msg_type, 'from_me', r.from_me)
       FROM messages r WHERE r.channel_id = ${ch.id} AND r.provider_message_id = ${m.replyToProviderId}) AS m_reply_to,
      u.*
    FROM (SELECT 1) one LEFT JOIN m ON true LEFT JOIN u ON true`.execute(db);
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
      payload: m.payload,
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

const RANK = sql`CASE m.status WHEN 'queue' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 99 END`;
const rankOf = (s: string) => ({ queue: 0, sent: 1, delivered: 2, read: 3 })[s] ?? 99;

/**
 * Moves a message's status forward only (sent < delivered < read; failed is terminal and keeps
 * the provider's error), in one statement. `moved` says whose screens to tell; `known` is false
 * when no message has this provider id yet (the caller parks the status).
 */
export type StatusOutcome = {
  moved: (ChatAudienceRow & { message_id: string; sender_id: string | null }) | null;
  known: boolean;
};

export async function applyStatusFast(
  db: Db,
  channelId: string,
  s: Pick<StatusUpdate, 'providerMessageId' | 'status' | 'error'>,
): Promise<StatusOutcome> {
  const error = s.error ? JSON.stringify(s.error) : null;
  const result = await sql<
    Partial<ChatAudienceRow> & {
      message_id: string | null;
      sender_id: string | null;
      known: boolean;
    }
  >`
    WITH u AS (
      UPDATE messages m SET status = ${s.status}, error = coalesce(${error}::jsonb, m.error)
      WHERE m.channel_id = ${channelId} AND m.provider_message_id = ${s.providerMessageId}
        AND ${
          s.status === 'failed'
            ? sql`m.status IN ('queue', 'sent', 'delivered')`
            : sql`m.status NOT IN ('failed', 'received') AND ${RANK} < ${rankOf(s.status)}`
        }
      RETURNING m.id, m.chat_id, m.sender_id
    )
    SELECT u.id::text AS message_id, u.sender_id, c.id, c.account_id, c.agent_id, c.division_ids,
      coalesce((SELECT array_agg(ud.division_id) FROM user_divisions ud WHERE ud.user_id = c.agent_id), '{}') AS agent_division_ids,
      (u.id IS NOT NULL OR EXISTS (SELECT 1 FROM messages k WHERE k.channel_id = ${channelId} AND k.provider_message_id = ${s.providerMessageId})) AS known
    FROM (SELECT 1) one LEFT JOIN u ON true LEFT JOIN chats c ON c.id = u.chat_id`.execute(db);
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
  db: Db,
  channelId: string,
  s: Pick<StatusUpdate, 'providerMessageId' | 'status' | 'error'>,
): Promise<void> {
  await sql`
    INSERT INTO pending_statuses (channel_id, provider_message_id, status, error)
    SELECT ${channelId}, ${s.providerMessageId}, ${s.status}, ${s.error ? JSON.stringify(s.error) : null}::jsonb
    WHERE NOT EXISTS (SELECT 1 FROM messages WHERE channel_id = ${channelId} AND provider_message_id = ${s.providerMessageId})
    ON CONFLICT DO NOTHING`.execute(db);
}
