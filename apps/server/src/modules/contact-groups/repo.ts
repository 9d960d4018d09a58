import { sql } from 'kysely';
import type { ChannelType } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../lib/like.js';

export interface GroupRow {
  id: string;
  name: string;
  description: string;
  channel: ChannelType | null;
  created_at: Date;
  member_count: number;
}

export interface GroupListFilter {
  ids?: string[];
  channel?: ChannelType;
  searchText?: string;
}

/** Contact groups of one account; `accountId` always comes from the principal. */
export const groupsRepo = {
  async list(db: Db, accountId: string, filter: GroupListFilter): Promise<GroupRow[]> {
    if (filter.ids?.length === 0) return [];
    let q = db.selectFrom('contact_groups as g').where('g.account_id', '=', accountId);
    if (filter.ids) q = q.where('g.id', 'in', filter.ids);
    // A group without a channel reaches its members on any channel, so it serves every one.
    if (filter.channel)
      q = q.where((eb) =>
        eb.or([eb('g.channel', '=', filter.channel!), eb('g.channel', 'is', null)]),
      );
    if (filter.searchText) q = q.where('g.name', 'ilike', containsPattern(filter.searchText));
    const groups = await q
      .select(['g.id', 'g.name', 'g.description', 'g.channel', 'g.created_at'])
      .orderBy(sql`lower(g.name)`)
      .orderBy('g.id')
      .execute();
    const counts = await groupsRepo.memberCounts(
      db,
      groups.map((g) => g.id),
    );
    return groups.map((g) => ({ ...g, member_count: counts.get(g.id) ?? 0 }));
  },

  /**
   * One grouped pass over the members' primary key (an index-only scan per group) instead of a
   * correlated count per row; the ids are already scoped to the account by the caller.
   */
  async memberCounts(db: Db, groupIds: string[]): Promise<Map<string, number>> {
    if (groupIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('contact_group_members')
      .select(['group_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('group_id', 'in', groupIds)
      .groupBy('group_id')
      .execute();
    return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
  },

  async exists(db: Db, accountId: string, id: string): Promise<boolean> {
    const row = await db
      .selectFrom('contact_groups')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(
    db: Db,
    accountId: string,
    input: { name: string; description: string; channel: ChannelType | null },
  ): Promise<string> {
    const row = await db
      .insertInto('contact_groups')
      .values({ account_id: accountId, ...input })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** False when no group with that id is in the account. */
  async update(
    db: Db,
    accountId: string,
    id: string,
    patch: { name?: string; description?: string; channel?: ChannelType | null },
    now: Date,
  ): Promise<boolean> {
    const result = await db
      .updateTable('contact_groups')
      .set({
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.channel === undefined ? {} : { channel: patch.channel }),
        updated_at: now,
      })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Memberships go with the group (ON DELETE CASCADE); the contacts themselves stay. */
  async remove(db: Db, accountId: string, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('contact_groups')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** How many of `contactIds` (distinct) are contacts of the account. */
  async countOwnContacts(db: Db, accountId: string, contactIds: string[]): Promise<number> {
    const row = await db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .where(sql<boolean>`id = ANY(${contactIds}::uuid[])`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Adds the account's contacts among `contactIds`; existing members are left alone. */
  async addMembers(
    db: Db,
    accountId: string,
    groupId: string,
    contactIds: string[],
    now: Date,
  ): Promise<number> {
    const result = await sql`
      INSERT INTO contact_group_members (group_id, contact_id, added_at)
      SELECT ${groupId}::uuid, c.id, ${now}
      FROM contacts c
      WHERE c.account_id = ${accountId}::uuid AND c.id = ANY(${contactIds}::uuid[])
      ON CONFLICT DO NOTHING`.execute(db);
    return Number(result.numAffectedRows ?? 0n);
  },

  /** The group belongs to the account (checked by the caller), so its members do too. */
  async removeMembers(db: Db, groupId: string, contactIds: string[]): Promise<number> {
    const result = await db
      .deleteFrom('contact_group_members')
      .where('group_id', '=', groupId)
      .where(sql<boolean>`contact_id = ANY(${contactIds}::uuid[])`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
