import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ChannelType } from '../../db/schema-messaging.js';
import type { StatusUpdate } from './inbound.js';
import { forwardOnlyCondition, statusRank } from '../conversations/index.js';

type Trx = Transaction<Database>;

export interface IngestChannel {
  id: string;
  account_id: string;
  channel: ChannelType;
}

/** Statuses are a closed set; checked before they are inlined into SQL. */
function statusName(status: string): string {
  if (!/^[a-z-]+$/.test(status)) throw new Error(`unexpected status ${status}`);
  return status;
}

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
      AND ${sql.raw(forwardOnlyCondition('status', `'${statusName(s.status)}'`, String(statusRank(s.status))))}
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
