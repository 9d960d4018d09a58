/**
 * The part of a duration inside the account's working hours (`agentWorkingHourStart` to
 * `agentWorkingHourEnd`, "HH:mm" in the account's time zone, every day of the week). The start
 * is inclusive and the end exclusive; an end before the start spans midnight (22:00–06:00), and
 * equal times mean the whole day, as routing reads the same settings (routing/working-hours.ts).
 */
export interface WorkingHours {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a zone. */
function wallClock(at: number, timezone: string) {
  const parts = formatterOf(timezone).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(at: number, timezone: string): number {
  const w = wallClock(at, timezone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock time of a local day happens (a time skipped by a daylight-saving jump
 * lands after the jump). `minutes` may be 1440 (the next midnight).
 */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  minutes: number,
  timezone: string,
): number {
  const naive = Date.UTC(year, month - 1, day, 0, minutes);
  let guess = naive - offsetAt(naive, timezone);
  // A second pass settles instants near an offset change.
  guess = naive - offsetAt(guess, timezone);
  return guess;
}

/** The local calendar day of an instant, as YYYY-MM-DD. */
export function localDay(at: Date, timezone: string): string {
  const w = wallClock(at.getTime(), timezone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

const toMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** Whole seconds of [from, to) that fall inside the working hours. */
export function secondsWithin(from: Date, to: Date, hours: WorkingHours, timezone: string): number {
  const a = from.getTime();
  const b = to.getTime();
  if (!(b > a)) return 0;
  const open = toMinutes(hours.start);
  const close = toMinutes(hours.end);
  if (open === close) return Math.floor((b - a) / 1000);
  let total = 0;
  // Windows start on local days from the day before `from` (an overnight window of that day
  // may still be running) to the day `to` falls on.
  const first = wallClock(a - DAY_MS, timezone);
  let cursor = Date.UTC(first.year, first.month - 1, first.day);
  const last = wallClock(b, timezone);
  const lastDay = Date.UTC(last.year, last.month - 1, last.day);
  for (; cursor <= lastDay; cursor += DAY_MS) {
    const d = new Date(cursor);
    const y = d.getUTCFullYear();
    const mo = d.getUTCMonth() + 1;
    const da = d.getUTCDate();
    const start = zonedInstant(y, mo, da, open, timezone);
    // An overnight window ends the next local day.
    const end = zonedInstant(y, mo, da, close < open ? close + 1440 : close, timezone);
    const overlap = Math.min(b, end) - Math.max(a, start);
    if (overlap > 0) total += overlap;
  }
  return Math.floor(total / 1000);
}
