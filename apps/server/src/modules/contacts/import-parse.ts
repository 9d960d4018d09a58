import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { MESSAGES } from '@sapa/contracts';
import { badRequest } from '../../http/errors.js';

/** A spreadsheet as text: its header and its data rows, numbered as in the file (header = 1). */
export interface ParsedSheet {
  columns: string[];
  rows: { row: number; cells: string[] }[];
}

const unreadable = () => badRequest(MESSAGES.importFileUnreadable, 'IMPORT_FILE_UNREADABLE');

/** CSV or XLSX, told apart by content (an XLSX is a zip), never by the file name. */
export async function parseSheet(bytes: Buffer): Promise<ParsedSheet> {
  if (bytes.length === 0) throw unreadable();
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const table = isZip ? await readXlsx(bytes) : readCsv(bytes);
  return shape(table);
}

function shape(table: string[][]): ParsedSheet {
  const headerAt = table.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  const header = table[headerAt];
  if (headerAt < 0 || !header) throw unreadable();
  const rows: ParsedSheet['rows'] = [];
  for (let i = headerAt + 1; i < table.length; i++) {
    const cells = table[i] ?? [];
    if (cells.some((c) => c.trim() !== '')) rows.push({ row: i + 1, cells });
  }
  return { columns: header.map((c) => c.trim()), rows };
}

function readCsv(bytes: Buffer): string[][] {
  let text: string;
  try {
    // fatal: a binary or non-UTF-8 file is refused instead of read as mojibake.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unreadable();
  }
  if (text.includes('\u0000')) throw unreadable();
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  try {
    return parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch {
    throw unreadable();
  }
}

/** The delimiter Excel in the user's locale wrote: whichever of , ; tab the header uses most. */
function delimiterOf(text: string): string {
  const end = text.search(/\r?\n/);
  const header = end < 0 ? text : text.slice(0, end);
  const unquoted = header.replace(/"[^"]*"/g, '');
  const count = (d: string) => unquoted.split(d).length - 1;
  let best = ',';
  for (const d of [';', '\t']) if (count(d) > count(best)) best = d;
  return best;
}

/**
 * The first sheet, read as a stream: a loaded workbook model costs about 300 bytes of
 * memory per cell (1.5 GB for 200,000 rows), the stream keeps only the text.
 */
async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const table: string[][] = [];
  let sawSheet = false;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      sharedStrings: 'cache',
      // Styles tell a date from a number.
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          cells[col - 1] = cellText(cell.value);
        });
        table[row.number - 1] = Array.from(cells, (c) => c ?? '');
      }
      break;
    }
  } catch {
    throw unreadable();
  }
  if (!sawSheet) throw unreadable();
  return Array.from(table, (r) => r ?? []);
}

/** A cell's value as the user sees it; dates as YYYY-MM-DD, formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  return '';
}
