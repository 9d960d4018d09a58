import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';
import type { SheetFormat } from '../../contacts/sheet-writer.js';

export type SheetCell = string | number;

/**
 * Ledger rows streamed out as CSV (UTF-8 with BOM, for Excel) or XLSX. Amounts are numbers, so a
 * spreadsheet can sum them and a debit's minus sign is not mistaken for a formula; text cells that
 * a spreadsheet would run as a formula are escaped (CSV) or written as text (XLSX). Rows are
 * pulled as the client reads, so a long ledger never sits in memory.
 */
export function writeLedgerSheet(
  format: SheetFormat,
  columns: readonly string[],
  rows: AsyncIterable<SheetCell[]>,
): Readable {
  if (format === 'csv') {
    const csv = stringify({
      bom: true,
      header: true,
      columns: [...columns],
      escape_formulas: true,
      cast: { number: (value) => String(value) },
    });
    const source = Readable.from(rows);
    source.on('error', (err) => csv.destroy(err));
    source.pipe(csv);
    return csv;
  }
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Saldo');
  void (async () => {
    sheet.addRow([...columns]).commit();
    for await (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
