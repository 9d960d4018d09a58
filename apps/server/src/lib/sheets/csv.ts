import { isUtf8 } from 'node:buffer';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { SHEET_LIMITS } from '@sapa/contracts';
import type { SheetBuilder } from './builder.js';
import { asRefusal, overLimit, unreadable } from './refusals.js';

// Fed in slices with a turn of the event loop between them, so /healthz and other requests are
// answered while a 20 MB file is parsed.
const SLICE = 16 * 1024;
// The header line is looked for in this much of the file.
const HEADER_SCAN = 1024 * 1024;

/**
 * A CSV (UTF-8, optional BOM, `,` `;` or tab separated) into the builder, bounded as an XLSX is.
 * csv-parse's max_record_size stops a giant field while it is still being read; a line of a
 * million short fields is stopped between slices by how far the parser has read into the
 * current record (a field per byte at most). (A `cast` hook would see each field as it
 * completes, but csv-parse builds a context object per field for it: 17 times slower.)
 */
export async function readCsv(bytes: Buffer, builder: SheetBuilder): Promise<void> {
  // A binary or non-UTF-8 file is refused instead of read as mojibake.
  if (!isUtf8(bytes) || bytes.includes(0)) throw unreadable();
  let refusal: unknown = null;
  let line = 0;
  // Where the last complete record ended, in bytes read by the parser.
  let recordEnd = 0;
  const parser = parse({
    delimiter: delimiterOf(bytes),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: SHEET_LIMITS.rowChars,
    on_record: (record: string[]) => {
      try {
        builder.startRow(++line);
        record.forEach((text, col) => {
          if (builder.cell(col)) builder.value(col, text);
        });
        builder.endRow();
        recordEnd = parser.info.bytes;
      } catch (error) {
        refusal ??= error;
        throw error;
      }
      return null;
    },
  });
  // csv-parse's own errors (a line past max_record_size, a broken quote) arrive as events.
  parser.on('error', (error) => (refusal ??= error));
  const closed = new Promise((resolve) => parser.once('close', resolve));
  parser.resume();
  for (let at = 0; at < bytes.length && !parser.destroyed; at += SLICE) {
    parser.write(bytes.subarray(at, at + SLICE));
    if (parser.info.bytes - recordEnd > SHEET_LIMITS.rowChars) {
      refusal ??= overLimit('sheetRowTooLong');
      parser.destroy();
    }
    await nextTurn();
  }
  if (!parser.destroyed) parser.end();
  await closed;
  if (refusal === null) return;
  const error: unknown = refusal;
  if (error instanceof Error && 'code' in error && error.code === 'CSV_MAX_RECORD_SIZE')
    throw overLimit('sheetRowTooLong');
  throw asRefusal(error);
}

/** The delimiter Excel in the user's locale wrote: whichever of , ; tab the header uses most. */
function delimiterOf(bytes: Buffer): string {
  const head = bytes.subarray(0, HEADER_SCAN).toString('utf8');
  const end = head.search(/\r?\n/);
  const header = end < 0 ? head : head.slice(0, end);
  const unquoted = header.replace(/"[^"]*"/g, '');
  const count = (d: string) => unquoted.split(d).length - 1;
  let best = ',';
  for (const d of [';', '\t']) if (count(d) > count(best)) best = d;
  return best;
}
