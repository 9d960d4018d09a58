import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/**
 * The statements of the provider drain (send-drain.ts): the claim that makes each queued message
 * go out at most once (migration 0075), the messages as the ports send them, and the marks of a
 * batch's outcome.
 */
export const sendDrainRepo = {
  /**
   * Takes the still-queued, untaken messages among `ids` in one statement: a retried or
   * duplicated job, or a second worker, finds them taken and sends nothing. A linked number's
   * messages are never taken here (its owning process drains them). The ids taken.
   */
  async claim(db: Db, ids: number[], now: Date): Promise<number[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ id: string }>`
      UPDATE messages m SET send_claimed_at = ${now}
      FROM channels ch
      WHERE m.id = ANY(${ids}::bigint[]) AND m.status = 'queue' AND m.send_claimed_at IS NULL
        AND ch.id = m.channel_id AND ch.provider <> 'whatsapp_basic'
      RETURNING m.id::text AS id`.execute(db);
    return rows.map((r) => Number(r.id));
  },

  /** The linked numbers among `ids` with messages still queued: their owners are woken. */
  async linkedChannels(db: Db, ids: number[]): Promise<string[]> {
    const { rows } = await sql<{ channel_id: string }>`
      SELECT DISTINCT m.channel_id FROM messages m JOIN channels ch ON ch.id = m.channel_id
      WHERE m.id = ANY(${ids}::bigint[]) AND m.status = 'queue' AND ch.provider = 'whatsapp_basic'`.execute(
      db,
    );
    return rows.map((r) => r.channel_id);
  },

  /** The attempt surely sent nothing (a retryable refusal): the messages may be taken again. */
  async release(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('messages')
      .set({ send_claimed_at: null })
      .where('id', 'in', ids)
      .where('status', '=', 'queue')
      .execute();
  },

  /** Messages whose claim is older than `before` and still queued: their worker died mid-send. */
  async inDoubt(db: Db, before: Date, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('messages')
      .select(sql<string>`id::text`.as('id'))
      .where('status', '=', 'queue')
      .where('send_claimed_at', '<', before)
      .orderBy('send_claimed_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  /**
   * Marks the batch's accepted messages sent with their provider ids, in one statement; only
   * messages still queued change (one the sweep declared in doubt meanwhile stays failed). The
   * ids that changed.
   */
  async markSent(trx: Db, sent: { id: number; providerMessageId: string }[]): Promise<number[]> {
    if (sent.length === 0) return [];
    const { rows } = await sql<{ id: string }>`
      UPDATE messages m SET provider_message_id = v.pid, status = 'sent'
      FROM unnest(${sent.map((s) => s.id)}::bigint[], ${sent.map((s) => s.providerMessageId)}::text[])
        AS v(id, pid)
      WHERE m.id = v.id AND m.status = 'queue'
      RETURNING m.id::text AS id`.execute(trx);
    return rows.map((r) => Number(r.id));
  },

  /**
   * Statuses parked before their message's provider id was known (ingest parks one only while no
   * message has its id), taken for the batch's messages just marked sent.
   */
  async takeParked(trx: Db, sent: { channelId: string; providerMessageId: string }[]) {
    if (sent.length === 0) return [];
    const { rows } = await sql<{
      channel_id: string;
      provider_message_id: string;
      status: string;
      error: Record<string, unknown> | null;
    }>`
      DELETE FROM pending_statuses p
      USING unnest(${sent.map((s) => s.channelId)}::uuid[], ${sent.map((s) => s.providerMessageId)}::text[])
        AS v(channel_id, pid)
      WHERE p.channel_id = v.channel_id AND p.provider_message_id = v.pid
      RETURNING p.channel_id, p.provider_message_id, p.status, p.error`.execute(trx);
    return rows;
  },
};
