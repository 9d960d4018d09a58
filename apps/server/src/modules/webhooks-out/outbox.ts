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
 * Writes events, and one pending delivery per endpoint that wants each, in one statement
 * (`webhook_record_events`, migration 0063): an event is written when its account has webhooks on
 * (`enable_webhook`, on by default for api-only accounts) and an enabled endpoint is subscribed to
 * its type, and its dedupe key is new; otherwise nothing is. The sequence is taken only for an
 * event that is written. The body is rendered here, once, so every attempt sends the same bytes.
 * Answers how many deliveries were queued.
 */
export async function recordEvents(db: Db, events: OutboxEvent[], now: Date): Promise<number> {
  if (!events.length) return 0;
  const col = <T>(f: (e: OutboxEvent) => T) => events.map(f);
  const res = await sql<{ n: number }>`
    SELECT webhook_record_events(
      ${col((e) => e.accountId)}::uuid[], ${col((e) => e.type)}::text[],
      ${col((e) => e.chatId ?? null)}::uuid[], ${col((e) => e.dedupeKey ?? null)}::text[],
      ${col((e) => JSON.stringify(e.data))}::jsonb[],
      ${col((e) => e.at.toISOString())}::timestamptz[], ${now}::timestamptz) AS n`.execute(db);
  return res.rows[0]?.n ?? 0;
}

/** One event: see `recordEvents`. */
export function recordEvent(db: Db, e: OutboxEvent, now: Date): Promise<number> {
  return recordEvents(db, [e], now);
}
