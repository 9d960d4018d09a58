import type { Db } from '../../../db/database.js';

export interface BillingProfileWrite {
  companyName: string;
  address: string;
  npwp: string | null;
  email: string | null;
  lowBalanceThreshold: number | null;
}

/** The buyer's details (billing_profiles) and what stands in for them while none are saved. */
export const billingProfileRepo = {
  find(db: Db, accountId: string) {
    return db
      .selectFrom('billing_profiles')
      .select(['company_name', 'address', 'npwp', 'email', 'low_balance_threshold'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  },

  async upsert(db: Db, accountId: string, input: BillingProfileWrite, now: Date): Promise<void> {
    const values = {
      company_name: input.companyName,
      address: input.address,
      npwp: input.npwp,
      email: input.email,
      low_balance_threshold: input.lowBalanceThreshold,
      updated_at: now,
    };
    await db
      .insertInto('billing_profiles')
      .values({ account_id: accountId, ...values })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
  },

  /** The account's name and its longest-standing active admin's email: the buyer by default. */
  async accountContact(
    db: Db,
    accountId: string,
  ): Promise<{ name: string; adminEmail: string | null } | undefined> {
    const account = await db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!account) return undefined;
    const admin = await db
      .selectFrom('users')
      .select('email')
      .where('account_id', '=', accountId)
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return { name: account.name, adminEmail: admin?.email ?? null };
  },
};
