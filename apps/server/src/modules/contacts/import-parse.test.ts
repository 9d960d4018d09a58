import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { parseSheet } from './import-parse.js';

async function book(fill: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const unreadable = { statusCode: 400, message: MESSAGES.importFileUnreadable };

describe('parseSheet (XLSX, streamed)', () => {
  it('reads only the first sheet and numbers rows as the file does, blank rows skipped', async () => {
    const bytes = await book((wb) => {
      const first = wb.addWorksheet('People');
      first.getCell('A2').value = 'phone';
      first.getCell('B2').value = 'name';
      first.getCell('A3').value = 6281234567890;
      first.getCell('B3').value = { richText: [{ text: 'Bu' }, { text: 'di' }] };
      first.getCell('A5').value = '0812 000';
      first.getCell('B5').value = { formula: 'UPPER("ani")', result: 'ANI' };
      first.getCell('C5').value = new Date('2024-03-05T00:00:00Z');
      wb.addWorksheet('Other').addRow(['not', 'read']);
    });
    expect(await parseSheet(bytes)).toEqual({
      columns: ['phone', 'name'],
      rows: [
        { row: 3, cells: ['6281234567890', 'Budi'] },
        { row: 5, cells: ['0812 000', 'ANI', '2024-03-05'] },
      ],
    });
  });

  it('refuses a zip that is not a workbook, and a workbook cut short', async () => {
    const good = await book((wb) => wb.addWorksheet('A').addRow(['phone']));
    const cut = good.subarray(0, Math.floor(good.length / 2));
    await expect(parseSheet(cut)).rejects.toMatchObject(unreadable);
    const junk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);
    await expect(parseSheet(junk)).rejects.toMatchObject(unreadable);
  });

  it('refuses a workbook whose first sheet is empty', async () => {
    const bytes = await book((wb) => wb.addWorksheet('Empty'));
    await expect(parseSheet(bytes)).rejects.toMatchObject(unreadable);
  });
});
