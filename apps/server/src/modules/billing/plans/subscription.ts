import { MESSAGES, type Product, type SubscriptionInfo } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { SettingsService } from '../../settings/service.js';
import { LedgerService } from '../ledger.js';
import { parseBillPrices, presentProduct } from './prices.js';
import { plansRepo, type SubscriptionRow } from './repo.js';
import { standingOf, toleranceDays } from './standing.js';

const DAY_MS = 86_400_000;
/** Used when the operator has not set `trial_credit` (or set something that is not rupiah). */
export const DEFAULT_TRIAL_CREDIT = 100_000;

/**
 * SubscriptionInfo from the stored row. Expiry is derived (due date plus the grace of
 * `payment_tolerant_in_day`), so it flips exactly at that instant without any job.
 */
export function presentSubscription(
  row: SubscriptionRow | undefined,
  now: Date,
  tolerance: number,
): SubscriptionInfo {
  if (!row)
    return {
      dueDate: null,
      billingPeriod: null,
      billingAmount: null,
      plan: null,
      status: 'none',
      graceEndsAt: null,
      renewalOpensAt: null,
    };
  const standing = standingOf(row, tolerance, now);
  return {
    dueDate: row.due_date.toISOString(),
    billingPeriod: row.billing_period,
    billingAmount: Number(row.billing_amount),
    plan: { code: row.plan_code, name: row.plan_name },
    status: standing.status,
    graceEndsAt: standing.graceEndsAt?.toISOString() ?? null,
    renewalOpensAt: standing.renewalOpensAt?.toISOString() ?? null,
  };
}

/** `trial_credit` as rupiah: a whole, non-negative number, or the default. */
export function trialCreditOf(stored: string | undefined): number {
  const value = Number(stored ?? DEFAULT_TRIAL_CREDIT);
  return Number.isSafeInteger(value) && value >= 0 ? value : DEFAULT_TRIAL_CREDIT;
}

/** Plans, the free trial with its starting credit, and the account's subscription. */
export class SubscriptionService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'events'>) {}

  /** The plans on sale, at this account's prices (`billPrices`). */
  async products(accountId: string): Promise<Product[]> {
    const [rows, billPrices] = await Promise.all([
      plansRepo.listProducts(this.deps.db),
      new SettingsService(this.deps).get(accountId, 'billPrices'),
    ]);
    const overrides = parseBillPrices(billPrices.value);
    return rows.map((row) => presentProduct(row, overrides));
  }

  async info(accountId: string): Promise<SubscriptionInfo> {
    const [row, standing] = await Promise.all([
      plansRepo.findSubscription(this.deps.db, accountId),
      plansRepo.findStanding(this.deps.db, accountId),
    ]);
    return presentSubscription(row, this.deps.clock.now(), toleranceDays(standing?.tolerance));
  }

  /**
   * The free trial: once per account, and only for an account that never had a plan. It brings
   * the platform's `trial_credit` as a starting balance (ledger kind `plan`, order
   * `trial:<account>`), booked in the trial's own transaction, so both happen once or not at all.
   */
  async startTrial(accountId: string, productCode: string): Promise<SubscriptionInfo> {
    const { db, clock } = this.deps;
    const product = await plansRepo.findActiveProduct(db, productCode);
    if (!product) {
      throw badRequest(MESSAGES.planNotFound, 'PLAN_NOT_FOUND', [
        { path: 'productCode', message: MESSAGES.planNotFound },
      ]);
    }
    const now = clock.now();
    const ledger = new LedgerService(this.deps);
    const credited = await db.transaction().execute(async (trx) => {
      const inserted = await plansRepo.insertTrial(trx, {
        accountId,
        productId: product.id,
        billingPeriod: product.billing_period,
        // What the plan will cost once the trial ends, so the renewal screen can show it.
        billingAmount: product.billing_period === 'yearly' ? product.yearly_price : product.price,
        startedAt: now,
        dueDate: new Date(now.getTime() + product.trial_days * DAY_MS),
      });
      if (!inserted) return null;
      const credit = trialCreditOf(await plansRepo.trialCredit(trx));
      if (credit === 0) return { saldo: null };
      const posting = await ledger.credit(
        accountId,
        {
          kind: 'plan',
          amount: credit,
          orderId: `trial:${accountId}`,
          description: `Trial starting credit (${product.name})`,
        },
        trx,
      );
      return { saldo: posting.created ? posting.entry.balanceAfter : null };
    });
    if (!credited) {
      const row = await plansRepo.findSubscription(db, accountId);
      if (row?.trial_used) throw conflict(MESSAGES.trialUsed, 'TRIAL_USED');
      throw conflict(MESSAGES.trialUnavailable, 'TRIAL_UNAVAILABLE');
    }
    if (credited.saldo !== null)
      this.deps.events.publish({ type: 'balance.updated', accountId, saldo: credited.saldo });
    return this.info(accountId);
  }
}
