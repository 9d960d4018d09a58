import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { UsageKind, UsageStatus } from '../../../db/schema-pricing.js';

/** Statuses of a business message that is, or may still be, delivered: it keeps its conversation. */
export const LIVE_STATUSES = ['queue', 'sent', 'delivered', 'read', 'delayed'] as const;
/** Statuses that end a send without delivery: the conversation it opened is refunded. */
export const DEAD_STATUSES = ['failed', 'undelivered', 'expired', 'cancelled', 'no-match-template'];

const DAY = "interval '24 hours'";

export interface BusinessMessage {
  id: number;
  account_id: string;
  chat_id: string;
  from_me: boolean;
  status: string;
  sent_at: Date;
  contact_id: string;
  channel_id: string;
  /** The chat's channel kind: only WhatsApp conversations are priced (Meta charges for those). */
  channel: string;
  identifier: string;
  initiate_at: Date | null;
}

/**
 * Channels whose conversations cost money. Meta charges WhatsApp Cloud conversations; Messenger
 * and Instagram messages are free at Meta, so Sapa bills no conversation for them (the monthly
 * active contact fee, where a plan has one, still counts their customers).
 */
export const PRICED_CHANNELS = ['whatsapp'] as const;

/**
 * Whether a business message at `at` is inside a conversation already: one this chat opened
 * within 24 hours either side (the later side covers a message whose event arrived late), or a
 * broadcast template that reached this customer on this channel in the 24 hours before. One
 * expression for the single check and the batched one, so they cannot drift apart.
 */
function coveredAt(
  chatId: RawBuilder<unknown>,
  at: RawBuilder<unknown>,
  channelId: RawBuilder<unknown>,
  phone: RawBuilder<unknown>,
) {
  return sql<boolean>`(EXISTS (
      SELECT 1 FROM usage_charges
      WHERE chat_id = ${chatId} AND kind <> 'mau' AND status <> 'refunded'
        AND starts_at > ${at} - ${sql.raw(DAY)}
        AND starts_at < ${at} + ${sql.raw(DAY)})
    OR EXISTS (
      SELECT 1 FROM broadcast_recipients
      WHERE channel_id = ${channelId} AND phone = ${phone}
        AND sent_at IS NOT NULL
        AND sent_at > ${at} - ${sql.raw(DAY)}
        AND sent_at <= ${at}
        AND status IN ('sent', 'delivered', 'read')))`;
}

