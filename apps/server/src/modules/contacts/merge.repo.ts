import type { Db } from '../../db/database.js';

export interface PersonMemberRow {
  id: string;
  person_id: string | null;
}

export interface MergedContactRow {
  id: string;
  person_id: string;
  name: string;
  phone: string | null;
  archived_at: Date | null;
}

/** SQL for grouping contacts as one person (0047); every query is scoped by the account. */
export const mergeRepo = {
  /**
   * Locks the two contacts and everyone already grouped with either, in id order so two merges
   * touching the same people wait for each other instead of deadlocking.
   */
  async lockPair(db: Db, accountId: string, a: string, b: string): Promise<PersonMemberRow[]> {
    const pair = await db
      .selectFrom('contacts')
      .select(['id', 'person_id'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [a, b])
      .orderBy('id')
      .forUpdate()
      .execute();
    const persons = pair.flatMap((r) => (r.person_id ? [r.person_id] : []));
    if (persons.length === 0) return pair;
    await mergeRepo.lockPersons(db, accountId, persons);
    return pair;
  },

  lockPersons(db: Db, accountId: string, persons: string[]): Promise<PersonMemberRow[]> {
    return db
      .selectFrom('contacts')
      .select(['id', 'person_id'])
      .where('account_id', '=', accountId)
      .where('person_id', 'in', persons)
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  lockOne(db: Db, accountId: string, id: string): Promise<PersonMemberRow | undefined> {
    return db
      .selectFrom('contacts')
      .select(['id', 'person_id'])
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  /** Puts the contacts, and every contact of the given persons, under `person`. */
  async join(
    db: Db,
    accountId: string,
    person: string,
    ids: string[],
    persons: string[],
  ): Promise<void> {
    await db
      .updateTable('contacts')
      .set({ person_id: person })
      .where('account_id', '=', accountId)
      .where((eb) =>
        persons.length > 0
          ? eb.or([eb('id', 'in', ids), eb('person_id', 'in', persons)])
          : eb('id', 'in', ids),
      )
      .execute();
  },

  async clear(db: Db, accountId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('contacts')
      .set({ person_id: null })
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .execute();
  },

  /** The contacts of these persons, for presenting each one's merged partners. */
  members(db: Db, accountId: string, persons: string[]): Promise<MergedContactRow[]> {
    if (persons.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('contacts')
      .select(['id', 'name', 'phone', 'archived_at'])
      .select((eb) => eb.ref('person_id').$notNull().as('person_id'))
      .where('account_id', '=', accountId)
      .where('person_id', 'in', persons)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },
};
