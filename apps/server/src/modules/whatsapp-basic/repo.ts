import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { WabasicSessionsTable, WabasicStateDb } from '../../db/schema-wabasic.js';

/** States in which a session should be running somewhere (the supervisor's scan). */
export const WANTED_STATES: readonly WabasicStateDb[] = [
  'linking',
  'connecting',
  'connected',
  'reconnecting',
];

export const SESSION_COLUMNS = [
  's.channel_id',
  's.account_id',
  's.state',
  's.reason',
  's.state_changed_at',
  's.qr_sealed',
  's.qr_expires_at',
  's.qr_rotation',
  's.pairing_phone',
  's.pairing_code',
  's.command',
  's.phone',
  's.push_name',
  's.lid',
  's.linked_at',
  's.last_connected_at',
  'c.name',
  'c.health_reason',
  'c.include_groups',
] as const;

export interface SessionView {
  channel_id: string;
  account_id: string;
  state: WabasicStateDb;
  reason: string | null;
  state_changed_at: Date;
  qr_sealed: string | null;
  qr_expires_at: Date | null;
  qr_rotation: number;
  pairing_phone: string | null;
  pairing_code: string | null;
  command: 'logout' | null;
  phone: string | null;
  push_name: string | null;
  lid: string | null;
  linked_at: Date | null;
  last_connected_at: Date | null;
  name: string;
  health_reason: string | null;
  include_groups: boolean;
}

const view = (db: Db) =>
  db
    .selectFrom('wabasic_sessions as s')
    .innerJoin('channels as c', 'c.id', 's.channel_id')
    .where('c.deleted_at', 'is', null)
    .select(SESSION_COLUMNS);

export const sessionsRepo = {
  /** One session of the account; without an id, the account's oldest live one. */
  async find(db: Db, accountId: string, channelId?: string): Promise<SessionView | null> {
    let q = view(db).where('s.account_id', '=', accountId);
    q = channelId ? q.where('s.channel_id', '=', channelId) : q.orderBy('c.created_at', 'asc');
    return (await q.limit(1).executeTakeFirst()) ?? null;
  },

  async byChannel(db: Db, channelId: string): Promise<SessionView | null> {
    return (await view(db).where('s.channel_id', '=', channelId).executeTakeFirst()) ?? null;
  },

  /**
   * Sessions that should run: wanted state, channel live and not disconnected; and any whose
   * unlink waits with credentials (whatever its state): a process must connect to log it out.
   */
  async wanted(db: Db): Promise<{ channel_id: string }[]> {
    return db
      .selectFrom('wabasic_sessions as s')
      .innerJoin('channels as c', 'c.id', 's.channel_id')
      .select('s.channel_id')
      .where('c.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('s.state', 'in', WANTED_STATES), eb('c.disconnected_at', 'is', null)]),
          eb.and([eb('s.command', '=', 'logout'), eb('s.creds_sealed', 'is not', null)]),
        ]),
      )
      .orderBy('s.channel_id')
      .execute();
  },

  /** Whether the session holds credentials (a device WhatsApp knows, to log out). */
  async hasCreds(db: Db, channelId: string): Promise<boolean> {
    const row = await db
      .selectFrom('wabasic_sessions')
      .select('channel_id')
      .where('channel_id', '=', channelId)
      .where('creds_sealed', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(db: Db, channelId: string, accountId: string, state: WabasicStateDb) {
    await db
      .insertInto('wabasic_sessions')
      .values({ channel_id: channelId, account_id: accountId, state })
      .execute();
  },

  /**
   * Changes a session's row; `state_changed_at` moves only when the state does. `onlyFrom`
   * makes it compare-and-set (a link started while the owner was writing wins).
   */
  async update(
    db: Db,
    channelId: string,
    patch: Updateable<WabasicSessionsTable>,
    onlyFrom?: readonly WabasicStateDb[],
  ): Promise<boolean> {
    let q = db
      .updateTable('wabasic_sessions')
      .set({
        ...patch,
        ...(patch.state
          ? {
              state_changed_at: sql`CASE WHEN state = ${patch.state} THEN state_changed_at ELSE now() END`,
            }
          : {}),
        updated_at: sql`now()`,
      })
      .where('channel_id', '=', channelId);
    if (onlyFrom) q = q.where('state', 'in', onlyFrom);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  },
};