/** SQL for usage charges; every statement names the account or a row of it. */
export const usageRepo = {
  /** Serialises the conversation decisions of one chat until the transaction ends. */
  async lockChat(trx: Db, chatId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`usage:chat:${chatId}`}, 0))`.execute(
      trx,
    );
  },

  chatOf(db: Db, messageId: number) {
    return db
      .selectFrom('messages')
      .select(['chat_id', 'account_id'])
      .where('id', '=', messageId)
      .executeTakeFirst();
  },

  async message(db: Db, messageId: number): Promise<BusinessMessage | undefined> {
    const { rows } = await sql<BusinessMessage>`
      SELECT m.id, m.account_id, m.chat_id, m.from_me, m.status, m.sent_at,
             c.contact_id, c.channel_id, c.channel, c.identifier, c.initiate_at
      FROM messages m JOIN chats c ON c.id = m.chat_id
      WHERE m.id = ${messageId}`.execute(db);
    return rows[0];
  },

  /** Whether the message is inside a conversation already (coveredAt). */
  async covered(db: Db, m: BusinessMessage): Promise<boolean> {
    const { rows } = await sql<{ covered: boolean }>`
      SELECT ${coveredAt(sql`${m.chat_id}::uuid`, sql`${m.sent_at}::timestamptz`, sql`${m.channel_id}::uuid`, sql`${m.identifier}::text`)} AS covered`.execute(
      db,
    );
    return rows[0]?.covered ?? false;
  },

  /**
   * lockChat for the chats of these messages, in one statement. Volatile functions in the select
   * list run after ORDER BY, so the locks are taken in chat order: two batches sharing chats never
   * wait on each other crosswise.
   */
  async lockChatsOf(trx: Db, messageIds: number[]): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('usage:chat:' || s.chat_id::text, 0))
      FROM (SELECT DISTINCT chat_id FROM messages WHERE id = ANY(${messageIds}::bigint[])) s
      ORDER BY s.chat_id`.execute(trx);
  },

  /**
   * What billConversation's first checks say of each message, read at once under the chats'
   * locks: whether it is a live WhatsApp business message outside any conversation (it opens
   * one), with `covered` as covered() computes it. Messages not found are left out.
   */
  async opening(trx: Db, messageIds: number[]): Promise<{ id: number; opens: boolean }[]> {
    const { rows } = await sql<{ id: string; opens: boolean }>`
      SELECT m.id::text AS id,
        (m.from_me AND m.status IN (${sql.join([...LIVE_STATUSES])})
          AND c.channel IN (${sql.join([...PRICED_CHANNELS])})
          AND NOT ${coveredAt(sql.ref('m.chat_id'), sql.ref('m.sent_at'), sql.ref('c.channel_id'), sql.ref('c.identifier'))}) AS opens
      FROM messages m JOIN chats c ON c.id = m.chat_id
      WHERE m.id = ANY(${messageIds}::bigint[])`.execute(trx);
    return rows.map((r) => ({ id: Number(r.id), opens: r.opens }));
  },

  /**
   * Whether the customer's 24-hour window was open when the message went: their last message
   * before it is less than 24 hours older (or the chat's own window stamp says so).
   */
  async customerWindowOpen(db: Db, m: BusinessMessage): Promise<boolean> {
    const at = m.sent_at.getTime();
    const stamp = m.initiate_at?.getTime();
    if (stamp !== undefined && stamp <= at && stamp > at - 86_400_000) return true;
    const { rows } = await sql<{ sent_at: Date }>`
      SELECT sent_at FROM messages
      WHERE chat_id = ${m.chat_id} AND NOT from_me AND id < ${m.id}
      ORDER BY id DESC LIMIT 1`.execute(db);
    const last = rows[0]?.sent_at.getTime();
    return last !== undefined && last <= at && last > at - 86_400_000;
  },

  /** Records a usage charge once per ref; undefined when the ref was already recorded. */
  async insert(
    trx: Db,
    row: {
      accountId: string;
      kind: UsageKind;
      ref: string;
      chatId: string | null;
      contactId: string | null;
      messageId: number | null;
      startsAt: Date;
      amount: string;
      status: UsageStatus;
      now: Date;
    },
  ): Promise<number | undefined> {
    const inserted = await trx
      .insertInto('usage_charges')
      .values({
        account_id: row.accountId,
        kind: row.kind,
        ref: row.ref,
        chat_id: row.chatId,
        contact_id: row.contactId,
        message_id: row.messageId,
        starts_at: row.startsAt,
        amount: row.amount,
        status: row.status,
        created_at: row.now,
        updated_at: row.now,
      })
      .onConflict((oc) => oc.columns(['account_id', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted ? Number(inserted.id) : undefined;
  },

  setStatus(trx: Db, id: number, status: UsageStatus, now: Date) {
    return trx
      .updateTable('usage_charges')
      .set({ status, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  /** The live conversation charge opened by a message, locked. */
  openedBy(trx: Db, accountId: string, messageId: number) {
    return trx
      .selectFrom('usage_charges')
      .select(['id', 'ref', 'amount', 'status', 'chat_id', 'starts_at'])
      .where('account_id', '=', accountId)
      .where('message_id', '=', messageId)
      .where('kind', '<>', 'mau')
      .where('status', 'in', ['charged', 'owed', 'free'])
      .forUpdate()
      .executeTakeFirst();
  },

  /** The earliest other business message of the conversation that may still be delivered. */
  async survivor(
    trx: Db,
    chatId: string,
    startsAt: Date,
    exceptId: number,
  ): Promise<number | undefined> {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM messages
      WHERE chat_id = ${chatId} AND from_me AND id <> ${exceptId}
        AND sent_at >= ${startsAt} AND sent_at < ${startsAt}::timestamptz + ${sql.raw(DAY)}
        AND status IN (${sql.join([...LIVE_STATUSES])})
      ORDER BY sent_at, id LIMIT 1`.execute(trx);
    return rows[0]?.id;
  },

  moveOpener(trx: Db, id: number, messageId: number, now: Date) {
    return trx
      .updateTable('usage_charges')
      .set({ message_id: messageId, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  /** Owed charges of an account, oldest first, locked (rows another collector holds are skipped). */
  owed(trx: Db, accountId: string, limit: number) {
    return trx
      .selectFrom('usage_charges')
      .select(['id', 'ref', 'amount', 'kind'])
      .where('account_id', '=', accountId)
      .where('status', '=', 'owed')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  },

  async hasOwed(db: Db, accountId: string): Promise<boolean> {
    const row = await db
      .selectFrom('usage_charges')
      .select('id')
      .where('account_id', '=', accountId)
      .where('status', '=', 'owed')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};
