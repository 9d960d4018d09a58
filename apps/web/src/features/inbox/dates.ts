import { formatDate, formatTime } from '../../lib/format';
import { currentLanguage, type Language } from '../../lib/i18n';

function dayStart(value: number): number {
  const d = new Date(value);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Whole calendar days between two instants (DST-safe: rounds the 23/25-hour days). */
function daysBetween(earlier: number, later: number): number {
  return Math.round((dayStart(later) - dayStart(earlier)) / (24 * 60 * 60 * 1000));
}

/** The local calendar day of a timestamp, used to group messages under separators. */
export function dayKey(timestamp: number): string {
  const d = new Date(timestamp);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

const LOCALES: Record<Language, string> = { en: 'en-GB', id: 'id-ID' };

/**
 * The separator above a day's messages, as on the phone: Today, Yesterday, the weekday within
 * the last week, then the full date ("5 February 2025" / "5 Februari 2025").
 */
export function dayLabel(
  timestamp: number,
  now: number = Date.now(),
  lng: Language = currentLanguage(),
): DayLabel {
  const diff = daysBetween(timestamp, now);
  if (diff === 0) return { kind: 'today' };
  if (diff === 1) return { kind: 'yesterday' };
  const options: Intl.DateTimeFormatOptions =
    diff > 1 && diff < 7 ? { weekday: 'long' } : { day: 'numeric', month: 'long', year: 'numeric' };
  return { kind: 'date', text: new Intl.DateTimeFormat(LOCALES[lng], options).format(timestamp) };
}

/** Chat list time: the clock for today, the date before that. */
export function listTime(value: string, now: number = Date.now()): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  return dayStart(time) === dayStart(now) ? formatTime(time) : formatDate(time);
}
