import { formatNumber } from '@sapa/contracts';
import type { StatementLanguage } from './labels.js';

const LOCALES: Record<StatementLanguage, string> = { en: 'en-GB', id: 'id-ID' };

/** Rupiah with dot thousands; cents only when an entry has them (the ledger keeps two decimals). */
export function rupiah(value: number): string {
  const digits = Number.isInteger(value) ? 0 : 2;
  return `Rp ${formatNumber(Math.abs(value), digits)}`;
}

/** "+Rp 100.000" for money in, "-Rp 550" for money out. */
export function signedRupiah(value: number): string {
  return `${value < 0 ? '-' : '+'}${rupiah(value)}`;
}

/** "15 Jan 2026, 10:00" in the account's zone, 24-hour, months in the statement's language. */
export function timeIn(lang: StatementLanguage, timeZone: string): (value: Date) => string {
  const format = new Intl.DateTimeFormat(LOCALES[lang], {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (value) => {
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      format.formatToParts(value).find((p) => p.type === type)?.value ?? '';
    return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
  };
}

/** A calendar day (YYYY-MM-DD, already the account's) as "15 Jan 2026". */
export function dayName(lang: StatementLanguage, day: string): string {
  const format = new Intl.DateTimeFormat(LOCALES[lang], {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return format.format(new Date(`${day}T12:00:00Z`));
}

/** Wall-clock time in the account's zone as spreadsheets read it: 2026-01-15 10:00:00. */
export function sheetTime(timeZone: string): (value: Date) => string {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (value) => format.format(value);
}

/**
 * The PDF uses the standard Helvetica, whose encoding (WinAnsi) holds Latin-1 plus a few
 * typographic marks: enough for Indonesian and English with no font file to ship. Anything else
 * (a name in another script, an emoji) is reduced to its base letter where one exists and to "?"
 * otherwise, visibly, rather than printing as garbage.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function encodable(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ')) {
    if (encodable(ch)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    out += base !== '' && [...base].every(encodable) ? base : '?';
  }
  return out;
}
