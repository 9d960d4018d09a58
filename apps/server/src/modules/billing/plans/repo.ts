import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export type BillingPeriod = 'monthly' | 'yearly';

const PRODUCT_COLUMNS = [
  'id',
  'code',
  'name',
  'description',
  'price',
  'yearly_price',
  'billing_period',
  'agent_limit',
  'features',
  'trial_days',
] as const;

/** Plans, each account's subscription, and the platform value of the trial's starting credit. */
export const plansRepo = {
  listProducts(db: Db) {
    return db
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('active', '=', true)
      .orderBy('sort_order')
      .orderBy('code')
      .execute();
  },

  findActiveProduct(db: Db, code: string) {
    return db
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('code', '=', code)
      .where('active', '=', true)
      .executeTakeFirst();
  },

  /** A plan by id, retired or not (an order names the plan it sold). */
  findProductById(db: Db, id: string) {
    return db
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('id', '=', id)
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
        's.started_at',
        's.due_date',
        's.trial_used',
        'p.code as plan_code',
        'p.name as plan_name',
      ])
      .where('s.account_id', '=', accountId)
      .executeTakeFirst();
  },

  /**
   * What the account's standing is computed from, in one statement (the pricing module asks it
   * before sends): the subscription, the stored `payment_tolerant_in_day` and the time zone.
   */
  async findStanding(db: Db, accountId: string) {
    const { rows } = await sql<{
      status: 'trial' | 'active' | null;
      due_date: Date | null;
      tolerance: string | null;
      timezone: string;
    }>`
      SELECT s.status, s.due_date, a.timezone,
             (SELECT value FROM settings
               WHERE account_id = a.id AND key = 'payment_tolerant_in_day') AS tolerance
      FROM accounts a LEFT JOIN subscriptions s ON s.account_id = a.id
      WHERE a.id = ${accountId}`.execute(db);
    return rows[0];
  },

  /**
   * Serialises plan changes of one account until the transaction ends (two plan orders paid at
   * once must extend one after the other). Advisory, as an account without a plan has no row.
   */
  async lockPlan(trx: Db, accountId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`subscription:${accountId}`}, 0))`.execute(
      trx,
    );
    // And the row itself, which the operator console locks to extend a due date.
    await sql`SELECT 1 FROM subscriptions WHERE account_id = ${accountId} FOR UPDATE`.execute(trx);
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

  /**
   * Starts or replaces a paid plan. With `extends`, the existing row keeps its start (a renewal
   * continues the same subscription); `lastOrderId` names the order that paid it (null: the demo
   * seed).
   */
  async upsertActive(
    db: Db,
    input: {
      accountId: string;
      productId: string;
      billingPeriod: string;
      billingAmount: string;
      startedAt: Date;
      dueDate: Date;
      lastOrderId?: string | null;
      extends?: boolean;
    },
  ): Promise<void> {
    const values = {
      ...(input.extends ? {} : { started_at: input.startedAt }),
      product_id: input.productId,
      status: 'active' as const,
      billing_period: input.billingPeriod,
      billing_amount: input.billingAmount,
      due_date: input.dueDate,
      updated_at: input.startedAt,
      last_order_id: input.lastOrderId ?? null,
    };
    await db
      .insertInto('subscriptions')
      .values({ ...values, account_id: input.accountId, started_at: input.startedAt })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
  },

  /** Moves the due date back by what a refunded plan order bought. */
  async shortenDueDate(db: Db, accountId: string, byMs: number, now: Date): Promise<void> {
    await db
      .updateTable('subscriptions')
      .set({
        due_date: sql<Date>`due_date - make_interval(secs => ${byMs / 1000})`,
        updated_at: now,
      })
      .where('account_id', '=', accountId)
      .execute();
  },

  /** The platform's `trial_credit` (rupiah); undefined when the operator removed it. */
  async trialCredit(db: Db): Promise<string | undefined> {
    const row = await db
      .selectFrom('platform_settings')
      .select('value')
      .where('key', '=', 'trial_credit')
      .executeTakeFirst();
    return row?.value;
  },
};

export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof plansRepo.findSubscription>>>;
export type ProductRow = Awaited<ReturnType<typeof plansRepo.listProducts>>[number];
