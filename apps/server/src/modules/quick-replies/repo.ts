import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../lib/like.js';

export interface QuickReplyRow {
  id: string;
  shortcut: string;
  text: string;
  media_id: string | null;
  media_mime: string | null;
  media_filename: string | null;
  division_ids: string[];
  created_at: Date;
}

/** Who reads: admins every reply; others those for everyone or for one of their divisions. */
export interface QuickReplyReader {
  isAdmin: boolean;
  divisionIds: string[];
}

export interface QuickReplyWrite {
  shortcut?: string;
  text?: string;
  mediaId?: string | null;
  divisionIds?: string[];
}

function rowsQuery(db: Db, accountId: string, reader: QuickReplyReader) {
  let q = db
    .selectFrom('quick_replies as q')
    // The media must be the account's own, even if a row were ever written with another's.
    .leftJoin('media as md', (j) =>
      j.onRef('md.id', '=', 'q.media_id').on('md.account_id', '=', accountId),
    )
    .where('q.account_id', '=', accountId)
    .select([
      'q.id',
      'q.shortcut',
      'q.text',
      'md.id as media_id',
      'md.mime_type as media_mime',
      'md.filename as media_filename',
      'q.division_ids',
      'q.created_at',
    ]);
  if (!reader.isAdmin) {
    q = q.where(
      sql<SqlBool>`(cardinality(q.division_ids) = 0 OR q.division_ids && ${reader.divisionIds}::uuid[])`,
    );
  }
  return q;
}

/** Quick replies of one account; `accountId` always comes from the principal. */
export const quickRepliesRepo = {
  async list(
    db: Db,
    accountId: string,
    reader: QuickReplyReader,
    opts: { searchText?: string; limit: number },
  ): Promise<QuickReplyRow[]> {
    let q = rowsQuery(db, accountId, reader);
    if (opts.searchText) {
      const like = containsPattern(opts.searchText.replace(/^\//, ''));
      q = q.where((eb) => eb.or([eb('q.shortcut', 'ilike', like), eb('q.text', 'ilike', like)]));
    }
    return q
      .orderBy(sql`lower(q.shortcut)`)
      .orderBy('q.id')
      .limit(opts.limit)
      .execute();
  },

  async one(
    db: Db,
    accountId: string,
    reader: QuickReplyReader,
    id: string,
  ): Promise<QuickReplyRow | undefined> {
    return rowsQuery(db, accountId, reader).where('q.id', '=', id).executeTakeFirst();
  },

  async insert(
    db: Db,
    accountId: string,
    createdBy: string,
    input: Required<QuickReplyWrite>,
  ): Promise<string> {
    const row = await db
      .insertInto('quick_replies')
      .values({
        account_id: accountId,
        shortcut: input.shortcut,
        text: input.text,
        media_id: input.mediaId,
        division_ids: input.divisionIds,
        created_by: createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(
    db: Db,
    accountId: string,
    id: string,
    patch: QuickReplyWrite,
    now: Date,
  ): Promise<void> {
    await db
      .updateTable('quick_replies')
      .set({
        ...(patch.shortcut === undefined ? {} : { shortcut: patch.shortcut }),
        ...(patch.text === undefined ? {} : { text: patch.text }),
        ...(patch.mediaId === undefined ? {} : { media_id: patch.mediaId }),
        ...(patch.divisionIds === undefined ? {} : { division_ids: patch.divisionIds }),
        updated_at: now,
      })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  },

  async remove(db: Db, accountId: string, id: string): Promise<void> {
    await db
      .deleteFrom('quick_replies')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  },

  async mediaInAccount(db: Db, accountId: string, mediaId: string): Promise<boolean> {
    const row = await db
      .selectFrom('media')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', mediaId)
      .executeTakeFirst();
    return Boolean(row);
  },

  async divisionsInAccount(db: Db, accountId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await db
      .selectFrom('divisions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
