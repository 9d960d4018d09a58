import { sql } from 'kysely';
import type { Deps } from '../../deps.js';
import { receivedEvent } from './listeners/awaited.listener.js';
import { recordEvent } from './outbox.js';
import { webhooksRepo } from './repo.js';

/** Messages younger than this are left to the listener, which writes their event after commit. */
const GRACE_SECONDS = 10;
const BATCH = 2000;

interface Missed {
  id: string;
  account_id: string;
  chat_id: string;
  channel_id: string;
  channel: string;
  name: string;
  identifier: string;
  provider_message_id: string | null;
  msg_type: string;
  text: string;
  media_id: string | null;
  sent_at: Date;
  has_event: boolean;
}

/**
 * The outbox's repair: `message.received` is written by an awaited listener just after the
 * message's commit, and a process killed between the two would lose it (Meta's redelivery of the
 * webhook is a duplicate at ingest and emits nothing). This walks each webhook-enabled account's
 * customer messages past its mark, in id order, and writes the event of any that has none under
 * the same dedupe key (so the listener and the sweep make one event between them). Messages
 * from before an account's first endpoint are not owed: the mark starts at the newest message.
 */
export async function sweepMissedEvents(deps: Pick<Deps, 'db' | 'clock' | 'log'>): Promise<number> {
  const now = deps.clock.now();
  const accounts = await sql<{ account_id: string }>`
    SELECT DISTINCT account_id FROM webhook_endpoints
    WHERE enabled AND 'message.received' = ANY(events)`.execute(deps.db);
  let written = 0;
  for (const { account_id: accountId } of accounts.rows) {
    await webhooksRepo.markSweepStart(deps.db, accountId);
    const missed = await sql<Missed>`
      SELECT m.id::text AS id, m.account_id, m.chat_id, c.channel_id, c.channel, c.name,
        c.identifier, m.provider_message_id, m.msg_type, m.text, m.media_id, m.sent_at,
        EXISTS (SELECT 1 FROM webhook_events e WHERE e.account_id = m.account_id
          AND e.dedupe_key = 'message.received:' || m.id) AS has_event
      FROM messages m JOIN chats c ON c.id = m.chat_id
      WHERE m.account_id = ${accountId}
        AND m.id > (SELECT last_message_id FROM webhook_sweep_marks WHERE account_id = ${accountId})
        AND m.created_at < ${now}::timestamptz - make_interval(secs => ${GRACE_SECONDS})
        AND NOT m.from_me AND NOT m.is_system
      ORDER BY m.id LIMIT ${BATCH}`.execute(deps.db);
    for (const m of missed.rows) {
      if (m.has_event) continue;
      written += await recordEvent(
        deps.db,
        receivedEvent(
          {
            id: m.chat_id,
            account_id: m.account_id,
            channel_id: m.channel_id,
            channel: m.channel,
            name: m.name,
          },
          m,
          m.identifier,
        ),
        now,
      );
    }
    const last = missed.rows.at(-1);
    if (last)
      await sql`UPDATE webhook_sweep_marks SET last_message_id = ${last.id}::bigint
        WHERE account_id = ${accountId} AND last_message_id < ${last.id}::bigint`.execute(deps.db);
  }
  if (written) deps.log.warn({ written }, 'webhook events written by the repair sweep');
  return written;
}
