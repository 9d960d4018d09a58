import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PresenceStatus } from '../../db/schema-routing.js';

export interface PresenceRow {
  user_id: string;
  account_id: string;
  name: string;
  role: 'admin' | 'supervisor' | 'agent';
  status: PresenceStatus;
  connections: number;
  last_seen_at: Date | null;
}

/** Online: at least one socket connected, in any process, and not switched to away. */
export const isOnline = (p: Pick<PresenceRow, 'status' | 'connections'>): boolean =>
  p.connections > 0 && p.status === 'online';

/** How a row changes; `before` is null when the user had no presence row yet. */
type Change = (trx: Db, accountId: string, userId: string, now: Date) => Promise<void>;

/** SQL of presence; every statement is scoped by the caller's account id. */
export const presenceRepo = {
  /**
   * Applies a change under the row's lock and answers the presence before and after it, so the
   * caller announces only real changes (a second tab connecting changes nothing anyone sees).
   */
  async change(
    db: Db,
    accountId: string,
    userId: string,
    now: Date,
    apply: Change,
  ): Promise<{ before: PresenceRow | null; after: PresenceRow | null }> {
    return db.transaction().execute(async (trx) => {
      // One change per user at a time, so before/after pairs never interleave across processes.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`presence:${userId}`}))`.execute(trx);
      const before = await presenceRepo.findOne(trx, accountId, userId);
      await apply(trx, accountId, userId, now);
      const after = await presenceRepo.findOne(trx, accountId, userId);
      return { before, after };
    });
  },

  async findOne(db: Db, accountId: string, userId: string): Promise<PresenceRow | null> {
    const row = await db
      .selectFrom('users as u')
      .leftJoin('user_presence as p', 'p.user_id', 'u.id')
      .select([
        'u.id as user_id',
        'u.account_id',
        'u.name',
        'u.role',
        sql<PresenceStatus>`coalesce(p.status, 'online')`.as('status'),
        sql<number>`coalesce(p.connections, 0)`.as('connections'),
        'p.last_seen_at',
      ])
      .where('u.account_id', '=', accountId)
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return row ?? null;
  },

  /** A socket of this process connected: the user's count and this process's share of it. */
  connected(processId: string): Change {
    return async (trx, accountId, userId, now) => {
      await trx
        .insertInto('user_presence')
        .values({ user_id: userId, account_id: accountId, connections: 1, last_seen_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            connections: sql`user_presence.connections + 1`,
            last_seen_at: now,
          }),
        )
        .execute();
      await trx
        .insertInto('presence_sockets')
        .values({ process_id: processId, user_id: userId, account_id: accountId, connections: 1 })
        .onConflict((oc) =>
          oc
            .columns(['process_id', 'user_id'])
            .doUpdateSet({ connections: sql`presence_sockets.connections + 1` }),
        )
        .execute();
    };
  },

  disconnected(processId: string): Change {
    return async (trx, accountId, userId, now) => {
      // Only a socket this process still counts comes off the total: after a sweep took the
      // process's share out (a long stall), its late disconnects must not count twice.
      const share = await trx
        .updateTable('presence_sockets')
        .set({ connections: sql`connections - 1` })
        .where('process_id', '=', processId)
        .where('user_id', '=', userId)
        .where('connections', '>', 0)
        .executeTakeFirst();
      if (share.numUpdatedRows === 0n) return;
      await trx
        .updateTable('user_presence')
        .set({ connections: sql`greatest(connections - 1, 0)`, last_seen_at: now })
        .where('account_id', '=', accountId)
        .where('user_id', '=', userId)
        .execute();
    };
  },

  setStatus(status: PresenceStatus): Change {
    return async (trx, accountId, userId, now) => {
      await trx
        .insertInto('user_presence')
        .values({ user_id: userId, account_id: accountId, status, last_seen_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ status }))
        .execute();
    };
  },

  /** Active users of the account (all of them, or one), with their presence. */
  async list(db: Db, accountId: string, onlyUserId?: string): Promise<PresenceRow[]> {
    let q = db
      .selectFrom('users as u')
      .leftJoin('user_presence as p', 'p.user_id', 'u.id')
      .select([
        'u.id as user_id',
        'u.account_id',
        'u.name',
        'u.role',
        sql<PresenceStatus>`coalesce(p.status, 'online')`.as('status'),
        sql<number>`coalesce(p.connections, 0)`.as('connections'),
        'p.last_seen_at',
      ])
      .where('u.account_id', '=', accountId)
      .where('u.status', '=', 'active')
      .orderBy('u.name')
      .orderBy('u.id');
    if (onlyUserId) q = q.where('u.id', '=', onlyUserId);
    return q.execute();
  },
};
