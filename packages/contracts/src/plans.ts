import { LIMITS } from './limits.js';

/**
 * Plan dates both sides agree on: the server refuses and allows by them, the web's route guard
 * redirects by them (spec §2 rules 9–10, §9 "renewal window 7 days before due date").
 */
export const RENEWAL_WINDOW_DAYS = LIMITS.renewalWindowDays;
const DAY_MS = 86_400_000;

/**
 * When the account stops being able to send: the due date plus `payment_tolerant_in_day` whole
 * days. A missing, negative or non-numeric tolerance counts as no grace.
 */
export function graceEndOf(dueDate: Date, toleranceDays: number): Date {
  const days = Number.isFinite(toleranceDays) && toleranceDays > 0 ? Math.floor(toleranceDays) : 0;
  return new Date(dueDate.getTime() + days * DAY_MS);
}

/** A paid plan may be renewed from this instant on (and through its grace). */
export function renewalOpensAt(dueDate: Date): Date {
  return new Date(dueDate.getTime() - RENEWAL_WINDOW_DAYS * DAY_MS);
}
