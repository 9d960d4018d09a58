import { LIMITS, type SubscriptionInfo } from '@sapa/contracts';
import type { Session } from '../../app/session';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Same rule as the guard (rule 7): account type or the back-office flag. */
export function isApiOnlyAccount(session: Pick<Session, 'account' | 'settings'>): boolean {
  return session.account?.type === 'api_only' || session.settings['bo.api_only'] === 'true';
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in `timeZone`, as a count of days since 1970-01-01. */
function calendarDay(ms: number, timeZone: string | undefined): number {
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormats.set(key, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(format.formatToParts(ms).find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/**
 * Days left before the due date, counted in calendar days in the account's time zone (the
 * browser's when unknown): a 14-day trial started today has 14 days left, the due date's own day
 * has 0 ("ends today"), and from the due instant on the count is negative.
 */
export function daysUntil(
  dueDate: string | null | undefined,
  now: number,
  timeZone?: string,
): number | null {
  if (!dueDate) return null;
  const due = new Date(dueDate).getTime();
  if (Number.isNaN(due)) return null;
  let zone = timeZone;
  try {
    if (zone) new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    // A zone this browser does not know: its own zone is the next best reading.
    zone = undefined;
  }
  const days = calendarDay(due, zone) - calendarDay(now, zone);
  return due <= now ? Math.min(days, -1) : days;
}

/** Renewal opens 7 days before the due date (§4) and closes at expiry. */
export function inRenewalWindow(subscription: SubscriptionInfo | null, now: number): boolean {
  const dueDate = subscription?.dueDate;
  if (!dueDate) return false;
  const due = new Date(dueDate).getTime();
  return !Number.isNaN(due) && due > now && due - now <= LIMITS.renewalWindowDays * DAY_MS;
}
