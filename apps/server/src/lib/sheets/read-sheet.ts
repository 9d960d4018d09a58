import { SheetBuilder, type ParsedSheet, type SheetOptions } from './builder.js';
import { readCsv } from './csv.js';
import { unreadable } from './refusals.js';
import { readXlsx } from './xlsx.js';

export type { ParsedSheet, SheetOptions } from './builder.js';

/**
 * A CSV or XLSX, told apart by content (an XLSX is a zip), never by the file name. Either is
 * read as a stream into a SheetBuilder, which keeps only the header's named columns and refuses
 * the file as soon as it passes a SHEET_LIMITS limit or the caller's row limit.
 */
export async function readSheet(bytes: Buffer, options: SheetOptions): Promise<ParsedSheet> {
  if (bytes.length === 0) throw unreadable();
  const builder = new SheetBuilder(options);
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  await (isZip ? readXlsx(bytes, builder) : readCsv(bytes, builder));
  return builder.result();
}
