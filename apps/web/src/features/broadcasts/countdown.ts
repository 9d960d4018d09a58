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
