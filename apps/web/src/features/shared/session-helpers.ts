import { LIMITS, type SubscriptionInfo } from '@sapa/contracts';
import type { Session } from '../../app/session';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Same rule as the guard (rule 7): account type or the back-office flag. */
export function isApiOnlyAccount(session: Pick<Session, 'account' | 'settings'>): boolean {
  return session.account?.type === 'api_only' || session.settings['bo.api_only'] === 'true';
}

/** Whole days left before the due date: 0 on its last day, negative once it has passed. */
export function daysUntil(dueDate: string | null | undefined, now: number): number | null {
  if (!dueDate) return null;
  const due = new Date(dueDate).getTime();
  if (Number.isNaN(due)) return null;
  return Math.floor((due - now) / DAY_MS);
}

/**
 * Renewal opens 7 days before the due date (§4) and closes at expiry: the end of the grace the
 * server names (`graceEndsAt`), which is the due date itself without `payment_tolerant_in_day`.
 */
export function inRenewalWindow(subscription: SubscriptionInfo | null, now: number): boolean {
  const dueDate = subscription?.dueDate;
  if (!dueDate) return false;
  const due = new Date(dueDate).getTime();
  const graceEnd = subscription.graceEndsAt ? new Date(subscription.graceEndsAt).getTime() : due;
  const end = Number.isNaN(graceEnd) ? due : Math.max(due, graceEnd);
  return !Number.isNaN(due) && end > now && due - now <= LIMITS.renewalWindowDays * DAY_MS;
}
