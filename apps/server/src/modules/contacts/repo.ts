import { sql, type Expression, type SqlBool } from 'kysely';
import { CONTACT_PICTURE_TYPES, type ChannelType } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../lib/like.js';

export interface ContactRow {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  notes: string;
  attributes: Record<string, unknown>;
  labels: string[];
  archived_at: Date | null;
  person_id: string | null;
  picture_media_id: string | null;
  created_at: Date;
  updated_at: Date;
  sort_name: string;
}

export interface ContactFilter {
  /** Already lower-cased, or a canonical phone fragment. */
  search?: string;
  channel?: ChannelType;
  label?: string;
  groupId?: string;
  archived: boolean;
  /** Chats the caller may see (chatVisibleTo on alias `c`): the channel filter reads only those. */
  visible: Expression<SqlBool>;
}

export interface ContactKey {
  name: string;
  id: string;
}

export interface ContactChannelRow {
  contact_id: string;
  channel: ChannelType;
  identifier: string;
  chat_id: string;
  last_update: Date;
}

// Labels deleted since they were put on a contact are left out on read rather than swept on
// every label delete.
const LIVE_LABELS = sql<string[]>`ARRAY(
  SELECT x FROM unnest(ct.labels) AS x WHERE EXISTS (SELECT 1 FROM labels l WHERE l.id = x))`;

/** SQL for contacts of one account; `accountId` always comes from the principal. */
export const contactsRepo = {
  base(db: Db, accountId: string, f: ContactFilter) {
    let q = db
      .selectFrom('contacts as ct')
      .where('ct.account_id', '=', accountId)
      .where('ct.archived_at', f.archived ? 'is not' : 'is', null);
    if (f.search) q = q.where('ct.search_text', 'like', containsPattern(f.search));
    if (f.label) q = q.where(sql<boolean>`ct.labels @> ARRAY[${f.label}::uuid]`);
    if (f.groupId) {
      const groupId = f.groupId;
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('contact_group_members as m')
            .select(sql`1`.as('one'))
            .whereRef('m.contact_id', '=', 'ct.id')
            .where('m.group_id', '=', groupId),
        ),
      );
    }
    if (f.channel) {
      const channel = f.channel;
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('chats as c')
            .select(sql`1`.as('one'))
            .whereRef('c.contact_id', '=', 'ct.id')
            .where('c.account_id', '=', accountId)
            .where('c.channel', '=', channel)
            .where(f.visible),
        ),
      );
    }
    return q;
  },

  /** One page in name order, keyset on (lower(name), id). */
  page(
    db: Db,
    accountId: string,
    f: ContactFilter,
    limit: number,
    after?: ContactKey,
  ): Promise<ContactRow[]> {
    let q = contactsRepo.base(db, accountId, f);
    if (after)
      q = q.where(sql<boolean>`(lower(ct.name), ct.id) > (${after.name}, ${after.id}::uuid)`);
    return q
      .select([
        'ct.id',
        'ct.name',
        'ct.phone',
        'ct.email',
        'ct.notes',
        'ct.attributes',
        'ct.archived_at',
        'ct.person_id',
        'ct.picture_media_id',
        'ct.created_at',
        'ct.updated_at',
      ])
      .select([LIVE_LABELS.as('labels'), sql<string>`lower(ct.name)`.as('sort_name')])
      .orderBy(sql`lower(ct.name)`)
      .orderBy('ct.id')
      .limit(limit)
      .execute();
  },

  async count(db: Db, accountId: string, f: ContactFilter): Promise<number> {
    const row = await contactsRepo
      .base(db, accountId, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  byId(db: Db, accountId: string, id: string): Promise<ContactRow | undefined> {
    return db
      .selectFrom('contacts as ct')
      .select([
        'ct.id',
        'ct.name',
        'ct.phone',
        'ct.email',
        'ct.notes',
        'ct.attributes',
        'ct.archived_at',
        'ct.person_id',
        'ct.picture_media_id',
        'ct.created_at',
        'ct.updated_at',
      ])
      .select([LIVE_LABELS.as('labels'), sql<string>`lower(ct.name)`.as('sort_name')])
      .where('ct.account_id', '=', accountId)
      .where('ct.id', '=', id)
      .executeTakeFirst();
  },

  /**
   * The contact's stored picture, when it is an image Sapa may serve (a picture the profile job
   * kept): undefined when the contact is another account's, has none, or the file is not one.
   */
  picture(db: Db, accountId: string, id: string) {
    return db
      .selectFrom('contacts as ct')
      .innerJoin('media as md', 'md.id', 'ct.picture_media_id')
      .select(['md.storage_key', 'md.mime_type', 'md.filename', 'md.size_bytes'])
      .where('ct.account_id', '=', accountId)
      .where('md.account_id', '=', accountId)
      .where('ct.id', '=', id)
      .where('md.mime_type', 'in', [...CONTACT_PICTURE_TYPES])
      .executeTakeFirst();
  },

  /** The chats of these contacts the caller may see, newest first. */
  channels(
    db: Db,
    accountId: string,
    ids: string[],
    visible: Expression<SqlBool>,
  ): Promise<ContactChannelRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('chats as c')
      .select(['c.contact_id', 'c.channel', 'c.identifier', 'c.id as chat_id', 'c.last_update'])
      .where('c.account_id', '=', accountId)
      .where('c.contact_id', 'in', ids)
      .where(visible)
      .orderBy('c.last_update', 'desc')
      .execute();
  },

  async groupIds(db: Db, ids: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (ids.length === 0) return out;
    const rows = await db
      .selectFrom('contact_group_members')
      .select(['contact_id', 'group_id'])
      .where('contact_id', 'in', ids)
      .orderBy('added_at')
      .execute();
    for (const r of rows) out.set(r.contact_id, [...(out.get(r.contact_id) ?? []), r.group_id]);
    return out;
  },

  async countLabels(db: Db, accountId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await db
      .selectFrom('labels')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async insert(
    db: Db,
    accountId: string,
    v: {
      name: string;
      phone: string | null;
      email: string | null;
      notes: string;
      attributes: Record<string, string>;
      labels: string[];
    },
  ): Promise<string> {
    const row = await db
      .insertInto('contacts')
      .values({ account_id: accountId, ...v, attributes: JSON.stringify(v.attributes) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(
    db: Db,
    accountId: string,
    id: string,
    patch: {
      name?: string;
      phone?: string | null;
      email?: string | null;
      notes?: string;
      attributes?: Record<string, string>;
      labels?: string[];
    },
    now: Date,
  ): Promise<boolean> {
    const { attributes, ...rest } = patch;
    const result = await db
      .updateTable('contacts')
      .set({
        ...rest,
        ...(attributes === undefined ? {} : { attributes: JSON.stringify(attributes) }),
        updated_at: now,
      })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Deletes a contact that has no chats; false when it has some (or does not exist). */
  async deleteIfChatless(db: Db, accountId: string, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('contacts as ct')
      .where('ct.account_id', '=', accountId)
      .where('ct.id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('chats as c')
              .select(sql`1`.as('one'))
              .whereRef('c.contact_id', '=', 'ct.id'),
          ),
        ),
      )
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  async restore(db: Db, accountId: string, id: string, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('contacts')
      .set({ archived_at: null, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async archive(db: Db, accountId: string, id: string, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('contacts')
      .set({ archived_at: sql`coalesce(archived_at, ${now}::timestamptz)`, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },
};
