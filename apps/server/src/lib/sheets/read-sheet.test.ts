import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { badRequest } from '../../http/errors.js';
import {
  deflateRepeated,
  HOSTILE_SHEETS,
  sheetOf,
  xlsx,
  xlsxParts,
  zip,
} from '../../test/hostile-sheets.js';
import { readSheet } from './read-sheet.js';

const ROWS = 1_000;
const options = {
  maxRows: ROWS,
  tooManyRows: () => badRequest('too many rows (the caller says so)', 'TOO_MANY'),
};
const read = (bytes: Buffer) => readSheet(bytes, options);

async function book(fill: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const refused = (message: string) => ({ statusCode: 400, message });
const unreadable = refused(MESSAGES.importFileUnreadable);
const tooManyRows = refused('too many rows (the caller says so)');
const SST_HEAD = '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>';

describe('readSheet (XLSX)', () => {
  it('reads only the first sheet and numbers rows as the file does, blank rows skipped', async () => {
    const bytes = await book((wb) => {
      const first = wb.addWorksheet('People');
      first.getCell('A2').value = 'phone';
      first.getCell('C2').value = 'name';
      first.getCell('A3').value = 6281234567890;
      first.getCell('C3').value = { richText: [{ text: 'Bu' }, { text: 'di' }] };
      first.getCell('A5').value = '0812 000';
      first.getCell('C5').value = { formula: 'UPPER("ani")', result: 'ANI' };
      first.getCell('D5').value = new Date('2024-03-05T00:00:00Z');
      first.getCell('A6').value = 45000;
      first.getCell('A6').numFmt = 'dd/mm/yyyy';
      first.getCell('C6').value = true;
      wb.addWorksheet('Other').addRow(['not', 'read']);
    });
    expect(await read(bytes)).toEqual({
      // The blank header cell B2 names no column, and D (no header) is not kept.
      columns: ['phone', 'name'],
      rows: [
        { row: 3, cells: ['6281234567890', 'Budi'] },
        { row: 5, cells: ['0812 000', 'ANI'] },
        { row: 6, cells: ['2023-03-15', 'true'] },
      ],
    });
  });

  it('keeps only the header’s named columns: cells out to XFD are counted, not materialised', async () => {
    const sheet = await sheetOf(
      '<row><c r="A2" t="inlineStr"><is><t>0812</t></is></c><c r="XFD2"><v>1</v></c></row>' +
        '<row><c r="XFD3"><v>2</v></c></row>',
      3,
      '<row r="1"><c r="A1" t="inlineStr"><is><t>phone</t></is></c></row>',
    );
    const parsed = await read(xlsx(sheet));
    expect(parsed.columns).toEqual(['phone']);
    // Rows with nothing in a named column are blank; the rest keep one cell each.
    expect(parsed.rows).toEqual([
      { row: 2, cells: ['0812'] },
      { row: 4, cells: ['0812'] },
      { row: 6, cells: ['0812'] },
    ]);
  });

  it('refuses a zip that is not a workbook, a workbook cut short, and an empty first sheet', async () => {
    const good = await book((wb) => wb.addWorksheet('A').addRow(['phone']));
    await expect(read(good.subarray(0, Math.floor(good.length / 2)))).rejects.toMatchObject(
      unreadable,
    );
    const junk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);
    await expect(read(junk)).rejects.toMatchObject(unreadable);
    await expect(read(await book((wb) => wb.addWorksheet('Empty')))).rejects.toMatchObject(
      unreadable,
    );
  });

  it('enforces the row limit while reading: what follows the extra row is never parsed', async () => {
    const header = '<row><c t="inlineStr"><is><t>phone</t></is></c></row>';
    const rows = await sheetOf('<row><c><v>1</v></c></row>', ROWS + 1, header);
    await expect(read(xlsx(rows))).rejects.toMatchObject(tooManyRows);
    // The sheet's XML cut short after the extra row: a reader that went on would call it broken.
    const data = '<row><c><v>1</v></c></row>'.repeat(ROWS + 1);
    const cut = `<worksheet><sheetData>${header}${data}<row><c><v>1</v></c><broken`;
    await expect(read(xlsx(cut))).rejects.toMatchObject(tooManyRows);
  });

  it('refuses zips claiming or holding more entries than an XLSX has', async () => {
    const parts = xlsxParts(rowsXml(1));
    await expect(read(zip(parts, { declaredCount: 60_000 }))).rejects.toMatchObject(
      refused(MESSAGES.sheetTooManyParts),
    );
    const padding = Array.from({ length: 1_000 }, (_, i) => ({
      name: `xl/media/${i}.bin`,
      data: Buffer.from('x'),
    }));
    await expect(read(zip([...parts, ...padding]))).rejects.toMatchObject(
      refused(MESSAGES.sheetTooManyParts),
    );
  });

  it('refuses zip bombs by what they declare, and lying ones as soon as they unpack past it', async () => {
    await expect(read(await HOSTILE_SHEETS.zipBomb.build(ROWS))).rejects.toMatchObject(
      refused(MESSAGES.sheetUnpackedTooLarge),
    );
    await expect(read(await HOSTILE_SHEETS.lyingBomb.build(ROWS))).rejects.toMatchObject(
      refused(MESSAGES.importFileUnreadable),
    );
  });

  it('bounds each shared string, and the text shared strings can multiply', async () => {
    await expect(read(await HOSTILE_SHEETS.hugeSharedString.build(ROWS))).rejects.toMatchObject(
      refused(MESSAGES.sheetXmlTooLong),
    );
    const long = `${SST_HEAD}${'a'.repeat(40_000)}</t></si></sst>`;
    await expect(read(xlsx(rowsXml(1), { sharedStrings: long }))).rejects.toMatchObject(
      refused(MESSAGES.sheetCellTooLong),
    );
    // 30,000 characters used by 1,200 cells (600 rows) is 36 million characters of kept text.
    const shared = `${SST_HEAD}${'a'.repeat(30_000)}</t></si></sst>`;
    const sheet = await sheetOf(
      '<row><c t="s"><v>0</v></c><c t="s"><v>0</v></c></row>',
      600,
      '<row><c t="inlineStr"><is><t>phone</t></is></c><c t="inlineStr"><is><t>name</t></is></c></row>',
    );
    await expect(read(xlsx(sheet, { sharedStrings: shared }))).rejects.toMatchObject(
      refused(MESSAGES.sheetTooMuchText),
    );
  });

  it('refuses too many cells, even in columns it does not keep', async () => {
    await expect(read(await HOSTILE_SHEETS.tooManyCells.build(ROWS))).rejects.toMatchObject(
      refused(MESSAGES.sheetTooManyCells),
    );
    await expect(read(xlsx(rowsXml(1, '<c r="XFE2"><v>1</v></c>')))).rejects.toMatchObject(
      refused(MESSAGES.sheetTooManyColumns),
    );
  });

  it('bounds the XML: nesting, token length, and no DOCTYPE', async () => {
    const deep = `${'<x>'.repeat(100)}${'</x>'.repeat(100)}`;
    await expect(read(xlsx(rowsXml(1, '', deep)))).rejects.toMatchObject(
      refused(MESSAGES.sheetXmlTooDeep),
    );
    const longTag = `<x a="${'b'.repeat(400_000)}"/>`;
    await expect(read(xlsx(rowsXml(1, '', longTag)))).rejects.toMatchObject(
      refused(MESSAGES.sheetXmlTooLong),
    );
    const spaces = await deflateRepeated('<worksheet><sheetData>', ' ', 1_000_000, '');
    await expect(read(xlsx(spaces))).rejects.toMatchObject(refused(MESSAGES.sheetXmlTooLong));
    const doctype = `<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaa">]>${rowsXml(1).slice(21)}`;
    await expect(read(xlsx(doctype))).rejects.toMatchObject(unreadable);
  });
});

