import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ContactAttributesTable } from '../../db/schema-contacts.js';

export interface AttributeRow {
  id: string;
  key: string;
  label: string;
  type: ContactAttributesTable['type'];
  created_at: Date;
}

/** Attribute definitions of one account; `accountId` always comes from the principal. */
export const attributesRepo = {
  list(db: Db, accountId: string): Promise<AttributeRow[]> {
    return db
      .selectFrom('contact_attributes')
      .select(['id', 'key', 'label', 'type', 'created_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('key')
      .execute();
  },

  get(db: Db, accountId: string, id: string): Promise<AttributeRow | undefined> {
    return db
      .selectFrom('contact_attributes')
      .select(['id', 'key', 'label', 'type', 'created_at'])
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async insert(
    db: Db,
    accountId: string,
    input: { key: string; label: string; type: AttributeRow['type'] },
  ): Promise<AttributeRow> {
    return db
      .insertInto('contact_attributes')
      .values({ account_id: accountId, ...input })
      .returning(['id', 'key', 'label', 'type', 'created_at'])
      .executeTakeFirstOrThrow();
  },

  update(
    db: Db,
    accountId: string,
    id: string,
    patch: { label?: string; type?: AttributeRow['type'] },
    now: Date,
  ): Promise<AttributeRow | undefined> {
    return db
      .updateTable('contact_attributes')
      .set({ ...patch, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning(['id', 'key', 'label', 'type', 'created_at'])
      .executeTakeFirst();
  },

  /** Deletes the definition and its values from every contact; call inside a transaction. */
  async remove(trx: Db, accountId: string, id: string): Promise<boolean> {
    const row = await trx
      .deleteFrom('contact_attributes')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning('key')
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .updateTable('contacts')
      .set({ attributes: sql`attributes - ${row.key}::text` })
      .where('account_id', '=', accountId)
      .where(sql<boolean>`attributes ? ${row.key}::text`)
      .execute();
    return true;
  },
};
