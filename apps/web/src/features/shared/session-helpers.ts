import { LIMITS, type SubscriptionInfo } from '@sapa/contracts';
import type { Session } from '../../app/session';
import { accountTimeZone, daysBetween, validTimeZone } from '../../lib/datetime';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Same rule as the guard (rule 7): account type or the back-office flag. */
export function isApiOnlyAccount(session: Pick<Session, 'account' | 'settings'>): boolean {
  return session.account?.type === 'api_only' || session.settings['bo.api_only'] === 'true';
}

/**
 * Days left before the due date, in calendar days of the account's time zone (lib/datetime's
 * clock): a 14-day trial started today has 14 days left, the due date's own day has 0 ("ends
 * today"), and from the due instant on the count is negative.
 */
export function daysUntil(
  dueDate: string | null | undefined,
  now: number,
  timeZone: string = accountTimeZone(),
): number | null {
  if (!dueDate) return null;
  const due = new Date(dueDate).getTime();
  if (Number.isNaN(due)) return null;
  const days = daysBetween(now, due, validTimeZone(timeZone) ?? accountTimeZone());
  return due <= now ? Math.min(days, -1) : days;
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
