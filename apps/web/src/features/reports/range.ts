import {
  CHANNEL_TYPES,
  REPORT_MAX_DAYS,
  type ChannelType,
  type ReportGroupBy,
  type ReportQuery,
  type ReportTab,
} from '@sapa/contracts';
import { dayKey } from '../../lib/datetime';

/**
 * What a report page shows, as the URL keeps it: a range of whole days in the account's zone
 * (a preset, or custom days), how to group them, the filters, and whether to compare with the
 * period just before. Presets are resolved against "today" in the account's zone, so a link
 * with `range=7d` means the last seven days whenever it is opened.
 */
export const RANGE_PRESETS = ['today', '7d', '30d', 'month', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface ReportFilters {
  channel: ChannelType | null;
  divisionId: string | null;
  agentId: string | null;
  labelId: string | null;
}

export interface ReportView {
  preset: RangePreset;
  from: string;
  to: string;
  /** null: chosen from the range's length (days up to 31, weeks beyond). */
  groupBy: ReportGroupBy | null;
  compare: boolean;
  filters: ReportFilters;
}

export const NO_FILTERS: ReportFilters = {
  channel: null,
  divisionId: null,
  agentId: null,
  labelId: null,
};

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return fromUtc(toUtc(day) + n * DAY_MS);
}

/** Days in [from, to], both included. */
export function daysIn(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1;
}

/** Today in the account's zone, "2026-11-25". */
export function todayIn(now: number, timeZone?: string): string {
  return dayKey(now, timeZone);
}

/** The days a preset covers, ending today (the month: its first day to today). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string) {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** The period of the same length just before (what the server compares with). */
export function previousRange(from: string, to: string) {
  const days = daysIn(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** Days up to a month read best per day; longer ranges per week. */
export function effectiveGroupBy(view: Pick<ReportView, 'groupBy' | 'from' | 'to'>): ReportGroupBy {
  return view.groupBy ?? (daysIn(view.from, view.to) > 31 ? 'week' : 'day');
}

function isDay(value: string | null): value is string {
  return !!value && DAY.test(value) && !Number.isNaN(toUtc(value));
}

function uuidOrNull(value: string | null): string | null {
  return value && UUID.test(value) ? value : null;
}

/** Reads the view from the URL; anything unreadable falls back to the last 7 days. */
export function viewFromParams(params: URLSearchParams, today: string): ReportView {
  const rawPreset = params.get('range');
  const preset = RANGE_PRESETS.find((p) => p === rawPreset) ?? '7d';
  let from = params.get('from');
  let to = params.get('to');
  let resolved: RangePreset = preset;
  if (preset !== 'custom') ({ from, to } = presetRange(preset, today));
  else if (!isDay(from) || !isDay(to) || from > to || daysIn(from, to) > REPORT_MAX_DAYS) {
    resolved = '7d';
    ({ from, to } = presetRange('7d', today));
  }
  const group = params.get('groupBy');
  const channel = params.get('channel');
  return {
    preset: resolved,
    from: from as string,
    to: to as string,
    groupBy: group === 'day' || group === 'week' ? group : null,
    compare: params.get('compare') !== 'false',
    filters: {
      channel: CHANNEL_TYPES.find((c) => c === channel) ?? null,
      divisionId: uuidOrNull(params.get('divisionId')),
      agentId: uuidOrNull(params.get('agentId')),
      labelId: uuidOrNull(params.get('labelId')),
    },
  };
}

/** The URL of a view: only what differs from the defaults. */
export function viewToParams(view: ReportView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.preset !== '7d') params.set('range', view.preset);
  if (view.preset === 'custom') {
    params.set('from', view.from);
    params.set('to', view.to);
  }
  if (view.groupBy) params.set('groupBy', view.groupBy);
  if (!view.compare) params.set('compare', 'false');
  for (const [key, value] of Object.entries(view.filters)) if (value) params.set(key, value);
  return params;
}

export function activeFilterCount(filters: ReportFilters): number {
  return Object.values(filters).filter(Boolean).length;
}

/** The server's query for a tab of this view. */
export function reportQuery(view: ReportView, tab: ReportTab): ReportQuery {
  const { channel, divisionId, agentId, labelId } = view.filters;
  return {
    tab,
    from: view.from,
    to: view.to,
    groupBy: effectiveGroupBy(view),
    compare: view.compare,
    ...(channel ? { channel } : {}),
    ...(divisionId ? { divisionId } : {}),
    ...(agentId ? { agentId } : {}),
    ...(labelId ? { labelId } : {}),
  };
}

/** ISO week of a day ("2026-W05"), Monday first: what `reports/weekly/usage` takes. */
export function isoWeekOf(day: string): string {
  const date = new Date(toUtc(day));
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0
  // The week belongs to the year of its Thursday.
  const thursday = new Date(toUtc(day) + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstMonday = Date.UTC(year, 0, 4) - ((firstThursday.getUTCDay() + 6) % 7) * DAY_MS;
  const week = Math.floor((thursday.getTime() - firstMonday) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Monday and Sunday of an ISO week. */
export function weekRange(week: string): { from: string; to: string } {
  const [yearText, weekText] = week.split('-W');
  const year = Number(yearText);
  const jan4 = Date.UTC(year, 0, 4);
  const firstMonday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  const from = fromUtc(firstMonday + (Number(weekText) - 1) * 7 * DAY_MS);
  return { from, to: addDays(from, 6) };
}
