import { MESSAGES, type Product, type SubscriptionInfo } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, conflict } from '../../http/errors.js';
import { billingRepo, type SubscriptionRow } from './repo.js';

const DAY_MS = 86_400_000;

/** SubscriptionInfo from the stored row. Expiry is derived, so it flips exactly at the due instant. */
export function presentSubscription(row: SubscriptionRow | undefined, now: Date): SubscriptionInfo {
  if (!row)
    return { dueDate: null, billingPeriod: null, billingAmount: null, plan: null, status: 'none' };
  return {
    dueDate: row.due_date.toISOString(),
    billingPeriod: row.billing_period,
    billingAmount: Number(row.billing_amount),
    plan: { code: row.plan_code, name: row.plan_name },
    status: row.due_date.getTime() <= now.getTime() ? 'expired' : row.status,
  };
}

type ProductRow = Awaited<ReturnType<typeof billingRepo.listProducts>>[number];

export function presentProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    price: Number(row.price),
    billingPeriod: row.billing_period,
    agentLimit: row.agent_limit,
    features: row.features,
    trialDays: row.trial_days,
  };
}

/** Plans and the account's subscription (payments and renewal come with the billing issue). */
export class SubscriptionService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async products(): Promise<Product[]> {
    return (await billingRepo.listProducts(this.deps.db)).map(presentProduct);
  }

  async info(accountId: string): Promise<SubscriptionInfo> {
    return presentSubscription(
      await billingRepo.findSubscription(this.deps.db, accountId),
      this.deps.clock.now(),
    );
  }

  /** The free trial: once per account, and only for an account that never had a plan. */
  async startTrial(accountId: string, productCode: string): Promise<SubscriptionInfo> {
    const { db, clock } = this.deps;
    const product = await billingRepo.findActiveProduct(db, productCode);
    if (!product) {
      throw badRequest(MESSAGES.planNotFound, 'PLAN_NOT_FOUND', [
        { path: 'productCode', message: MESSAGES.planNotFound },
      ]);
    }
    const now = clock.now();
    const inserted = await billingRepo.insertTrial(db, {
      accountId,
      productId: product.id,
      billingPeriod: product.billing_period,
      // What the plan will cost once the trial ends, so the renewal screen can show it.
      billingAmount: product.price,
      startedAt: now,
      dueDate: new Date(now.getTime() + product.trial_days * DAY_MS),
    });
    const row = await billingRepo.findSubscription(db, accountId);
    if (!inserted) {
      if (row?.trial_used) throw conflict(MESSAGES.trialUsed, 'TRIAL_USED');
      throw conflict(MESSAGES.trialUnavailable, 'TRIAL_UNAVAILABLE');
    }
    return presentSubscription(row, now);
  }
}
