import { formatDate, formatTime } from '../../lib/format';

function dayStart(value: number): number {
  const d = new Date(value);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The local calendar day of a timestamp, used to group messages under separators. */
export function dayKey(timestamp: number): string {
  const d = new Date(timestamp);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

export function dayLabel(timestamp: number, now: number = Date.now()): DayLabel {
  const diff = Math.round((dayStart(now) - dayStart(timestamp)) / DAY_MS);
  if (diff === 0) return { kind: 'today' };
  if (diff === 1) return { kind: 'yesterday' };
  return { kind: 'date', text: formatDate(timestamp) };
}

/** Chat list time: the clock for today, the date before that. */
export function listTime(value: string, now: number = Date.now()): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  return dayStart(time) === dayStart(now) ? formatTime(time) : formatDate(time);
}
