import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { API_KEY_CREATED_CHANNEL } from '../auth/auth-cache.js';

/** API keys of an account; every query names the account, except the lookup by hash. */
export const apiKeysRepo = {
  insert(
    db: Db,
    row: {
      accountId: string;
      name: string;
      publicId: string;
      hash: Buffer;
      scopes: readonly string[];
      expiresAt: Date | null;
      createdBy: string;
      now: Date;
    },
  ) {
    // The notice commits with the key: a process that remembers this hash as no key forgets it
    // (AuthCache, API_KEY_CREATED_CHANNEL); it is sent at commit, before the key is answered.
    return db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('api_keys')
        .values({
          account_id: row.accountId,
          name: row.name,
          public_id: row.publicId,
          key_hash: row.hash,
          scopes: [...row.scopes],
          expires_at: row.expiresAt,
          created_by: row.createdBy,
          created_at: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`SELECT pg_notify(${API_KEY_CREATED_CHANNEL}, ${row.accountId})`.execute(trx);
      return created;
    });
  },

  list(db: Db, accountId: string, id?: string) {
    let q = db
      .selectFrom('api_keys as k')
      .leftJoin('users as u', 'u.id', 'k.created_by')
      .select([
        'k.id',
        'k.name',
        'k.public_id',
        'k.scopes',
        'k.expires_at',
        'k.last_used_at',
        'k.revoked_at',
        'k.created_at',
        'k.created_by',
        'u.name as created_by_name',
      ])
      .where('k.account_id', '=', accountId);
    if (id) q = q.where('k.id', '=', id);
    return q.orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').execute();
  },

  /** Revokes once: a second revoke keeps the first time. False when not this account's key. */
  async revoke(db: Db, accountId: string, id: string, now: Date): Promise<boolean> {
    const row = await db
      .updateTable('api_keys')
      .set({ revoked_at: sql<Date>`coalesce(revoked_at, ${now}::timestamptz)` })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * The key behind a hash with what the auth hook checks: its account's type and stored
   * `enable_rest_api` (null: the type's default applies).
   */
  findByHash(db: Db, hash: Buffer) {
    return db
      .selectFrom('api_keys as k')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .leftJoin('settings as s', (join) =>
        join.onRef('s.account_id', '=', 'k.account_id').on('s.key', '=', 'enable_rest_api'),
      )
      .select([
        'k.id',
        'k.account_id',
        'k.name',
        'k.scopes',
        'k.expires_at',
        'k.revoked_at',
        'a.type as account_type',
        's.value as rest_api',
      ])
      .where('k.key_hash', '=', hash)
      .executeTakeFirst();
  },

  /** Never names `revoked_at`/`expires_at`, so it does not empty every process's key cache. */
  async touch(db: Db, id: string, now: Date): Promise<void> {
    await db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now)]))
      .execute();
  },
};
