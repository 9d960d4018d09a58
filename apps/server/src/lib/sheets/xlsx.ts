import { SHEET_LIMITS } from '@sapa/contracts';
import type { SheetBuilder } from './builder.js';
import { overLimit, unreadable } from './refusals.js';
import { readXml, type XmlAttributes, type XmlHandlers } from './xml.js';
import {
  readDateStyles,
  readRels,
  readSharedStrings,
  readWorkbook,
  relOfType,
  type PartReader,
} from './xlsx-parts.js';
import { inflateEntry, zipEntries, type UnpackBudget } from './zip.js';

const OFFICE_DOCUMENT = 'officeDocument';
// Excel's last row.
const MAX_ROW = 1_048_576;

/**
 * The first sheet of an XLSX, read from the zip's central directory: the workbook and its
 * relationships say which part is the first sheet, shared strings and styles are read before
 * it, and the sheet's cells stream into the builder. Nothing but those parts is inflated, and
 * together they may not unpack past SHEET_LIMITS.unpackedBytes.
 */
export async function readXlsx(bytes: Buffer, builder: SheetBuilder): Promise<void> {
  const entries = zipEntries(bytes);
  const budget: UnpackBudget = { left: SHEET_LIMITS.unpackedBytes };
  const read: PartReader = async (path, handlers) => {
    const entry = entries.get(path.toLowerCase());
    if (!entry) return false;
    await readXml(inflateEntry(bytes, entry, budget), handlers);
    return true;
  };

  const root = await readRels(read, '');
  const workbookPath = relOfType(root, OFFICE_DOCUMENT)?.target ?? 'xl/workbook.xml';
  const workbook = await readWorkbook(read, workbookPath);
  const rels = await readRels(read, workbookPath);
  const sheet = workbook.firstSheet ? rels.get(workbook.firstSheet) : undefined;
  if (!sheet) throw unreadable();
  const styles = relOfType(rels, 'styles');
  const shared = relOfType(rels, 'sharedStrings');
  const cells: CellContext = {
    dateStyles: styles ? await readDateStyles(read, styles.target) : [],
    strings: shared ? await readSharedStrings(read, shared.target) : [],
    date1904: workbook.date1904,
  };
  if (!(await read(sheet.target, sheetHandlers(builder, cells)))) throw unreadable();
}

interface CellContext {
  dateStyles: boolean[];
  strings: string[];
  date1904: boolean;
}

interface OpenCell {
  col: number;
  type: string;
  style: number;
  kept: boolean;
  raw: string;
}

/** `<sheetData>`: rows of cells. Everything after it (merges, print settings…) is not read. */
function sheetHandlers(builder: SheetBuilder, context: CellContext): XmlHandlers {
  let inData = false;
  let finished = false;
  let row = 0;
  let nextCol = 0;
  let cell: OpenCell | null = null;
  let inValue = false;
  let inInline = false;
  let phonetic = 0;
  return {
    open(name: string, a: XmlAttributes) {
      if (name === 'sheetData') inData = true;
      if (!inData) return;
      if (name === 'row') {
        row = a.r === undefined ? row + 1 : Number(a.r);
        if (!Number.isInteger(row) || row < 1 || row > MAX_ROW) throw unreadable();
        nextCol = 0;
        builder.startRow(row);
      } else if (name === 'c') {
        const col = a.r === undefined ? nextCol : columnOf(a.r);
        nextCol = col + 1;
        const kept = builder.cell(col);
        cell = { col, type: a.t ?? 'n', style: Number(a.s ?? 0), kept, raw: '' };
      } else if (cell?.kept) {
        if (name === 'v') inValue = true;
        else if (name === 'is') inInline = true;
        else if (name === 'rPh') phonetic++;
        else if (name === 't' && inInline && phonetic === 0) inValue = true;
      }
    },
    text(value: string) {
      if (!inValue || !cell) return;
      cell.raw += value;
      if (cell.raw.length > SHEET_LIMITS.cellChars) throw overLimit('sheetCellTooLong');
    },
    close(name: string) {
      if (!inData) return;
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c') {
        if (cell?.kept) builder.value(cell.col, cellText(cell, context));
        cell = null;
      } else if (name === 'row') builder.endRow();
      else if (name === 'sheetData') {
        inData = false;
        finished = true;
      }
    },
    done: () => finished,
  };
}

/** `B12` → 1. A reference Excel cannot make (past XFD, or none) means a broken file. */
export function columnOf(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length && i < 4; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) col = col * 26 + code - 64;
    else if (code >= 97 && code <= 122) col = col * 26 + code - 96;
    else break;
  }
  if (i === 0) throw unreadable();
  if (col > SHEET_LIMITS.columns) throw overLimit('sheetTooManyColumns');
  return col - 1;
}

/** A cell's text as the user sees it: dates as YYYY-MM-DD, formulas by their cached result. */
export function cellText(cell: Pick<OpenCell, 'type' | 'style' | 'raw'>, c: CellContext): string {
  const { raw } = cell;
  switch (cell.type) {
    case 's':
      return raw === '' ? '' : (c.strings[Number(raw)] ?? '');
    case 'str':
    case 'inlineStr':
      return raw;
    case 'b':
      return raw === '' ? '' : String(Number(raw) !== 0);
    case 'e':
      return '';
    case 'd': {
      const date = new Date(raw);
      return Number.isNaN(date.getTime()) ? raw : date.toISOString().slice(0, 10);
    }
    default: {
      if (raw.trim() === '') return '';
      const value = Number(raw);
      if (!Number.isFinite(value)) return raw;
      if (c.dateStyles[cell.style]) return excelDate(value, c.date1904);
      return String(value);
    }
  }
}

/** Excel counts days from 1899-12-30 (1904-01-01 in the 1904 system), as ExcelJS does. */
function excelDate(serial: number, date1904: boolean): string {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}
