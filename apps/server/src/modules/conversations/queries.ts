import { sql } from 'kysely';
import { LIMITS } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import type { ChatRow, MessageRow } from './presenters.js';
import { cutText } from '../../channels/bounds.js';

type Executor = Pick<Db, 'selectFrom'>;

/** Chats with what presenters and event routing need (agent name, agent divisions). */
export function chatRowsQuery(db: Executor, accountId: string) {
  return db
    .selectFrom('chats as c')
    .leftJoin('users as ag', 'ag.id', 'c.agent_id')
    .where('c.account_id', '=', accountId)
    .select([
      'c.id',
      'c.account_id',
      'c.channel_id',
      'c.contact_id',
      sql<string | null>`(SELECT k.picture_media_id FROM contacts k WHERE k.id = c.contact_id)`.as(
        'contact_picture_id',
      ),
      'c.channel',
      'c.identifier',
      'c.name',
      'c.agent_id',
      'ag.name as agent_name',
      'c.division_ids',
      sql<
        string[]
      >`coalesce((SELECT array_agg(ud.division_id) FROM user_divisions ud WHERE ud.user_id = c.agent_id), '{}')`.as(
        'agent_division_ids',
      ),
      'c.flag',
      'c.unread_count',
      // Cut here too, so a preview stored before the cap never leaves the database whole.
      sql<string>`left(c.last_message_text, ${sql.lit(LIMITS.lastMessageMax)})`.as(
        'last_message_text',
      ),
      'c.last_message_type',
      'c.last_update',
      'c.updated_at',
      'c.initiate_at',
      'c.is_archive',
      'c.is_flow',
      'c.labels',
      'c.blocked',
      'c.is_out',
    ]);
}

export async function loadChatRows(
  db: Executor,
  accountId: string,
  ids: string[],
): Promise<ChatRow[]> {
  if (ids.length === 0) return [];
  return (await chatRowsQuery(db, accountId).where('c.id', 'in', ids).execute()) as ChatRow[];
}

export function messageRowsQuery(db: Executor, accountId: string) {
  return db
    .selectFrom('messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .leftJoin('users as s', 's.id', 'm.sender_id')
    .leftJoin('api_keys as ak', 'ak.id', 'm.api_key_id')
    .leftJoin('media as md', 'md.id', 'm.media_id')
    .where('m.account_id', '=', accountId)
    .select([
      'm.id',
      'm.chat_id',
      'm.provider_message_id',
      'm.generated_id',
      'm.msg_type',
      'm.text',
      'm.payload',
      'm.attachment_name',
      'm.media_id',
      'md.mime_type as media_mime',
      'm.status',
      'm.error',
      'm.from_me',
      'm.is_system',
      // A message an API key sent names the key as its author (it has no sender user).
      sql<string | null>`coalesce(s.name, 'API key ' || ak.name)`.as('sender_name'),
      'm.created_at',
      'm.sent_at',
      'c.channel',
      'c.identifier',
      'c.name as chat_name',
      sql<MessageRow['reply_to']>`(
        SELECT json_build_object('id', r.id, 'text', r.text, 'msg_type', r.msg_type, 'from_me', r.from_me)
        FROM messages r WHERE r.channel_id = m.channel_id AND r.provider_message_id = m.reply_to_provider_id)`.as(
        'reply_to',
      ),
    ]);
}

export async function loadMessageRows(
  db: Executor,
  accountId: string,
  ids: string[],
): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return (await messageRowsQuery(db, accountId)
    .where('m.id', 'in', ids.map(Number))
    .orderBy('m.id')
    .execute()) as MessageRow[];
}

/** Text for the chat list's last-message preview (the client cuts it at 22 characters). */
export function previewOf(msgType: string, text: string, attachmentName: string | null): string {
  if (text.trim()) return cutText(text, LIMITS.lastMessageMax);
  switch (msgType) {
    case 'image':
      return '📷 Photo';
    case 'video':
      return '🎥 Video';
    case 'audio':
      return '🎤 Audio';
    case 'document':
      return cutText(`📄 ${attachmentName ?? 'Document'}`, LIMITS.lastMessageMax);
    case 'location':
      return '📍 Location';
    case 'contacts':
      return '👤 Contact';
    default:
      return msgType;
  }
}

/** A ChatRow's columns in raw SQL (alias `c` for chats), for the batched statements. */
export const CHAT_RETURNING = `c.id, c.account_id, c.channel_id, c.contact_id,
  (SELECT k.picture_media_id FROM contacts k WHERE k.id = c.contact_id) AS contact_picture_id, c.channel, c.identifier, c.name, c.agent_id,
  (SELECT name FROM users WHERE id = c.agent_id) AS agent_name,
  c.division_ids,
  coalesce((SELECT array_agg(ud.division_id) FROM user_divisions ud WHERE ud.user_id = c.agent_id), '{}') AS agent_division_ids,
  c.flag, c.unread_count, c.last_message_text, c.last_message_type, c.last_update, c.updated_at, c.initiate_at,
  c.is_archive, c.is_flow, c.labels, c.blocked, c.is_out`;

/** Locks a chat row for an assignment decision (who has it, its divisions, blocked). */
export function lockChat(trx: Db, accountId: string, chatId: string) {
  return trx
    .selectFrom('chats')
    .select(['id', 'agent_id', 'division_ids', 'blocked'])
    .where('account_id', '=', accountId)
    .where('id', '=', chatId)
    .forUpdate()
    .executeTakeFirst();
}
