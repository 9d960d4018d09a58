/** Time left until a scheduled start, in whole days, hours and minutes (spec §2 step 3). */
export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
}

/**
 * Null once the time has come. Minutes round up, so "0 minutes" never shows while the start is
 * still ahead and a start 30 seconds away reads "1 minute".
 */
export function countdown(now: Date, target: Date): Countdown | null {
  const ms = target.getTime() - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const total = Math.ceil(ms / 60_000);
  return {
    days: Math.floor(total / 1440),
    hours: Math.floor((total % 1440) / 60),
    minutes: total % 60,
  };
}

/** `<input type="datetime-local">` value (local time, minutes) for a date. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The date a datetime-local value means in the browser's zone, or null when incomplete. */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
