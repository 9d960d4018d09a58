import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  BROADCAST_LIMITS,
  BROADCAST_MESSAGES,
  RECIPIENT_REASONS,
  fillBroadcastMessage as fill,
} from '@sapa/contracts';
import { badRequest } from '../../http/errors.js';
import { readSheet, type ParsedSheet, type SheetOptions } from '../../lib/sheets/read-sheet.js';
import { canonicalPhone } from '../contacts/values.js';

/** One recipient ready to store: the phone as WhatsApp wants it (`to`) and as contacts keep it. */
export interface RecipientRow {
  /** 1-based among the data rows (the header is not counted). */
  row: number;
  /** International digits without plus, e.g. 6281234567890: what Meta's `to` and `wa_id` use. */
  phone: string;
  /** The contacts module's canonical form (spec §5 helper), to link the recipient's contact. */
  canonical: string;
  params: string[];
  header: string | null;
  contactId?: string | null;
}

export interface RecipientRejected {
  row: number;
  reason: string;
  values: Record<string, string>;
}

export interface RecipientCheck {
  columns: string[];
  totalRows: number;
  valid: RecipientRow[];
  rejected: RecipientRejected[];
}

// The row limit is enforced while the data is read, so row 200,001 is never parsed.
const RECIPIENT_SHEET: SheetOptions = {
  maxRows: BROADCAST_LIMITS.maxRows,
  tooManyRows: () =>
    badRequest(
      fill(BROADCAST_MESSAGES.tooManyRows, { max: BROADCAST_LIMITS.maxRows }),
      'BROADCAST_TOO_MANY_ROWS',
    ),
};

/**
 * Pasted text (comma, semicolon or tab separated, first line the headers) read by the same CSV
 * reader as an uploaded file, so quoting and delimiters behave identically in both.
 */
export async function readRecipientText(text: string): Promise<ParsedSheet> {
  if (text.trim() === '') throw badRequest(BROADCAST_MESSAGES.noData, 'BROADCAST_NO_DATA');
  return readSheet(Buffer.from(text, 'utf8'), RECIPIENT_SHEET);
}

/** A CSV (BOM, `,` or `;` or tab) or XLSX upload, told apart by content. */
export async function readRecipientFile(bytes: Buffer): Promise<ParsedSheet> {
  if (bytes.length === 0) throw badRequest(BROADCAST_MESSAGES.noData, 'BROADCAST_NO_DATA');
  return readSheet(bytes, RECIPIENT_SHEET);
}

/**
 * The header must name every required column exactly. Spec §5 wants a lowercase `phone`, so a
 * `Phone` or `PHONE` header is refused with a message saying so rather than silently accepted.
 */
export function assertColumns(columns: readonly string[], required: readonly string[]): void {
  const present = new Set(columns);
  if (!present.has('phone')) {
    if (columns.some((c) => c.toLowerCase() === 'phone'))
      throw badRequest(BROADCAST_MESSAGES.phoneColumnLowercase, 'BROADCAST_PHONE_LOWERCASE');
    throw badRequest(BROADCAST_MESSAGES.noPhoneColumn, 'BROADCAST_NO_PHONE_COLUMN');
  }
  for (const column of required)
    if (!present.has(column))
      throw badRequest(
        fill(BROADCAST_MESSAGES.missingColumn, { column }),
        'BROADCAST_MISSING_COLUMN',
      );
}

/**
 * The phone as WhatsApp addresses it. canonicalPhone validates with libphonenumber and returns
 * the §5 form (Indonesian numbers without 62, others with their country code); numbers written
 * without a plus are Indonesian, so only a "+<not 62>" number keeps its digits as they are.
 */
export function recipientPhone(raw: string): { phone: string; canonical: string } | null {
  const canonical = canonicalPhone(raw);
  if (!canonical) return null;
  const compact = raw
    .trim()
    .replace(/^'/, '')
    .replace(/[\s\-().]/g, '');
  const foreign = compact.startsWith('+') && !compact.startsWith('+62');
  return { phone: foreign ? canonical : `62${canonical}`, canonical };
}

/**
 * Every data row checked against the template's columns (`recipientColumns`: phone, param1…,
 * header). A row is refused, with its reason, when its phone is empty or not a real number, when
 * a required value is empty or has trailing spaces (spec §5), or when its phone repeats an
 * earlier row's. Extra columns are kept in the refused rows' values but otherwise ignored.
 */
export async function checkRecipientRows(
  sheet: ParsedSheet,
  required: readonly string[],
): Promise<RecipientCheck> {
  assertColumns(sheet.columns, required);
  const index = new Map<string, number>();
  sheet.columns.forEach((c, i) => {
    if (c !== '' && !index.has(c)) index.set(c, i);
  });
  const phoneAt = index.get('phone') ?? 0;
  const paramCols = required.filter((c) => /^param\d+$/.test(c));
  const paramAt = paramCols.map((c) => index.get(c) ?? -1);
  const headerAt = required.includes('header') ? (index.get('header') ?? -1) : -1;
  const checked = required.map((c) => ({ column: c, at: index.get(c) ?? -1 }));

  const seen = new Map<string, number>();
  const valid: RecipientRow[] = [];
  const rejected: RecipientRejected[] = [];
  const firstDataRow = sheet.rows[0]?.row ?? 2;
  let done = 0;
  for (const { row: sheetRow, cells } of sheet.rows) {
    // 200,000 phone numbers take seconds to check: let /healthz and other requests in meanwhile.
    if (++done % 1_000 === 0) await nextTurn();
    const row = sheetRow - firstDataRow + 1;
    const reject = (reason: string) =>
      rejected.push({ row, reason, values: valuesOf(sheet.columns, cells) });
    const cell = (at: number) => cells[at] ?? '';

    let reason: string | null = null;
    for (const { column, at } of checked) {
      const value = cell(at);
      if (value.trim() === '') {
        reason =
          column === 'phone'
            ? RECIPIENT_REASONS.phoneEmpty
            : fill(RECIPIENT_REASONS.valueEmpty, { column });
        break;
      }
      if (value !== value.trimEnd()) {
        reason = fill(RECIPIENT_REASONS.trailingSpaces, { column });
        break;
      }
    }
    if (reason) {
      reject(reason);
      continue;
    }
    const phone = recipientPhone(cell(phoneAt));
    if (!phone) {
      reject(RECIPIENT_REASONS.phoneInvalid);
      continue;
    }
    const earlier = seen.get(phone.phone);
    if (earlier !== undefined) {
      reject(fill(RECIPIENT_REASONS.duplicate, { row: earlier }));
      continue;
    }
    seen.set(phone.phone, row);
    valid.push({
      row,
      ...phone,
      params: paramAt.map(cell),
      header: headerAt >= 0 ? cell(headerAt) : null,
    });
  }
  return { columns: sheet.columns, totalRows: sheet.rows.length, valid, rejected };
}

function valuesOf(columns: readonly string[], cells: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  columns.forEach((c, i) => {
    if (c !== '') values[c] = cells[i] ?? '';
  });
  return values;
}
