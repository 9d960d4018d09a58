import { graceEndOf, MESSAGES, renewalOpensAt } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { conflict } from '../../../http/errors.js';
import { settingFallback } from '../../settings/catalog.js';
import { plansRepo } from './repo.js';

/**
 * Where an account stands with its plan. `expired` means past the grace (due date plus
 * `payment_tolerant_in_day` days): from then on it may not send. Between the due date and the end
 * of the grace the plan is past due but keeps its status, so it still sends and may renew.
 */
export interface SubscriptionStanding {
  status: 'active' | 'trial' | 'expired' | 'none';
  dueDate: Date | null;
  graceEndsAt: Date | null;
  /** From here on a renewal may be bought (7 days before the due date). */
  renewalOpensAt: Date | null;
  /** The plan is (or was, until it lapsed) a paid one, not a trial. */
  paid: boolean;
}

/** `payment_tolerant_in_day` as stored (null: the platform default), in whole days. */
export function toleranceDays(stored: string | null | undefined): number {
  const value = Number(stored ?? settingFallback('payment_tolerant_in_day') ?? 0);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

export function standingOf(
  row: { status: 'trial' | 'active' | null; due_date: Date | null } | undefined,
  tolerance: number,
  now: Date,
): SubscriptionStanding {
  if (!row?.status || !row.due_date)
    return { status: 'none', dueDate: null, graceEndsAt: null, renewalOpensAt: null, paid: false };
  const graceEndsAt = graceEndOf(row.due_date, tolerance);
  return {
    status: now.getTime() >= graceEndsAt.getTime() ? 'expired' : row.status,
    dueDate: row.due_date,
    graceEndsAt,
    renewalOpensAt: renewalOpensAt(row.due_date),
    paid: row.status === 'active',
  };
}

/** `subscriptionStanding(accountId)` for the pricing module's "may this account send?". */
export async function subscriptionStanding(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
): Promise<SubscriptionStanding> {
  const row = await plansRepo.findStanding(deps.db, accountId);
  return standingOf(row, toleranceDays(row?.tolerance), deps.clock.now());
}

/** A paid plan still running (before the end of its grace). */
export function paidPlanRunning(standing: SubscriptionStanding): boolean {
  return standing.paid && standing.status !== 'expired';
}

/**
 * Who may buy what. `subscription` is for an account without a running paid plan: none, a trial
 * (running or lapsed), or a paid plan that lapsed past its grace (the /subscription-expired
 * page). `renewal` is for a paid plan: within RENEWAL_WINDOW_DAYS before its due date, through its
 * grace, or after it lapsed.
 */
export function assertMayOrder(
  type: 'subscription' | 'renewal',
  standing: SubscriptionStanding,
  now: Date,
): void {
  if (type === 'subscription') {
    if (paidPlanRunning(standing)) throw conflict(MESSAGES.planAlreadyActive, 'PLAN_ACTIVE');
    return;
  }
  if (!standing.paid) throw conflict(MESSAGES.noPlanToRenew, 'NO_PLAN_TO_RENEW');
  if (
    standing.status !== 'expired' &&
    standing.renewalOpensAt &&
    now.getTime() < standing.renewalOpensAt.getTime()
  )
    throw conflict(MESSAGES.renewalTooEarly, 'RENEWAL_TOO_EARLY');
}
