import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  CHAT_RETURNING,
  previewOf,
  type ChatRow,
  type MessageRow,
} from '../conversations/index.js';
import type { OutgoingMessage } from './outgoing.js';

/** One API-key send as the batch statement takes it. */
export interface KeySendRow {
  accountId: string;
  chatId: string;
  channelId: string;
  apiKeyId: string;
  m: OutgoingMessage;
  now: Date;
}

/** A stored send: its message and its chat as they are after the statement. */
export interface StoredKeySendRow {
  message: MessageRow;
  chat: ChatRow;
}

/**
 * The sends of one batch in one statement: the messages, each chat's preview and flag, each open
 * unanswered ticket answered, and what the answers and the `message.created` events need, read
 * back by the same statement. It replaced an INSERT, two UPDATEs and two read-backs: five round
 * trips per batch, each waiting on a busy event loop (issue 19's 1,000 sends a second).
 *
 * The chats are locked first, in id order (every other part reads `kept`, which reads `locked`),
 * so two batches sharing chats never wait on each other crosswise. A send whose chat is not its
 * account's (deleted since it was read) stores nothing and is answered as not found.
 *
 * The answer has one row per message and one per chat (`chat` set), joined in JS: the planner
 * cannot know how many rows the CTEs hold and joined them by nested loops (200 × 200 at a full
 * batch). Messages are inserted in input order, so their ids rise with it (PostgreSQL assigns
 * identity values as the ordered rows are inserted; ids map back to sends the same way the
 * multi-row INSERT before it did).
 */
const KEY_SEND_SQL = `
  WITH input AS (
    SELECT * FROM unnest($1::int[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[],
                         $7::text[], $8::text[], $9::jsonb[], $10::text[], $11::uuid[], $12::bigint[],
                         $13::timestamptz[], $14::text[])
      AS t(ord, account_id, chat_id, channel_id, api_key_id, generated_id, msg_type, text, payload,
           attachment_name, media_id, reply_to, sent_at, preview)
  ), locked AS MATERIALIZED (
    SELECT c.id, c.account_id FROM chats c WHERE c.id = ANY($3::uuid[])
    ORDER BY c.id FOR NO KEY UPDATE
  ), kept AS MATERIALIZED (
    SELECT i.* FROM input i JOIN locked l ON l.id = i.chat_id AND l.account_id = i.account_id
  ), m AS (
    INSERT INTO messages (account_id, chat_id, channel_id, generated_id, msg_type, text, payload,
                          attachment_name, media_id, status, from_me, sender_id, api_key_id,
                          reply_to_provider_id, sent_at)
    SELECT i.account_id, i.chat_id, i.channel_id, i.generated_id, i.msg_type, i.text, i.payload,
      i.attachment_name, i.media_id, 'queue', true, NULL, i.api_key_id,
      CASE WHEN i.reply_to IS NULL THEN NULL ELSE (
        SELECT r.provider_message_id FROM messages r WHERE r.id = i.reply_to AND r.chat_id = i.chat_id)
      END,
      i.sent_at
    FROM kept i ORDER BY i.ord
    RETURNING id, chat_id, channel_id, api_key_id, media_id, reply_to_provider_id, created_at
  ), newest AS (
    SELECT DISTINCT ON (chat_id) chat_id, preview, msg_type, sent_at
    FROM kept ORDER BY chat_id, ord DESC
  ), u AS (
    UPDATE chats c SET
      last_message_text = n.preview, last_message_type = n.msg_type, last_message_from_me = true,
      last_update = n.sent_at, updated_at = n.sent_at,
      flag = CASE WHEN c.flag = 'red' THEN 'green' ELSE c.flag END
    FROM newest n WHERE c.id = n.chat_id
    RETURNING ${CHAT_RETURNING}
  ), answered AS (
    UPDATE tickets t SET answer_at = f.sent_at
    FROM (
      -- Each chat's open unanswered ticket, found by its chat (the one-open-ticket index), then
      -- updated by its id. Asked to join, the planner (which cannot know how many rows kept
      -- holds) scanned the open tickets of the account, or of every account, instead. The
      -- chats are the accounts' own (kept), so their tickets are too; answer_at is checked
      -- again on the row as it is when updated (a reply answered it meanwhile: it stays).
      SELECT DISTINCT ON (chat_id) sent_at,
        (SELECT o.id FROM tickets o
         WHERE o.chat_id = kept.chat_id AND o.close_at IS NULL AND o.answer_at IS NULL) AS id
      FROM kept ORDER BY chat_id, ord
    ) f
    WHERE t.id = f.id AND t.answer_at IS NULL
  )
  SELECT m.id AS m_id, m.chat_id AS m_chat_id, m.created_at AS m_created_at,
    (SELECT 'API key ' || ak.name FROM api_keys ak WHERE ak.id = m.api_key_id) AS m_sender_name,
    (SELECT md.mime_type FROM media md WHERE md.id = m.media_id) AS m_media_mime,
    CASE WHEN m.reply_to_provider_id IS NULL THEN NULL ELSE (
      SELECT json_build_object('id', r.id, 'text', r.text, 'msg_type', r.msg_type, 'from_me', r.from_me)
      FROM messages r WHERE r.channel_id = m.channel_id AND r.provider_message_id = m.reply_to_provider_id)
    END AS m_reply_to,
    NULL::jsonb AS chat
  FROM m
  UNION ALL
  SELECT NULL, NULL, NULL, NULL, NULL, NULL, to_jsonb(u) FROM u`;

