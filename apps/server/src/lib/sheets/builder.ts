import { SHEET_LIMITS } from '@sapa/contracts';
import type { AppError } from '../../http/errors.js';
import { overLimit, unreadable } from './refusals.js';

/**
 * A spreadsheet as text: the header's named columns and the data rows, each row numbered as in
 * the file (header = its own number) with one cell per named column.
 */
export interface ParsedSheet {
  columns: string[];
  rows: { row: number; cells: string[] }[];
}

export interface SheetOptions {
  /** Data rows (non-blank, after the header) the caller accepts; one more is refused. */
  maxRows: number;
  /** The caller's refusal for too many rows, in its own words. */
  tooManyRows: () => AppError;
}

const NOT_KEPT = -1;

/**
 * Shapes cells into a ParsedSheet as a reader streams them, enforcing SHEET_LIMITS and the row
 * limit as it goes. The first row with any text is the header; afterwards only the columns it
 * names are kept, so a row reaching column XFD costs one skipped cell, not 16,384 empty ones.
 */
export class SheetBuilder {
  private columns: string[] | null = null;
  /** File column (0-based) → index in `columns`, NOT_KEPT for columns the header leaves blank. */
  private readonly slots = new Int32Array(SHEET_LIMITS.columns).fill(NOT_KEPT);
  private readonly rows: ParsedSheet['rows'] = [];
  /** The row being read: before the header, its non-blank cells; after, one per column. */
  private headerCells = new Map<number, string>();
  private cells: string[] = [];
  private rowNumber = 0;
  private rowChars = 0;
  private cellCount = 0;
  private textChars = 0;

  constructor(private readonly options: SheetOptions) {}

  startRow(row: number): void {
    this.rowNumber = row;
    this.rowChars = 0;
    this.headerCells.clear();
    this.cells = this.columns ? new Array<string>(this.columns.length).fill('') : [];
  }

  /**
   * Counts one cell of the file (kept or not) and says whether its column is kept, so a reader
   * works out a value only when it will be used. `col` is 0-based.
   */
  cell(col: number): boolean {
    if (++this.cellCount > SHEET_LIMITS.cells) throw overLimit('sheetTooManyCells');
    if (col >= SHEET_LIMITS.columns) throw overLimit('sheetTooManyColumns');
    return this.columns === null || this.slots[col] !== NOT_KEPT;
  }

  /** The text of a cell `cell(col)` said is kept. */
  value(col: number, text: string): void {
    if (text.length > SHEET_LIMITS.cellChars) throw overLimit('sheetCellTooLong');
    this.rowChars += text.length;
    if (this.rowChars > SHEET_LIMITS.rowChars) throw overLimit('sheetRowTooLong');
    this.textChars += text.length;
    if (this.textChars > SHEET_LIMITS.textChars) throw overLimit('sheetTooMuchText');
    if (this.columns === null) {
      if (text.trim() === '') this.headerCells.delete(col);
      else this.headerCells.set(col, text.trim());
      return;
    }
    const slot = this.slots[col] ?? NOT_KEPT;
    if (slot !== NOT_KEPT) this.cells[slot] = text;
  }

  endRow(): void {
    if (this.columns === null) {
      if (this.headerCells.size === 0) return;
      // Cells may come out of order in an XLSX; the header lists them left to right.
      const named = [...this.headerCells].sort(([a], [b]) => a - b);
      this.columns = named.map(([, text]) => text);
      named.forEach(([col], i) => (this.slots[col] = i));
      this.headerCells.clear();
      return;
    }
    if (!this.cells.some((c) => c.trim() !== '')) return;
    if (this.rows.length >= this.options.maxRows) throw this.options.tooManyRows();
    this.rows.push({ row: this.rowNumber, cells: this.cells });
    this.cells = [];
  }

  result(): ParsedSheet {
    if (this.columns === null) throw unreadable();
    return { columns: this.columns, rows: this.rows };
  }
}
