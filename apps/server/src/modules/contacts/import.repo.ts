import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ImportRejected, ImportRow } from '../../db/schema-contacts.js';

export interface ImportRecord {
  id: string;
  filename: string;
  columns: string[];
  rows: ImportRow[];
  rejected: ImportRejected[];
}

// Rows per INSERT: 10,000 contacts in ten statements, each well under pg's parameter limit.
const BATCH = 1000;

/** Import previews and their commit; `accountId` always comes from the principal. */
export const importRepo = {
  async save(
    db: Db,
    accountId: string,
    v: {
      createdBy: string;
      filename: string;
      columns: string[];
      rows: ImportRow[];
      rejected: ImportRejected[];
      expiresAt: Date;
      now: Date;
    },
  ): Promise<string> {
    // Expired previews of the account go as a new one arrives; nothing else reads them.
    await db
      .deleteFrom('contact_imports')
      .where('account_id', '=', accountId)
      .where('expires_at', '<', v.now)
      .execute();
    const row = await db
      .insertInto('contact_imports')
      .values({
        account_id: accountId,
        created_by: v.createdBy,
        filename: v.filename,
        columns: v.columns,
        rows: JSON.stringify(v.rows),
        rejected: JSON.stringify(v.rejected),
        expires_at: v.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** A preview still open for commit (or download), locked when `forUpdate`. */
  async open(
    db: Db,
    accountId: string,
    id: string,
    now: Date,
    opts: { forUpdate?: boolean; uncommitted?: boolean } = {},
  ): Promise<ImportRecord | undefined> {
    let q = db
      .selectFrom('contact_imports')
      .select(['id', 'filename', 'columns', 'rows', 'rejected'])
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('expires_at', '>', now);
    if (opts.uncommitted) q = q.where('committed_at', 'is', null);
    if (opts.forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  },

  async markCommitted(trx: Db, id: string, now: Date): Promise<void> {
    await trx
      .updateTable('contact_imports')
      .set({ committed_at: now })
      .where('id', '=', id)
      .execute();
  },

  async existingPhones(db: Db, accountId: string, phones: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < phones.length; i += BATCH * 10) {
      const rows = await db
        .selectFrom('contacts')
        .select('phone')
        .where('account_id', '=', accountId)
        .where('phone', '=', sql<string>`ANY(${phones.slice(i, i + BATCH * 10)}::text[])`)
        .execute();
      for (const r of rows) if (r.phone) found.add(r.phone);
    }
    return found;
  },

  /**
   * Upserts the rows by canonical phone: new contacts are created, existing ones take every
   * non-empty incoming field, merge attributes and add labels. Labels deleted since the
   * preview are dropped. Returns the ids and whether each was created.
   */
  async upsert(
    trx: Db,
    accountId: string,
    rows: ImportRow[],
    now: Date,
  ): Promise<{ id: string; created: boolean }[]> {
    const out: { id: string; created: boolean }[] = [];
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH).map((r) => ({
        phone: r.phone,
        name: r.name,
        email: r.email,
        notes: r.notes,
        attributes: r.attributes,
        labels: r.labels,
      }));
      const { rows: written } = await sql<{ id: string; created: boolean }>`
        INSERT INTO contacts AS ct (account_id, phone, name, email, notes, attributes, labels, updated_at)
        SELECT ${accountId}::uuid, r.phone, r.name, nullif(r.email, ''), r.notes, r.attributes,
          ARRAY(SELECT l.id FROM labels l
                WHERE l.account_id = ${accountId}::uuid
                  AND l.id::text IN (SELECT jsonb_array_elements_text(r.labels))),
          ${now}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          AS r(phone text, name text, email text, notes text, attributes jsonb, labels jsonb)
        ON CONFLICT (account_id, phone) WHERE phone IS NOT NULL DO UPDATE SET
          name = CASE WHEN EXCLUDED.name <> '' THEN EXCLUDED.name ELSE ct.name END,
          email = coalesce(EXCLUDED.email, ct.email),
          notes = CASE WHEN EXCLUDED.notes <> '' THEN EXCLUDED.notes ELSE ct.notes END,
          attributes = ct.attributes || EXCLUDED.attributes,
          labels = ARRAY(SELECT DISTINCT x FROM unnest(ct.labels || EXCLUDED.labels) AS x),
          updated_at = EXCLUDED.updated_at
        RETURNING ct.id, (xmax = 0) AS created`.execute(trx);
      out.push(...written);
    }
    return out;
  },

  async addToGroup(trx: Db, groupId: string, contactIds: string[], now: Date): Promise<void> {
    for (let i = 0; i < contactIds.length; i += BATCH * 10) {
      await sql`
        INSERT INTO contact_group_members (group_id, contact_id, added_at)
        SELECT ${groupId}::uuid, x, ${now}::timestamptz
        FROM unnest(${contactIds.slice(i, i + BATCH * 10)}::uuid[]) AS x
        ON CONFLICT DO NOTHING`.execute(trx);
    }
  },

  async groupExists(db: Db, accountId: string, groupId: string): Promise<boolean> {
    const row = await db
      .selectFrom('contact_groups')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', groupId)
      .executeTakeFirst();
    return row !== undefined;
  },
};
