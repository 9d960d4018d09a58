import type { Db } from '../../db/database.js';
import { AccountCache } from '../../lib/account-cache.js';

export interface GreetingRow {
  id: string;
  text: string;
  /** Divisions still existing, in the greeting's order. */
  divisions: { id: string; name: string }[];
  updated_at: Date;
}

/** SQL of the account's greeting; every statement is scoped by the account id. */
export const greetingRepo = {
  async find(db: Db, accountId: string): Promise<GreetingRow | null> {
    const row = await db
      .selectFrom('greetings')
      .select(['id', 'text', 'division_ids', 'updated_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!row) return null;
    const found = row.division_ids.length
      ? await db
          .selectFrom('divisions')
          .select(['id', 'name'])
          .where('account_id', '=', accountId)
          .where('id', 'in', row.division_ids)
          .execute()
      : [];
    const byId = new Map(found.map((d) => [d.id, d]));
    // A deleted division drops out of the list; the others keep their order.
    const divisions = row.division_ids.flatMap((id) => {
      const d = byId.get(id);
      return d ? [d] : [];
    });
    return { id: row.id, text: row.text, divisions, updated_at: row.updated_at };
  },

  async countDivisions(db: Db, accountId: string, ids: string[]): Promise<number> {
    const row = await db
      .selectFrom('divisions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async save(db: Db, accountId: string, text: string, divisionIds: string[], now: Date) {
    await db
      .insertInto('greetings')
      .values({ account_id: accountId, text, division_ids: divisionIds, updated_at: now })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({ text, division_ids: divisionIds, updated_at: now }),
      )
      .execute();
  },

  async remove(db: Db, accountId: string): Promise<boolean> {
    const res = await db
      .deleteFrom('greetings')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },
};

/** Routing reads the greeting on every message of an unrouted chat: cached like the settings. */
const cache = new AccountCache<Db, GreetingRow | null>(2_000);

export function loadGreeting(db: Db, accountId: string): Promise<GreetingRow | null> {
  return cache.get(db, accountId, () => greetingRepo.find(db, accountId));
}

/** After a write to the greeting or to the divisions it names. */
export function forgetGreeting(db: Db, accountId: string): void {
  cache.forget(db, accountId);
}
