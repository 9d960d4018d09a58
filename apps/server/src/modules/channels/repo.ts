import { sql, type UpdateObject } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ChannelType, ProviderType } from '../../db/schema-messaging.js';
import type { Database } from '../../db/schema.js';
import type { ChannelRow } from './presenter.js';

/**
 * The channels table, for the channels module only. A deleted channel (0046) is kept so its
 * chats stay readable, but it is nobody's channel any more: every read here skips it.
 */
export const CHANNEL_COLUMNS = [
  'id',
  'account_id',
  'name',
  'channel',
  'provider',
  'is_enabled',
  'external_id',
  'display_phone_number',
  'waba_id',
  'access_token_sealed',
  'config_sealed',
  'page_id',
  'human_agent_replies',
  'broadcast_rate',
  'disconnected_at',
  'health_reason',
  'last_webhook_at',
  'last_send_error_at',
  'last_send_error',
  'token_checked_at',
  'token_valid',
  'created_at',
] as const;

const live = (db: Db) => db.selectFrom('channels').where('deleted_at', 'is', null);

export const channelsRepo = {
  async list(
    db: Db,
    accountId: string,
    filter: { channel?: ChannelType; isEnable?: boolean },
  ): Promise<ChannelRow[]> {
    let q = live(db).select(CHANNEL_COLUMNS).where('account_id', '=', accountId);
    if (filter.channel) q = q.where('channel', '=', filter.channel);
    if (filter.isEnable !== undefined) q = q.where('is_enabled', '=', filter.isEnable);
    return q.orderBy('created_at').execute();
  },

  async get(db: Db, accountId: string, id: string): Promise<ChannelRow | undefined> {
    return live(db)
      .select(CHANNEL_COLUMNS)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** One channel by id whatever its account: for jobs and listeners, which have no caller. */
  async byId(db: Db, id: string): Promise<ChannelRow | undefined> {
    return live(db).select(CHANNEL_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  /** Channels of these types the plan's limit counts: every one not deleted, connected or not. */
  async countForLimit(db: Db, accountId: string, types: ChannelType[]): Promise<number> {
    const row = await live(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('channel', 'in', types)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The account holding this external id (a live row holds it until it is deleted). */
  async holderOf(db: Db, provider: ProviderType, externalId: string) {
    return live(db)
      .select('account_id')
      .where('provider', '=', provider)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
  },

  async update(
    db: Db,
    accountId: string,
    id: string,
    set: UpdateObject<Database, 'channels'>,
    when: 'any' | 'connected' | 'disconnected' = 'any',
  ): Promise<ChannelRow | undefined> {
    let q = db
      .updateTable('channels')
      .set(set)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null);
    if (when === 'connected') q = q.where('disconnected_at', 'is', null);
    if (when === 'disconnected') q = q.where('disconnected_at', 'is not', null);
    return q.returning(CHANNEL_COLUMNS).executeTakeFirst();
  },

  /**
   * Deletes a disconnected channel: it stops counting and holding its external id, and its
   * chats are archived in the same statement's transaction (they stay readable). The ids of the
   * chats it archived (to announce after the commit), or null when nothing was deleted.
   */
  async softDelete(trx: Db, accountId: string, id: string, at: Date): Promise<string[] | null> {
    const deleted = await trx
      .updateTable('channels')
      .set({ deleted_at: at, is_enabled: false, updated_at: at })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('disconnected_at', 'is not', null)
      .executeTakeFirst();
    if (Number(deleted.numUpdatedRows) === 0) return null;
    const archived = await trx
      .updateTable('chats')
      .set({ is_archive: true, updated_at: at })
      .where('account_id', '=', accountId)
      .where('channel_id', '=', id)
      .where('is_archive', '=', false)
      .returning('id')
      .execute();
    return archived.map((c) => c.id);
  },

  /**
   * Opens an incident: only the first refusal of a healthy channel changes anything, so the
   * admins are told once however many sends fail. The row when it did.
   */
  async openIncident(db: Db, id: string, reason: string, at: Date) {
    return db
      .updateTable('channels')
      .set({ health_reason: reason, health_changed_at: at })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('health_reason', 'is', null)
      .returning(CHANNEL_COLUMNS)
      .executeTakeFirst();
  },

  /** Closes the open incident, if any; the row when there was one. */
  async closeIncident(db: Db, id: string, at: Date) {
    return db
      .updateTable('channels')
      .set({ health_reason: null, health_changed_at: at })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('health_reason', 'is not', null)
      .returning(CHANNEL_COLUMNS)
      .executeTakeFirst();
  },

  /**
   * The last send error, written at most every few seconds per channel: a broadcast failing
   * thousands of sends on a refused token writes a handful of rows, not thousands.
   */
  async recordSendError(db: Db, id: string, message: string, at: Date, everyMs: number) {
    await db
      .updateTable('channels')
      .set({ last_send_error: message, last_send_error_at: at })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('last_send_error_at', 'is', null),
          eb('last_send_error_at', '<', new Date(at.getTime() - everyMs)),
        ]),
      )
      .execute();
  },

  async recordTokenCheck(db: Db, id: string, valid: boolean, at: Date): Promise<void> {
    await db
      .updateTable('channels')
      .set({ token_checked_at: at, token_valid: valid })
      .where('id', '=', id)
      .execute();
  },

  /** Channels the token check looks at: live, connected, not checked since `before`. */
  async dueForTokenCheck(db: Db, before: Date): Promise<{ id: string }[]> {
    return live(db)
      .select('id')
      .where('disconnected_at', 'is', null)
      .where('provider', '!=', 'whatsapp_basic')
      .where((eb) =>
        eb.or([eb('token_checked_at', 'is', null), eb('token_checked_at', '<', before)]),
      )
      .orderBy(sql`token_checked_at NULLS FIRST`)
      .execute();
  },

  /**
   * Live, connected Messenger and Instagram channels other than this one (any account): a Page's
   * webhook subscription is shared by its Messenger channel and a linked Instagram account.
   */
  async otherPageChannels(db: Db, exceptId: string) {
    return live(db)
      .select(['id', 'provider', 'config_sealed'])
      .where('provider', 'in', ['messenger', 'instagram'])
      .where('disconnected_at', 'is', null)
      .where('id', '!=', exceptId)
      .execute();
  },

  /** Newest webhook time per channel, one statement for many (webhook-clock.ts). */
  async stampWebhooks(db: Db, stamps: { id: string; at: Date }[]): Promise<void> {
    if (stamps.length === 0) return;
    const values = sql.join(stamps.map((s) => sql`(${s.id}::uuid, ${s.at}::timestamptz)`));
    await sql`
      UPDATE channels c SET last_webhook_at = v.at
        FROM (VALUES ${values}) AS v(id, at)
       WHERE c.id = v.id AND (c.last_webhook_at IS NULL OR c.last_webhook_at < v.at)`.execute(db);
  },
};