type JsonChat = Omit<ChatRow, 'last_update' | 'updated_at' | 'initiate_at'> & {
  last_update: string;
  updated_at: string;
  initiate_at: string | null;
};

type BatchRow =
  | {
      m_id: number;
      m_chat_id: string;
      m_created_at: Date;
      m_sender_name: string | null;
      m_media_mime: string | null;
      m_reply_to: MessageRow['reply_to'];
      chat: null;
    }
  | { m_id: null; chat: JsonChat };

const chatOf = (j: JsonChat): ChatRow => ({
  ...j,
  last_update: new Date(j.last_update),
  updated_at: new Date(j.updated_at),
  initiate_at: j.initiate_at === null ? null : new Date(j.initiate_at),
});

/**
 * Stores the sends (in the caller's transaction, beside their send jobs) and answers each one's
 * message and chat rows by input position; null for a send whose chat is not its account's.
 * Throws when a send cannot be stored (its generatedId taken): the statement stores all or none.
 */
export async function storeKeySends(
  trx: Db,
  items: KeySendRow[],
): Promise<(StoredKeySendRow | null)[]> {
  const { rows } = await trx.executeQuery<BatchRow>(
    CompiledQuery.raw(KEY_SEND_SQL, [
      items.map((_, i) => i),
      items.map((i) => i.accountId),
      items.map((i) => i.chatId),
      items.map((i) => i.channelId),
      items.map((i) => i.apiKeyId),
      items.map((i) => i.m.generatedId),
      items.map((i) => i.m.msgType),
      items.map((i) => i.m.text),
      items.map((i) => JSON.stringify(i.m.payload)),
      items.map((i) => i.m.attachmentName),
      items.map((i) => i.m.mediaId),
      items.map((i) => i.m.replyTo),
      items.map((i) => i.now),
      items.map((i) => previewOf(i.m.msgType, i.m.text, i.m.attachmentName)),
    ]),
  );
  const chats = new Map<string, ChatRow>();
  const messages: Extract<BatchRow, { chat: null }>[] = [];
  for (const row of rows) {
    if (row.chat) chats.set(row.chat.id, chatOf(row.chat));
    else messages.push(row);
  }
  messages.sort((a, b) => a.m_id - b.m_id);
  const out: (StoredKeySendRow | null)[] = items.map(() => null);
  let next = 0;
  items.forEach((item, ord) => {
    const chat = chats.get(item.chatId);
    // Not stored: its chat is gone, or is another account's.
    if (!chat || chat.account_id !== item.accountId) return;
    const row = messages[next++];
    if (!row || row.m_chat_id !== item.chatId) throw new Error('batched send: rows out of order');
    const { m } = item;
    out[ord] = {
      chat,
      message: {
        id: row.m_id,
        chat_id: item.chatId,
        provider_message_id: null,
        generated_id: m.generatedId,
        msg_type: m.msgType,
        text: m.text,
        payload: m.payload,
        attachment_name: m.attachmentName,
        media_id: m.mediaId,
        media_mime: row.m_media_mime,
        status: 'queue',
        error: null,
        from_me: true,
        is_system: false,
        sender_name: row.m_sender_name,
        created_at: row.m_created_at,
        sent_at: item.now,
        channel: chat.channel,
        identifier: chat.identifier,
        chat_name: chat.name,
        reply_to: row.m_reply_to,
      },
    };
  });
  if (next !== messages.length) throw new Error('batched send: row count mismatch');
  return out;
}
