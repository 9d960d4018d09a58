import {
  dayKey as zoneDayKey,
  daysBetween,
  formatLongDate,
  formatWeekday,
} from '../../lib/datetime';
import { currentLanguage, type Language } from '../../lib/i18n';

/** The calendar day of a timestamp in the account's zone, used to group messages under separators. */
export function dayKey(timestamp: number): string {
  return zoneDayKey(timestamp);
}

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

/**
 * The separator above a day's messages, as on the phone: Today, Yesterday, the weekday within
 * the last week, then the full date ("5 February 2025" / "5 Februari 2025"). Days are the
 * account's, so "Today" starts at the same moment for every agent.
 */
export function dayLabel(
  timestamp: number,
  now: number = Date.now(),
  lng: Language = currentLanguage(),
): DayLabel {
  const diff = daysBetween(timestamp, now);
  if (diff === 0) return { kind: 'today' };
  if (diff === 1) return { kind: 'yesterday' };
  const text =
    diff > 1 && diff < 7 ? formatWeekday(timestamp, { lng }) : formatLongDate(timestamp, { lng });
  return { kind: 'date', text };
}
