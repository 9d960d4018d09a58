import type pg from 'pg';
import type { InboundMessage, StatusUpdate } from './inbound.js';
import type { ChatAudienceRow } from '../../events/bus.js';
import type { IngestChannel } from './ingest.repo.js';
import { TurnBatcher } from '../../lib/turn-batcher.js';

/**
 * Single statements of the ingest hot path: creating a conversation's contact and chat, and
 * parking statuses of messages not linked yet. Named prepared statements, planned once per
 * connection. Messages and statuses themselves are stored in batches (ingest-batch, status-batch).
 */

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

// The same, for many first messages at once (a burst of new conversations). Contacts by canonical
// phone, one per phone even when two chats of the batch share it; rows are written in key order
// so concurrent batches take their locks in the same order.
const ENSURE_CHATS_SQL = `
  WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[])
      AS t(account_id, channel_id, channel, identifier, name, phone)
  ), missing AS (
    SELECT i.* FROM input i
    WHERE NOT EXISTS (SELECT 1 FROM chats c WHERE c.channel_id = i.channel_id AND c.identifier = i.identifier)
  ), contact AS (
    INSERT INTO contacts (account_id, name, phone)
    SELECT DISTINCT ON (account_id, phone) account_id, name, phone FROM missing
    ORDER BY account_id, phone, name DESC
    ON CONFLICT (account_id, phone) WHERE phone IS NOT NULL
    DO UPDATE SET name = CASE WHEN contacts.name = '' THEN EXCLUDED.name ELSE contacts.name END
    RETURNING id, account_id, phone
  )
  INSERT INTO chats (account_id, channel_id, contact_id, channel, identifier, name)
  SELECT m.account_id, m.channel_id, contact.id, m.channel, m.identifier, m.name
  FROM missing m JOIN contact ON contact.account_id = m.account_id AND contact.phone = m.phone
  ORDER BY m.channel_id, m.identifier
  ON CONFLICT (channel_id, identifier) DO NOTHING`;

export interface NewChatItem {
  ch: IngestChannel;
  from: InboundMessage['from'];
  /** Canonical phone; conversations without one go through `ensureChatFast`. */
  phone: string;
}

/** First messages of one event-loop turn create their contacts and chats in one statement. */
export function newChatBatcher(pool: pg.Pool): TurnBatcher<NewChatItem, void> {
  return new TurnBatcher<NewChatItem, void>(
    200,
    async (items) => {
      await pool.query({
        name: 'sapa_ingest_ensure_chats_v1',
        text: ENSURE_CHATS_SQL,
        values: [
          items.map((i) => i.ch.account_id),
          items.map((i) => i.ch.id),
          items.map((i) => i.ch.channel),
          items.map((i) => i.from.identifier),
          items.map((i) => i.from.name),
          items.map((i) => i.phone),
        ],
      });
      return items.map(() => undefined);
    },
    (i) => `${i.ch.id}|${i.from.identifier}`,
    () => false,
    () => undefined,
  );
}

/** `moved` says whose screens to tell; `known` is false when no message has the provider id. */
export type StatusOutcome = {
  moved: (ChatAudienceRow & { message_id: string; sender_id: string | null }) | null;
  known: boolean;
};

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
