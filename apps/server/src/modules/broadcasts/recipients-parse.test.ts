import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, RECIPIENT_REASONS } from '@sapa/contracts';
import { AppError } from '../../http/errors.js';
import {
  checkRecipientRows,
  readRecipientFile,
  readRecipientText,
  recipientPhone,
} from './recipients-parse.js';

const COLS = ['phone', 'param1', 'param2'];

async function check(text: string, required = COLS) {
  return checkRecipientRows(await readRecipientText(text), required);
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).message;
  }
  throw new Error('expected a refusal');
}

describe('recipient data: pasted text', () => {
  it('reads comma separated rows with the first line as headers', async () => {
    const r = await check(
      'phone,param1,param2\n081234567890,Budi,INV-1\n+6281298765432,Sari,INV-2',
    );
    expect(r.totalRows).toBe(2);
    expect(r.rejected).toEqual([]);
    expect(r.valid).toEqual([
      {
        row: 1,
        phone: '6281234567890',
        canonical: '81234567890',
        params: ['Budi', 'INV-1'],
        header: null,
      },
      {
        row: 2,
        phone: '6281298765432',
        canonical: '81298765432',
        params: ['Sari', 'INV-2'],
        header: null,
      },
    ]);
  });

  it('reads tab separated rows (pasted from a spreadsheet)', async () => {
    const r = await check('phone\tparam1\tparam2\n6281234567890\tBudi, Jr\tINV-1');
    expect(r.valid[0]).toMatchObject({ phone: '6281234567890', params: ['Budi, Jr', 'INV-1'] });
  });

  it('refuses a Phone header, saying it must be lowercase', async () => {
    expect(await refusal(check('Phone,param1,param2\n0812345678,a,b'))).toBe(
      BROADCAST_MESSAGES.phoneColumnLowercase,
    );
  });

  it('refuses data without a phone column or without a template parameter column', async () => {
    expect(await refusal(check('number,param1,param2\n0812345678,a,b'))).toBe(
      BROADCAST_MESSAGES.noPhoneColumn,
    );
    expect(await refusal(check('phone,param1\n081234567890,a'))).toBe(
      'The recipient data needs a param2 column',
    );
    expect(await refusal(readRecipientText('   \n'))).toBe(BROADCAST_MESSAGES.noData);
  });

  it('rejects rows with trailing spaces, empty values, bad phones and duplicates, with reasons', async () => {
    const r = await check(
      [
        'phone,param1,param2,note',
        '081234567890,Budi ,x,first',
        '081234567891,,x,',
        ',Sari,x,',
        '12ab,Sari,x,',
        '0812,Sari,x,',
        '081234567892,Ani,x,ok',
        '+62 812-3456-7892,Ani,x,again',
        '6281234567893 ,Ani,x,',
      ].join('\n'),
    );
    expect(r.valid.map((v) => v.row)).toEqual([6]);
    expect(r.rejected.map((x) => [x.row, x.reason])).toEqual([
      [1, 'The param1 value has trailing spaces'],
      [2, 'The param1 value is empty'],
      [3, RECIPIENT_REASONS.phoneEmpty],
      [4, RECIPIENT_REASONS.phoneInvalid],
      [5, RECIPIENT_REASONS.phoneInvalid],
      [7, 'Duplicate phone number (same as row 6)'],
      [8, 'The phone value has trailing spaces'],
    ]);
    // The refused row keeps every column as it was, extra ones included, for the download.
    expect(r.rejected[0]?.values).toEqual({
      phone: '081234567890',
      param1: 'Budi ',
      param2: 'x',
      note: 'first',
    });
  });

  it('reads the header parameter column when the template header takes one', async () => {
    const r = await check('phone,header\n081234567890,Promo', ['phone', 'header']);
    expect(r.valid[0]).toMatchObject({ params: [], header: 'Promo' });
  });
});

describe('recipient phones (spec §5 helper: plus, 0 or 62 stripped to one form)', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['+6281234567890', '6281234567890'],
    ['81234567890', '6281234567890'],
    ['+62 812-3456-7890', '6281234567890'],
    ['+16505551234', '16505551234'],
  ])('%s → %s', (raw, phone) => {
    expect(recipientPhone(raw)?.phone).toBe(phone);
  });
  it.each(['', '123', '+999123456789', 'abc'])('%s is not a phone', (raw) => {
    expect(recipientPhone(raw)).toBeNull();
  });
});

describe('recipient data: files', () => {
  it('reads a CSV with a BOM and semicolons (Excel in an Indonesian locale)', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('phone;param1;param2\r\n081234567890;Budi;Rp 10.000,00\r\n'),
    ]);
    const r = await checkRecipientRows(await readRecipientFile(bytes), COLS);
    expect(r.valid).toHaveLength(1);
    expect(r.valid[0]?.params).toEqual(['Budi', 'Rp 10.000,00']);
  });

  it('reads an XLSX, numbers typed as numbers included', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['phone', 'param1', 'param2']);
    ws.addRow([6281234567890, 'Budi', 42]);
    ws.addRow(['0812 9876 5432', 'Sari', 'x']);
    ws.addRow(['PHONE?', 'x', 'y']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await checkRecipientRows(await readRecipientFile(bytes), COLS);
    expect(r.valid.map((v) => [v.phone, ...v.params])).toEqual([
      ['6281234567890', 'Budi', '42'],
      ['6281298765432', 'Sari', 'x'],
    ]);
    expect(r.rejected).toEqual([
      {
        row: 3,
        reason: RECIPIENT_REASONS.phoneInvalid,
        values: { phone: 'PHONE?', param1: 'x', param2: 'y' },
      },
    ]);
  });

  it('refuses an empty or binary file', async () => {
    expect(await refusal(readRecipientFile(Buffer.alloc(0)))).toBe(BROADCAST_MESSAGES.noData);
    await expect(readRecipientFile(Buffer.from([0, 159, 146, 150, 0, 1]))).rejects.toBeInstanceOf(
      AppError,
    );
  });
});

describe('recipient data: 100,000 rows', () => {
  it('parses and validates every row of a 100,000-row upload', async () => {
    const lines = ['phone,param1,param2'];
    for (let i = 0; i < 100_000; i++)
      lines.push(`0812${String(10_000_000 + i)},Customer ${i},INV-${i}`);
    lines.push('081210000000,Again,INV');
    const r = await checkRecipientRows(
      await readRecipientFile(Buffer.from(lines.join('\n'))),
      COLS,
    );
    expect(r.totalRows).toBe(100_001);
    expect(r.valid).toHaveLength(100_000);
    expect(r.valid[99_999]).toMatchObject({ row: 100_000, phone: '62812' + String(10_099_999) });
    expect(r.rejected).toEqual([
      expect.objectContaining({ row: 100_001, reason: 'Duplicate phone number (same as row 1)' }),
    ]);
  });
});
