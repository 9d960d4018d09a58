import type { Db } from '../../db/database.js';

/** Plans and each account's subscription. */
export const billingRepo = {
  listProducts(db: Db) {
    return db
      .selectFrom('products')
      .select([
        'id',
        'code',
        'name',
        'description',
        'price',
        'billing_period',
        'agent_limit',
        'features',
        'trial_days',
      ])
      .where('active', '=', true)
      .orderBy('sort_order')
      .orderBy('code')
      .execute();
  },

  findActiveProduct(db: Db, code: string) {
    return db
      .selectFrom('products')
      .select(['id', 'code', 'name', 'price', 'billing_period', 'trial_days'])
      .where('code', '=', code)
      .where('active', '=', true)
      .executeTakeFirst();
  },

  /** The account's subscription with its plan; undefined when it never chose one. */
  findSubscription(db: Db, accountId: string) {
    return db
      .selectFrom('subscriptions as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select([
        's.status',
        's.billing_period',
        's.billing_amount',
        's.due_date',
        's.trial_used',
        'p.code as plan_code',
        'p.name as plan_name',
      ])
      .where('s.account_id', '=', accountId)
      .executeTakeFirst();
  },

  /**
   * Creates the trial subscription unless the account already has one. Atomic: of two
   * concurrent requests only one inserts; the other gets false.
   */
  async insertTrial(
    db: Db,
    input: {
      accountId: string;
      productId: string;
      billingPeriod: string;
      billingAmount: string;
      startedAt: Date;
      dueDate: Date;
    },
  ): Promise<boolean> {
    const row = await db
      .insertInto('subscriptions')
      .values({
        account_id: input.accountId,
        product_id: input.productId,
        status: 'trial',
        billing_period: input.billingPeriod,
        billing_amount: input.billingAmount,
        started_at: input.startedAt,
        due_date: input.dueDate,
        trial_used: true,
        updated_at: input.startedAt,
      })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .returning('account_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Starts or replaces a paid plan (the demo seed now, payments later). */
  async upsertActive(
    db: Db,
    input: {
      accountId: string;
      productId: string;
      billingPeriod: string;
      billingAmount: string;
      startedAt: Date;
      dueDate: Date;
    },
  ): Promise<void> {
    const values = {
      product_id: input.productId,
      status: 'active' as const,
      billing_period: input.billingPeriod,
      billing_amount: input.billingAmount,
      due_date: input.dueDate,
      updated_at: input.startedAt,
    };
    await db
      .insertInto('subscriptions')
      .values({ account_id: input.accountId, started_at: input.startedAt, ...values })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
  },
};

export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof billingRepo.findSubscription>>>;