describe('readSheet (CSV)', () => {
  it('reads , ; and tab separated files with a BOM, numbering rows by record', async () => {
    const parsed = await read(Buffer.from('\uFEFFphone;name;\n0812;"Budi; Jr"\n\n0813;Sari;x\n'));
    expect(parsed).toEqual({
      columns: ['phone', 'name'],
      rows: [
        { row: 2, cells: ['0812', 'Budi; Jr'] },
        { row: 4, cells: ['0813', 'Sari'] },
      ],
    });
  });

  it('refuses binary and non-UTF-8 files', async () => {
    await expect(read(Buffer.from([0x70, 0x00, 0x0a]))).rejects.toMatchObject(unreadable);
    await expect(read(Buffer.from([0x70, 0xff, 0xfe, 0x0a]))).rejects.toMatchObject(unreadable);
  });

  it('refuses a giant line, a huge column count, a long cell, too many cells and rows', async () => {
    await expect(read(await HOSTILE_SHEETS.giantCsvLine.build(ROWS))).rejects.toMatchObject(
      refused(MESSAGES.sheetRowTooLong),
    );
    await expect(read(await HOSTILE_SHEETS.manyCsvColumns.build(ROWS))).rejects.toMatchObject(
      refused(MESSAGES.sheetTooManyColumns),
    );
    await expect(read(Buffer.from(`phone\n${'a'.repeat(40_000)}\n`))).rejects.toMatchObject(
      refused(MESSAGES.sheetCellTooLong),
    );
    const wide = `${',x'.repeat(16_000)}\n`;
    await expect(read(Buffer.from(`phone${wide}${wide.repeat(130)}`))).rejects.toMatchObject(
      refused(MESSAGES.sheetTooManyCells),
    );
    await expect(read(await HOSTILE_SHEETS.tooManyRows.build(ROWS))).rejects.toMatchObject(
      tooManyRows,
    );
  });
});

/** A sheet with a `phone` header and `count` rows, `extra` in each row, `before` the data. */
function rowsXml(count: number, extra = '', before = ''): string {
  const rows = Array.from(
    { length: count },
    (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>81234567${i}</v></c>${extra}</row>`,
  ).join('');
  return `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${before}<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>phone</t></is></c></row>${rows}</sheetData></worksheet>`;
}
