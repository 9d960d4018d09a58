import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';

export type SheetFormat = 'csv' | 'xlsx';

export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Rows streamed out as CSV (UTF-8 with BOM, so Excel reads Indonesian names right; cells a
 * spreadsheet would run as a formula are escaped, as the tickets export does) or as XLSX
 * (cells written as text, which a spreadsheet never evaluates). Rows are pulled as the client
 * reads, so a large export never sits in memory.
 */
export function writeSheet(
  format: SheetFormat,
  columns: string[],
  rows: AsyncIterable<string[]>,
): Readable {
  if (format === 'csv') {
    const csv = stringify({ bom: true, header: true, columns, escape_formulas: true });
    const source = Readable.from(rows);
    source.on('error', (err) => csv.destroy(err));
    source.pipe(csv);
    return csv;
  }
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Sheet1');
  void (async () => {
    sheet.addRow(columns).commit();
    for await (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
