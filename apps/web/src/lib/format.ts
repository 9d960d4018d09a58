import { formatCurrency, formatNumber } from '@sapa/contracts';
import { currentLanguage, type Language } from './i18n';

export { formatCurrency, formatNumber };

const LOCALES: Record<Language, string> = { en: 'en-GB', id: 'id-ID' };

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Building an Intl.DateTimeFormat costs far more than using one, and a conversation formats
// two times per message: one formatter per language and style, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(value: DateInput, options: Intl.DateTimeFormatOptions, lng?: Language): string {
  const date = toDate(value);
  if (!date) return '';
  const locale = LOCALES[lng ?? currentLanguage()];
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** "5 Feb 2025" / "5 Feb 2025" in the current language. Invalid input gives ''. */
export function formatDate(value: DateInput, lng?: Language): string {
  return format(value, { day: 'numeric', month: 'short', year: 'numeric' }, lng);
}

/** Date with 24-hour time, e.g. "5 Feb 2025, 14:30". */
export function formatDateTime(value: DateInput, lng?: Language): string {
  return format(
    value,
    {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    },
    lng,
  );
}

/** 24-hour time, e.g. "14:30". */
export function formatTime(value: DateInput, lng?: Language): string {
  return format(value, { hour: '2-digit', minute: '2-digit', hour12: false }, lng);
}
