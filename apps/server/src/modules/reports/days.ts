import { localDay, zonedInstant } from './working-hours.js';

/** Calendar days as YYYY-MM-DD strings, and where they start in a zone. */

const parse = (day: string): [number, number, number] => {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
};

export function addDays(day: string, n: number): string {
  const [y, m, d] = parse(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (empty when from > to). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export function dayCount(from: string, to: string): number {
  const [a, b] = [parse(from), parse(to)];
  return (
    Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / 86_400_000) + 1
  );
}

/** The instant a local day starts in the zone. */
export function dayStart(day: string, timezone: string): Date {
  const [y, m, d] = parse(day);
  return new Date(zonedInstant(y, m, d, 0, timezone));
}

/** Today in the zone. */
export function today(now: Date, timezone: string): string {
  return localDay(now, timezone);
}

/** The Monday of a day's ISO week. */
export function weekOf(day: string): string {
  const [y, m, d] = parse(day);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The Monday of ISO week "2026-W05" (the week holding 4 January is week 1). */
export function mondayOfIsoWeek(week: string): string {
  const [yearText, weekText] = week.split('-W');
  const year = Number(yearText);
  const n = Number(weekText);
  const jan4 = `${year}-01-04`;
  return addDays(weekOf(jan4), (n - 1) * 7);
}
