import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../lib/like.js';

export interface LabelRow {
  id: string;
  name: string;
  color: string;
  created_at: Date;
  chat_count: number | null;
}

/** Labels of one account; `accountId` always comes from the principal. */
export const labelsRepo = {
  async list(
    db: Db,
    accountId: string,
    opts: { searchText?: string; perpage?: number; id?: string; withCounts?: boolean },
  ): Promise<{ rows: LabelRow[]; total: number }> {
    let base = db.selectFrom('labels as l').where('l.account_id', '=', accountId);
    if (opts.id) base = base.where('l.id', '=', opts.id);
    if (opts.searchText) base = base.where('l.name', 'ilike', containsPattern(opts.searchText));
    const [labels, count] = await Promise.all([
      base
        .select(['l.id', 'l.name', 'l.color', 'l.created_at'])
        .orderBy(sql`lower(l.name)`)
        .orderBy('l.id')
        .limit(opts.perpage ?? 999)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    // Counting walks every labelled chat (about a second at a million chats), so only the
    // screens that show counts ask for them; the inbox's label lookups do not.
    const counts = opts.withCounts
      ? await labelsRepo.chatCounts(
          db,
          accountId,
          labels.map((l) => l.id),
        )
      : null;
    return {
      rows: labels.map((l) => ({ ...l, chat_count: counts ? (counts.get(l.id) ?? 0) : null })),
      total: Number(count.n),
    };
  },

  /**
   * Chats carrying each label, in one pass over the account's labelled chats rather than one
   * scan per label (ten times faster at a million chats). Blocked contacts are left out, as they
   * are of every list, which also lets `&&` use the partial GIN index on labels.
   */
  async chatCounts(db: Db, accountId: string, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const { rows } = await sql<{ id: string; n: number }>`
      SELECT x.id, count(*)::int AS n
      FROM chats c CROSS JOIN LATERAL unnest(c.labels) AS x(id)
      WHERE c.account_id = ${accountId}::uuid AND NOT c.blocked
        AND c.labels && ${ids}::uuid[] AND x.id = ANY(${ids}::uuid[])
      GROUP BY x.id`.execute(db);
    return new Map(rows.map((r) => [r.id, r.n]));
  },

  async insert(
    db: Db,
    accountId: string,
    input: { label: string; color: string },
  ): Promise<string> {
    const row = await db
      .insertInto('labels')
      .values({ account_id: accountId, name: input.label, color: input.color })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** False when no label with that id is in the account. */
  async update(
    db: Db,
    accountId: string,
    id: string,
    patch: { label?: string; color?: string },
    now: Date,
  ): Promise<boolean> {
    const result = await db
      .updateTable('labels')
      .set({
        ...(patch.label === undefined ? {} : { name: patch.label }),
        ...(patch.color === undefined ? {} : { color: patch.color }),
        updated_at: now,
      })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Deletes the label and takes it off every chat and contact of the account; call inside a transaction. */
  async remove(trx: Db, accountId: string, id: string): Promise<boolean> {
    const result = await trx
      .deleteFrom('labels')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    await trx
      .updateTable('chats')
      .set({ labels: sql<string[]>`array_remove(labels, ${id}::uuid)` })
      .where('account_id', '=', accountId)
      .where(sql<boolean>`labels @> ARRAY[${id}::uuid]`)
      .execute();
    await trx
      .updateTable('contacts')
      .set({ labels: sql<string[]>`array_remove(labels, ${id}::uuid)` })
      .where('account_id', '=', accountId)
      .where(sql<boolean>`labels @> ARRAY[${id}::uuid]`)
      .execute();
    return true;
  },
};
