import type { WebhookEventType } from '@sapa/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** An event as a listener (or the repair sweep) hands it to the outbox. */
export interface OutboxEvent {
  accountId: string;
  type: WebhookEventType;
  /** When it happened: the payload's `timestamp`. */
  at: Date;
  /** Set for events about a chat: the payload gets `chatId` and the chat's next `sequence`. */
  chatId?: string | null;
  /** What the event is about; the same key twice (listener and sweep) makes one event. */
  dedupeKey?: string | null;
  data: Record<string, unknown>;
}

/**
 * Writes an event and one pending delivery per endpoint that wants it, in one statement, when
 * the account has webhooks on (`enable_webhook`, on by default for api-only accounts) and an
 * enabled endpoint subscribed to the type; otherwise writes nothing. The sequence is taken only
 * for an event that is written. The body is rendered here, once, so every attempt sends the
 * same bytes. Answers how many deliveries were queued.
 */
export async function recordEvent(db: Db, e: OutboxEvent, now: Date): Promise<number> {
  const chatId = e.chatId ?? null;
  const res = await sql<{ n: number }>`
    WITH on_account AS (
      SELECT coalesce(
        (SELECT value = 'true' FROM settings WHERE account_id = ${e.accountId} AND key = 'enable_webhook'),
        (SELECT type = 'api_only' FROM accounts WHERE id = ${e.accountId}),
        false) AS is_on
    ), eps AS (
      SELECT id FROM webhook_endpoints
      WHERE account_id = ${e.accountId} AND enabled AND ${e.type} = ANY(events)
        AND (SELECT is_on FROM on_account)
    ), fresh AS (
      -- A dedupe key seen before writes nothing (and takes no sequence number).
      SELECT 1 AS x WHERE EXISTS (SELECT 1 FROM eps)
        AND (${e.dedupeKey ?? null}::text IS NULL OR NOT EXISTS (
          SELECT 1 FROM webhook_events
          WHERE account_id = ${e.accountId} AND dedupe_key = ${e.dedupeKey ?? null}))
    ), seq AS (
      INSERT INTO webhook_chat_sequences AS s (chat_id, seq)
      SELECT ${chatId}::uuid, 1 FROM fresh WHERE ${chatId}::uuid IS NOT NULL
      ON CONFLICT (chat_id) DO UPDATE SET seq = s.seq + 1
      RETURNING seq
    ), ev AS (
      INSERT INTO webhook_events (account_id, type, chat_id, sequence, dedupe_key, body, created_at)
      SELECT ${e.accountId}, ${e.type}, ${chatId}::uuid, q.seq, ${e.dedupeKey ?? null},
        json_build_object(
          'type', ${e.type}::text,
          'timestamp', ${e.at.toISOString()}::text,
          'data', CASE WHEN ${chatId}::uuid IS NULL THEN ${JSON.stringify(e.data)}::jsonb
            ELSE ${JSON.stringify(e.data)}::jsonb
              || jsonb_build_object('chatId', ${chatId}::text, 'sequence', q.seq) END
        )::text,
        ${now}
      FROM fresh LEFT JOIN seq q ON true
      ON CONFLICT (account_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
      RETURNING id
    ), queued AS (
      INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id, next_attempt_at, created_at)
      SELECT ${e.accountId}, eps.id, ev.id, ${now}, ${now} FROM eps CROSS JOIN ev
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM queued`.execute(db);
  return res.rows[0]?.n ?? 0;
}
