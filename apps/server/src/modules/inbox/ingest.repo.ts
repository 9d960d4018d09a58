import { sql, type Transaction } from 'kysely';
import { normalizePhone } from '@sapa/contracts';
import type { Database } from '../../db/schema.js';
import type { ChannelType } from '../../db/schema-messaging.js';
import type { InboundMessage, StatusUpdate } from '../../channels/types.js';
import { previewOf } from './queries.js';

type Trx = Transaction<Database>;

export interface IngestChannel {
  id: string;
  account_id: string;
  channel: ChannelType;
}

/** Finds or creates the contact and chat of an inbound customer; race-safe via unique indexes. */
export async function ensureChat(
  trx: Trx,
  ch: IngestChannel,
  from: InboundMessage['from'],
): Promise<string> {
  const existing = await trx
    .selectFrom('chats')
    .select('id')
    .where('channel_id', '=', ch.id)
    .where('identifier', '=', from.identifier)
    .executeTakeFirst();
  if (existing) return existing.id;
  const phone = from.phone ? normalizePhone(from.phone) : null;
  const contact = await sql<{ id: string }>`
    INSERT INTO contacts (account_id, name, phone) VALUES (${ch.account_id}, ${from.name}, ${phone})
    ON CONFLICT (account_id, phone) WHERE phone IS NOT NULL
    DO UPDATE SET name = CASE WHEN contacts.name = '' THEN EXCLUDED.name ELSE contacts.name END
    RETURNING id`.execute(trx);
  const contactId = contact.rows[0]?.id;
  if (!contactId) throw new Error('contact upsert returned nothing');
  const chat = await sql<{ id: string }>`
    INSERT INTO chats (account_id, channel_id, contact_id, channel, identifier, name)
    VALUES (${ch.account_id}, ${ch.id}, ${contactId}, ${ch.channel}, ${from.identifier}, ${from.name})
    ON CONFLICT (channel_id, identifier) DO UPDATE SET updated_at = chats.updated_at
    RETURNING id`.execute(trx);
  const chatId = chat.rows[0]?.id;
  if (!chatId) throw new Error('chat upsert returned nothing');
  return chatId;
}

/**
 * Stores an inbound message once (unique channel + provider id) and, only when it was new,
 * moves the chat forward in the same statement. Returns the new message id, or null for a
 * duplicate delivery.
 */
export async function insertInbound(
  trx: Trx,
  ch: IngestChannel,
  chatId: string,
  m: InboundMessage,
): Promise<string | null> {
  const payload = m.media ? { ...m.payload, media: { ...m.media, stored: false } } : m.payload;
  const preview = previewOf(m.msgType, m.text, m.attachmentName);
  const result = await sql<{ id: string }>`
    WITH m AS (
      INSERT INTO messages (account_id, chat_id, channel_id, provider_message_id, msg_type, text, payload,
                            attachment_name, status, from_me, reply_to_provider_id, sent_at)
      VALUES (${ch.account_id}, ${chatId}, ${ch.id}, ${m.providerMessageId}, ${m.msgType}, ${m.text},
              ${JSON.stringify(payload)}::jsonb, ${m.attachmentName}, 'received', false, ${m.replyToProviderId}, ${m.timestamp})
      ON CONFLICT (channel_id, provider_message_id) DO NOTHING
      RETURNING id, sent_at
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
      FROM m WHERE c.id = ${chatId}
      RETURNING c.id
    )
    SELECT m.id::text AS id FROM m`.execute(trx);
  return result.rows[0]?.id ?? null;
}

const RANK = sql`CASE status WHEN 'queue' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 99 END`;
const rankOf = (s: string) => ({ queue: 0, sent: 1, delivered: 2, read: 3 })[s] ?? 99;

/**
 * Moves a message's status forward only (sent < delivered < read; failed is terminal and keeps
 * the provider's error). A status for a message we have not linked yet is parked.
 */
export async function applyStatus(
  trx: Trx,
  channelId: string,
  s: Pick<StatusUpdate, 'providerMessageId' | 'status' | 'error'>,
): Promise<{ id: string; chat_id: string; account_id: string } | null> {
  const error = s.error ? JSON.stringify(s.error) : null;
  const updated = await sql<{ id: string; chat_id: string; account_id: string }>`
    UPDATE messages SET status = ${s.status}, error = coalesce(${error}::jsonb, error)
    WHERE channel_id = ${channelId} AND provider_message_id = ${s.providerMessageId}
      AND ${
        s.status === 'failed'
          ? sql`status IN ('queue', 'sent', 'delivered')`
          : sql`status NOT IN ('failed', 'received') AND ${RANK} < ${rankOf(s.status)}`
      }
    RETURNING id::text AS id, chat_id, account_id`.execute(trx);
  if (updated.rows[0]) return updated.rows[0];
  const known = await trx
    .selectFrom('messages')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('provider_message_id', '=', s.providerMessageId)
    .executeTakeFirst();
  if (!known) {
    await trx
      .insertInto('pending_statuses')
      .values({
        channel_id: channelId,
        provider_message_id: s.providerMessageId,
        status: s.status,
        error,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return null;
}
