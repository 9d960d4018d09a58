import { useSyncExternalStore } from 'react';
import { currentLanguage, type Language } from './i18n';

/**
 * The one place the web app turns instants into words. One rule everywhere: the account's time
 * zone (the one routing's working hours and the ticket filters use on the server), a 24-hour
 * "HH:mm" clock, and dates in the UI language ("25 Nov 2026" / "25 Des 2026"). The browser's
 * own zone and 12-hour habits never show: an agent abroad and one in the office read the same
 * times. ESLint forbids `toLocale*String`, `Intl.DateTimeFormat` and the local-zone getters
 * anywhere else, so a stray AM/PM or a browser-zone date cannot come back.
 */

/** The server's default when an account has none. */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

const LOCALES: Record<Language, string> = { en: 'en-GB', id: 'id-ID' };

export type DateInput = Date | string | number;

/** Wall-clock fields of an instant in a zone. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// --- the account's zone -------------------------------------------------------------------

let accountZone = DEFAULT_TIME_ZONE;
const listeners = new Set<() => void>();

/** A zone Intl knows, canonically spelled; null otherwise. */
export function validTimeZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Set by the session when the account loads (and reset on sign-out); unknown zones fall back. */
export function setAccountTimeZone(zone: string | null | undefined): void {
  const next = validTimeZone(zone) ?? DEFAULT_TIME_ZONE;
  if (next === accountZone) return;
  accountZone = next;
  for (const listener of listeners) listener();
}

export function accountTimeZone(): string {
  return accountZone;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The account's zone, re-rendering the caller when an admin changes it. */
export function useAccountTimeZone(): string {
  return useSyncExternalStore(subscribe, accountTimeZone, accountTimeZone);
}

// --- formatters ---------------------------------------------------------------------------

// Building an Intl.DateTimeFormat costs far more than using one, and a conversation formats
// two times per message: one formatter per locale, zone and style, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

// A date-only value ("2026-11-25": due dates, date attributes) is a calendar day, not an
// instant: shown as written whatever the zone.
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: DateInput): Date | null {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'string' && CALENDAR_DAY.test(value)
        ? new Date(`${value}T00:00:00Z`)
        : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const zoneOf = (value: DateInput, zone?: string) =>
  typeof value === 'string' && CALENDAR_DAY.test(value) ? 'UTC' : (zone ?? accountZone);

export interface FormatOptions {
  lng?: Language;
  /** Defaults to the account's zone. */
  timeZone?: string;
}

/** Year, month, day, hour and minute of an instant as a clock in the zone shows them. */
export function zonedParts(value: DateInput, timeZone: string = accountZone): ZonedParts | null {
  const date = toDate(value);
  if (!date) return null;
  const parts = formatter('en-GB', {
    timeZone: zoneOf(value, timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const num = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: num('year'),
    month: num('month'),
    day: num('day'),
    hour: num('hour'),
    minute: num('minute'),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 24-hour "HH:mm" in the account's zone, in both languages: the same digits the working-hours
 * and schedule inputs show, so a time read in a chat can be typed into them as it is.
 */
export function formatTime(value: DateInput, options: FormatOptions = {}): string {
  const p = zonedParts(value, options.timeZone);
  return p ? `${pad(p.hour)}:${pad(p.minute)}` : '';
}

/** "25 Nov 2026" / "25 Des 2026" in the UI language. Invalid input gives ''. */
export function formatDate(value: DateInput, options: FormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return formatter(LOCALES[options.lng ?? currentLanguage()], {
    timeZone: zoneOf(value, options.timeZone),
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(date);
}

/** "25 Nov 2026, 14:30". */
export function formatDateTime(value: DateInput, options: FormatOptions = {}): string {
  const date = formatDate(value, options);
  return date && `${date}, ${formatTime(value, options)}`;
}

/** "5 February 2025" / "5 Februari 2025", for day separators. */
export function formatLongDate(value: DateInput, options: FormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return formatter(LOCALES[options.lng ?? currentLanguage()], {
    timeZone: zoneOf(value, options.timeZone),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/** "Monday" / "Senin" in the zone. */
export function formatWeekday(value: DateInput, options: FormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return formatter(LOCALES[options.lng ?? currentLanguage()], {
    timeZone: zoneOf(value, options.timeZone),
    weekday: 'long',
  }).format(date);
}

/** The twelve month names in the UI language, as the formatters above write them. */
export function monthNames(lng: Language, width: 'short' | 'long'): string[] {
  const f = formatter(LOCALES[lng], { timeZone: 'UTC', month: width });
  return Array.from({ length: 12 }, (_, i) => f.format(Date.UTC(2026, i, 15)));
}

/**
 * The zone as people say it, then its IANA name: "WIB (Asia/Jakarta)", "WITA (Asia/Makassar)",
 * "GMT+8 (Asia/Singapore)". Indonesian abbreviations are the ones customers here know, so they
 * are asked for whatever the UI language; the abbreviation of the moment `at` (summer time).
 */
export function zoneLabel(timeZone: string = accountZone, at: DateInput = Date.now()): string {
  const date = toDate(at) ?? new Date();
  const short = formatter('id-ID', { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value;
  return !short || short === timeZone ? timeZone : `${short} (${timeZone})`;
}

// --- calendar days and wall-clock values in the zone ---------------------------------------

/** The calendar day of an instant in the zone, "2026-11-25": groups messages under a day. */
export function dayKey(value: DateInput, timeZone: string = accountZone): string {
  const p = zonedParts(value, timeZone);
  return p ? `${p.year}-${pad(p.month)}-${pad(p.day)}` : '';
}

/** Whole calendar days from one instant's day to another's, in the zone (DST-safe). */
export function daysBetween(
  earlier: DateInput,
  later: DateInput,
  timeZone: string = accountZone,
): number {
  const day = (v: DateInput) => {
    const p = zonedParts(v, timeZone);
    return p ? Date.UTC(p.year, p.month - 1, p.day) : NaN;
  };
  return Math.round((day(later) - day(earlier)) / 86_400_000);
}

/** The hour (0–23) it is in the zone. */
export function hourIn(value: DateInput, timeZone: string = accountZone): number {
  return zonedParts(value, timeZone)?.hour ?? 0;
}

/** The current year in the zone (footers). */
export function yearNow(timeZone: string = accountZone): number {
  return zonedParts(Date.now(), timeZone)?.year ?? 1970;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "YYYY-MM-DD HH:mm:ss": the wall-clock value Mantine's date-time pickers read and write. */
export function toWallTime(value: DateInput, timeZone: string = accountZone): string {
  const p = zonedParts(value, timeZone);
  return p ? `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:00` : '';
}

/**
 * The instant a wall-clock value means in the zone ("2026-11-25 09:00" in Asia/Jakarta is
 * 02:00 UTC); null when incomplete. The zone's offset is read at the guessed instant and again
 * at the corrected one, which settles on the right side of a summer-time change.
 */
export function fromWallTime(value: string, timeZone: string = accountZone): Date | null {
  const m = WALL_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (instant: number) => {
    const p = zonedParts(instant, timeZone);
    return p ? Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - instant : 0;
  };
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date;
}
