import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/**
 * Who may send for a linked number: the process holding its lease (whatsapp-basic's
 * `wabasic_leases`), by owner name and epoch. A structural copy of that module's `Lease`, so
 * the inbox does not reach into it.
 */
export interface SendFence {
  owner: string;
  epoch: number;
}

/**
 * The statements of a linked number's outbox (migrations 0070, 0073): its queued messages in order, and
 * the claim that makes each one go out at most once.
 */
export const linkedOutboxRepo = {
  /** Queued messages of the channel not claimed (or whose retry is due), oldest first. */
  async queued(db: Db, channelId: string, now: Date, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('messages as m')
      .leftJoin('linked_send_claims as c', 'c.message_id', 'm.id')
      .select(sql<string>`m.id::text`.as('id'))
      .where('m.channel_id', '=', channelId)
      .where('m.status', '=', 'queue')
      .where((eb) =>
        eb.or([
          eb('c.message_id', 'is', null),
          eb.and([eb('c.state', '=', 'retry'), eb('c.retry_at', '<=', now)]),
        ]),
      )
      .orderBy('m.id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  /**
   * Takes the message to send: one statement, so two drains (or two processes during a lease
   * handover) never both get it. A claim left 'sending' is never taken again. Fenced by the
   * lease: the claim is taken only while `fence` (this process's owner name and epoch) still
   * holds the number's live lease, and it records the epoch. `FOR SHARE` on the lease row makes
   * a takeover wait for a claim in flight, so the new owner sees every claim of the old epoch.
   * The attempt number when taken, else null.
   */
  async claim(
    db: Db,
    channelId: string,
    messageId: string,
    now: Date,
    fence: SendFence,
  ): Promise<number | null> {
    const row = await sql<{ attempts: number }>`
      INSERT INTO linked_send_claims AS c
        (message_id, channel_id, state, attempts, claimed_at, epoch)
      SELECT m.id, m.channel_id, 'sending', 1, ${now}, l.epoch
      FROM messages m
      JOIN wabasic_leases l ON l.channel_id = m.channel_id AND l.owner = ${fence.owner}
        AND l.epoch = ${fence.epoch} AND l.expires_at > now()
      WHERE m.id = ${Number(messageId)} AND m.channel_id = ${channelId} AND m.status = 'queue'
      FOR SHARE OF l
      ON CONFLICT (message_id) DO UPDATE
        SET state = 'sending', attempts = c.attempts + 1, claimed_at = ${now}, retry_at = NULL,
            epoch = EXCLUDED.epoch
        WHERE c.state = 'retry' AND c.retry_at <= ${now}
      RETURNING c.attempts`.execute(db);
    return row.rows[0]?.attempts ?? null;
  },

  /** Whether `fence` still holds the number's live lease (checked right before each send). */
  async holds(db: Db, channelId: string, fence: SendFence): Promise<boolean> {
    const row = await db
      .selectFrom('wabasic_leases')
      .select('epoch')
      .where('channel_id', '=', channelId)
      .where('owner', '=', fence.owner)
      .where('epoch', '=', fence.epoch)
      .where(sql<boolean>`expires_at > now()`)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The attempt surely sent nothing: the message may be taken again from `retryAt`. */
  async release(db: Db, messageId: number, retryAt: Date): Promise<void> {
    await db
      .updateTable('linked_send_claims')
      .set({ state: 'retry', retry_at: retryAt })
      .where('message_id', '=', messageId)
      .where('state', '=', 'sending')
      .execute();
  },

  /** The message left the queue (sent or failed): its claim has done its work. */
  async done(db: Db, messageId: number): Promise<void> {
    await db.deleteFrom('linked_send_claims').where('message_id', '=', messageId).execute();
  },

  /**
   * Messages still queued whose claim is 'sending' but whose sender is gone: claimed under an
   * older lease epoch than `epoch` (the process that took them lost the number; at once), or
   * 'sending' since before `before` (it stopped between calling WhatsApp and recording the
   * answer; also claims from before epochs were recorded).
   */
  async inDoubt(db: Db, channelId: string, epoch: number, before: Date): Promise<string[]> {
    const rows = await db
      .selectFrom('linked_send_claims as c')
      .innerJoin('messages as m', 'm.id', 'c.message_id')
      .select(sql<string>`m.id::text`.as('id'))
      .where('c.channel_id', '=', channelId)
      .where('c.state', '=', 'sending')
      .where((eb) => eb.or([eb('c.epoch', '<', epoch), eb('c.claimed_at', '<', before)]))
      .where('m.status', '=', 'queue')
      .orderBy('m.id')
      .execute();
    return rows.map((r) => r.id);
  },

  /** Inbound files of the channel still to download, oldest first. */
  async pendingMedia(db: Db, channelId: string, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('messages')
      .select(sql<string>`id::text`.as('id'))
      .where('media_pending', '=', true)
      .where('channel_id', '=', channelId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  /** The agent read the chat up to this message: kept until the owner tells WhatsApp. */
  async queueRead(
    db: Db,
    read: { chatId: string; channelId: string; customer: string; providerMessageId: string },
  ): Promise<void> {
    await db
      .insertInto('linked_reads')
      .values({
        chat_id: read.chatId,
        channel_id: read.channelId,
        customer: read.customer,
        provider_message_id: read.providerMessageId,
      })
      .onConflict((oc) =>
        oc.column('chat_id').doUpdateSet({
          provider_message_id: read.providerMessageId,
          queued_at: sql`now()`,
        }),
      )
      .execute();
  },

  async reads(db: Db, channelId: string, limit: number) {
    return db
      .selectFrom('linked_reads')
      .select(['chat_id', 'customer', 'provider_message_id'])
      .where('channel_id', '=', channelId)
      .orderBy('queued_at')
      .limit(limit)
      .execute();
  },

  /** Told: forgotten, unless a newer read replaced it meanwhile. */
  async readDone(db: Db, chatId: string, providerMessageId: string): Promise<void> {
    await db
      .deleteFrom('linked_reads')
      .where('chat_id', '=', chatId)
      .where('provider_message_id', '=', providerMessageId)
      .execute();
  },
};
