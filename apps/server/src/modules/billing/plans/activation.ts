import type { Db } from '../../../db/database.js';
import { addPeriod } from './periods.js';
import { plansRepo, type BillingPeriod } from './repo.js';
import { paidPlanRunning, standingOf, toleranceDays } from './standing.js';

export interface PlanPurchase {
  accountId: string;
  orderId: string;
  productId: string;
  billingPeriod: BillingPeriod;
  /** The price paid for the period, before PPN. */
  amount: string;
}

/**
 * A paid plan order, applied inside the transaction that marks it paid. A paid plan still running
 * (through its grace) is extended from its due date, so renewing early or late never gains or loses
 * days; anything else (no plan, a trial, a plan lapsed past its grace) starts a period now. The
 * plan named on the order replaces the current one from the moment it is paid. Returns the period
 * bought, which is stored on the order.
 */
export async function applyPlanPurchase(
  trx: Db,
  purchase: PlanPurchase,
  now: Date,
): Promise<{ start: Date; end: Date }> {
  await plansRepo.lockPlan(trx, purchase.accountId);
  const row = await plansRepo.findStanding(trx, purchase.accountId);
  const standing = standingOf(row, toleranceDays(row?.tolerance), now);
  const extend = paidPlanRunning(standing) && standing.dueDate !== null;
  const start = extend && standing.dueDate ? standing.dueDate : now;
  const end = addPeriod(start, purchase.billingPeriod, row?.timezone ?? 'Asia/Jakarta');
  await plansRepo.upsertActive(trx, {
    accountId: purchase.accountId,
    productId: purchase.productId,
    billingPeriod: purchase.billingPeriod,
    billingAmount: purchase.amount,
    startedAt: now,
    dueDate: end,
    lastOrderId: purchase.orderId,
    extends: extend,
  });
  return { start, end };
}

/**
 * A refunded plan order ends the paid period it bought: the due date moves back by that period's
 * length (periods bought after it keep theirs, shifted earlier). Inside the refund's transaction.
 */
export async function reversePlanPurchase(
  trx: Db,
  accountId: string,
  period: { start: Date; end: Date },
  now: Date,
): Promise<void> {
  await plansRepo.lockPlan(trx, accountId);
  await plansRepo.shortenDueDate(
    trx,
    accountId,
    period.end.getTime() - period.start.getTime(),
    now,
  );
}
