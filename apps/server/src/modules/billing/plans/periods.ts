import type { BillingPeriod } from './repo.js';

/**
 * Calendar arithmetic for plan periods, in the account's time zone: a month from 31 January is
 * the last day of February at the same wall-clock time, as the buyer reads their due date.
 */

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormat.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time in the zone, written as if it were UTC (milliseconds kept). */
function wallClock(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatFor(timeZone).formatToParts(instant))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return (
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) +
    instant.getUTCMilliseconds()
  );
}

/** The instant whose wall-clock time in the zone is `wall` (a UTC-written wall clock). */
function fromWallClock(wall: number, timeZone: string): Date {
  // The zone's offset at a guess, refined once more so a DST change between them is honoured.
  let guess = wall - (wallClock(new Date(wall), timeZone) - wall);
  guess = wall - (wallClock(new Date(guess), timeZone) - guess);
  return new Date(guess);
}

/** `from` plus one period (or `times` periods) of calendar time in the zone. */
export function addPeriod(from: Date, period: BillingPeriod, timeZone: string, times = 1): Date {
  const months = (period === 'yearly' ? 12 : 1) * times;
  const wall = new Date(wallClock(from, timeZone));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const target = Date.UTC(
    year,
    month,
    Math.min(wall.getUTCDate(), lastDay),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
  return fromWallClock(target, timeZone);
}
