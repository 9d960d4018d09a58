import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface DivisionRow {
  id: string;
  name: string;
  description: string;
  created_at: Date;
  member_count: number;
}

/** Divisions of one account; `accountId` always comes from the principal. */
export const divisionsRepo = {
  async list(db: Db, accountId: string, id?: string): Promise<DivisionRow[]> {
    let q = db
      .selectFrom('divisions as d')
      .select([
        'd.id',
        'd.name',
        'd.description',
        'd.created_at',
        // Deactivated users keep their memberships but are not counted as members.
        sql<number>`(SELECT count(*) FROM user_divisions ud JOIN users u ON u.id = ud.user_id
          WHERE ud.division_id = d.id AND u.status <> 'deactivated')::int`.as('member_count'),
      ])
      .where('d.account_id', '=', accountId);
    if (id) q = q.where('d.id', '=', id);
    return q
      .orderBy(sql`lower(d.name)`)
      .orderBy('d.id')
      .execute();
  },

  async insert(
    db: Db,
    accountId: string,
    input: { name: string; description: string },
  ): Promise<string> {
    const row = await db
      .insertInto('divisions')
      .values({ account_id: accountId, name: input.name, description: input.description })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** False when no division with that id is in the account. */
  async update(
    db: Db,
    accountId: string,
    id: string,
    patch: { name?: string; description?: string },
    now: Date,
  ): Promise<boolean> {
    const result = await db
      .updateTable('divisions')
      .set({
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        updated_at: now,
      })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Memberships go with the division (explicitly, not only through the foreign key's cascade). */
  async remove(db: Db, accountId: string, id: string): Promise<boolean> {
    await db
      .deleteFrom('user_divisions')
      .where('account_id', '=', accountId)
      .where('division_id', '=', id)
      .execute();
    const result = await db
      .deleteFrom('divisions')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  },
};
