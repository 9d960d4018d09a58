import type { Db } from '../../db/database.js';

/** Stored per-account settings and the account fields they derive from. */
export const settingsRepo = {
  async listStored(db: Db, accountId: string): Promise<Map<string, string | null>> {
    const rows = await db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('account_id', '=', accountId)
      .execute();
    return new Map(rows.map((r) => [r.key, r.value]));
  },

  findAccount(db: Db, accountId: string) {
    return db
      .selectFrom('accounts')
      .select(['id', 'name', 'type', 'timezone', 'created_at'])
      .where('id', '=', accountId)
      .executeTakeFirst();
  },

  async upsert(
    db: Db,
    accountId: string,
    entries: { key: string; value: string }[],
    now: Date,
  ): Promise<void> {
    if (!entries.length) return;
    await db
      .insertInto('settings')
      .values(
        entries.map((e) => ({
          account_id: accountId,
          key: e.key,
          value: e.value,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'key'])
          .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: now })),
      )
      .execute();
  },

  async remove(db: Db, accountId: string, keys: string[]): Promise<void> {
    if (!keys.length) return;
    await db
      .deleteFrom('settings')
      .where('account_id', '=', accountId)
      .where('key', 'in', keys)
      .execute();
  },

  async setTimezone(db: Db, accountId: string, timezone: string, now: Date): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ timezone, updated_at: now })
      .where('id', '=', accountId)
      .execute();
  },

  async setType(db: Db, accountId: string, type: 'regular' | 'api_only', now: Date): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ type, updated_at: now })
      .where('id', '=', accountId)
      .execute();
  },

  async isActiveUser(db: Db, accountId: string, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return row !== undefined;
  },
};
