import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { MESSAGES, SALDO_PDF_MAX_ENTRIES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../../test/fixtures.js';
import { pdfText } from '../../../test/pdf-text.js';
import { LedgerService } from '../ledger.js';

let ctx: TestContext;
let ledger: LedgerService;
beforeAll(async () => {
  ctx = await createTestContext();
  ledger = new LedgerService(ctx.deps);
});
afterAll(() => ctx.close());

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user.auth });

/** `count` credits of `amount` each, written straight to the ledger (a long history, quickly). */
async function manyEntries(accountId: string, count: number, amount: number): Promise<void> {
  await sql`
    INSERT INTO balance_ledger (account_id, amount, balance_after, kind, description, created_at)
    SELECT ${accountId}, ${amount}, n * ${amount}, 'adjustment', 'Credit', ${new Date('2026-01-15T03:00:00Z')}
    FROM generate_series(1, ${count}) n`.execute(ctx.deps.db);
}

/** Books an entry at a given instant (the ledger stamps entries with the services' clock). */
async function at(instant: string, book: () => Promise<unknown>): Promise<void> {
  ctx.clock.set(instant);
  await book();
}

/**
 * An account in Asia/Jakarta (UTC+7) with entries either side of local midnights:
 * 15 Jan 23:30, 16 Jan 00:30 and 10:00, 17 Jan 09:00 (Jakarta).
 */
async function accountWithHistory(name = 'Toko Sari'): Promise<TestUser> {
  const id = await createAccount(ctx, { name });
  await at('2026-01-15T16:30:00Z', () =>
    ledger.credit(id, {
      amount: 100_000,
      kind: 'topup',
      orderId: 'SAPA-260115-AAAA',
      description: 'Top-up',
    }),
  );
  await at('2026-01-15T17:30:00Z', () =>
    ledger.charge(id, {
      amount: 550,
      orderId: 'conversation:c1:2026-01-16',
      description: 'Customer-initiated conversation',
    }),
  );
  await at('2026-01-16T03:00:00Z', () =>
    ledger.credit(id, {
      amount: 550,
      kind: 'refund',
      orderId: 'conversation:c1:refund',
      description: 'Conversation not delivered, refunded',
    }),
  );
  await at('2026-01-17T02:00:00Z', () =>
    ledger.charge(id, { amount: 1_100.5, description: 'Business-initiated conversation' }),
  );
  // The admin signs in afterwards ("now" is 20 Jan), and reads Indonesian.
  ctx.clock.set('2026-01-20T05:00:00Z');
  const admin = await createUser(ctx, id);
  await ctx.deps.db
    .updateTable('users')
    .set({ language: 'id' })
    .where('id', '=', admin.id)
    .execute();
  return admin;
}

describe('GET /api/topup/saldo-history filters', () => {
  it('narrows by kind and by days of the account (Asia/Jakarta), newest first', async () => {
    const admin = await accountWithHistory();
    const kinds = async (query: string) => {
      const res = await get(admin, `/api/topup/saldo-history?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return {
        total: body.meta.total,
        rows: body.data.map((e: { kind: string; amount: number }) => `${e.kind} ${e.amount}`),
      };
    };
    expect(await kinds('kind=charge')).toEqual({
      total: 2,
      rows: ['charge -1100.5', 'charge -550'],
    });
    // 15 Jan ends at 17:00Z: the 16:30Z top-up is the 15th's, the 17:30Z charge the 16th's.
    expect(await kinds('from=2026-01-15&to=2026-01-15')).toEqual({
      total: 1,
      rows: ['topup 100000'],
    });
    expect(await kinds('from=2026-01-16&to=2026-01-16')).toEqual({
      total: 2,
      rows: ['refund 550', 'charge -550'],
    });
    expect(await kinds('from=2026-01-16')).toMatchObject({ total: 3 });
    expect(await kinds('to=2026-01-16&kind=charge')).toEqual({
      total: 1,
      rows: ['charge -550'],
    });
    expect(await kinds('from=2026-02-01')).toEqual({ total: 0, rows: [] });
  });

  it('pages within the filter and never shows another account', async () => {
    const admin = await accountWithHistory();
    await accountWithHistory('Another company');
    const res = await get(admin, '/api/topup/saldo-history?perpage=2&page=2');
    expect(res.json().meta).toEqual({ total: 4, page: 2, perpage: 2 });
    expect(res.json().data.map((e: { amount: number }) => e.amount)).toEqual([-550, 100_000]);
    const all = await get(admin, '/api/topup/saldo-history?perpage=200');
    expect(all.json().data.map((e: { saldo: number }) => e.saldo)).toEqual([
      98_899.5, 100_000, 99_450, 100_000,
    ]);
  });

  it.each([
    ['from=2026-01-17&to=2026-01-16', MESSAGES.dateRangeReversed],
    ['kind=bonus', 'The kind must be one of topup, charge, refund, adjustment, plan'],
    ['from=16-01-2026', 'The from date must be a date such as 2026-01-31'],
    ['to=2026-02-30', 'The to date must be a date such as 2026-01-31'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const admin = await createUser(ctx, await createAccount(ctx));
    for (const path of ['saldo-history', 'saldo-history-pdf', 'saldo-history-export']) {
      const res = await get(admin, `/api/topup/${path}?${query}`);
      expect(res.statusCode, path).toBe(400);
      expect(JSON.stringify(res.json().issues ?? res.json().message)).toContain(message);
    }
  });

  it('answers 401 without a token, for the list and both exports', async () => {
    for (const path of ['saldo-history', 'saldo-history-pdf', 'saldo-history-export']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/topup/${path}` });
      expect(res.statusCode, path).toBe(401);
    }
  });
});

describe('GET /api/topup/saldo-history-export', () => {
  it('writes the filtered ledger as CSV: wall-clock times in the zone, order ids only', async () => {
    const admin = await accountWithHistory();
    const res = await get(admin, '/api/topup/saldo-history-export?from=2026-01-15&to=2026-01-16');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="saldo-history-2026-01-15_2026-01-16.csv"',
    );
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    expect(res.body.slice(1).trim().split('\n')).toEqual([
      'date,kind,description,reference,amount,balance',
      '2026-01-16 10:00:00,refund,"Conversation not delivered, refunded",,550,100000',
      '2026-01-16 00:30:00,charge,Customer-initiated conversation,,-550,99450',
      '2026-01-15 23:30:00,topup,Top-up,SAPA-260115-AAAA,100000,100000',
    ]);
  });

  it('writes XLSX with the same rows, and reads every batch of a long ledger', async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    // 2,500 entries: three export batches.
    await manyEntries(admin.accountId, 2_500, 10);
    const res = await get(admin, '/api/topup/saldo-history-export?format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(2_501);
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'date',
      'kind',
      'description',
      'reference',
      'amount',
      'balance',
    ]);
    expect(sheet?.getRow(2).getCell(6).value).toBe(25_000);
    expect(sheet?.getRow(2_501).getCell(6).value).toBe(10);
    expect(sheet?.getRow(2).getCell(1).value).toBe('2026-01-15 10:00:00');
  });
});

describe('GET /api/topup/saldo-history-pdf', () => {
  it('prints a statement of the period in the caller’s language: balances, totals, entries', async () => {
    const admin = await accountWithHistory('Toko Sari Makmur');
    const res = await get(admin, '/api/topup/saldo-history-pdf?from=2026-01-16&to=2026-01-17');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="saldo-history-2026-01-16_2026-01-17.pdf"',
    );
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    // The admin reads Indonesian (createUser above): Indonesian words, dot thousands.
    for (const expected of [
      'Laporan saldo',
      'Toko Sari Makmur',
      '16 Jan 2026 - 17 Jan 2026',
      'Saldo awal',
      'Rp 100.000',
      'Uang masuk',
      '+Rp 550',
      'Uang keluar',
      '-Rp 1.650,50',
      'Saldo akhir',
      'Rp 98.899,50',
      'Customer-initiated conversation',
      'Pengembalian',
      '17 Jan 2026, 09:00',
      'Halaman 1 dari 1',
    ])
      expect(text).toContain(expected);
    // The 15th's top-up is before the period; internal references are never printed.
    expect(text).not.toContain('SAPA-260115-AAAA');
    expect(text).not.toContain('conversation:c1');
  });

  it('prints English when asked, one kind, and an empty period plainly', async () => {
    const admin = await accountWithHistory();
    const topups = await get(admin, '/api/topup/saldo-history-pdf?kind=topup&lang=en');
    const { text } = await pdfText(topups.rawPayload);
    for (const expected of [
      'Balance statement',
      'All entries',
      'Top-up',
      'Ref. SAPA-260115-AAAA',
      'Opening balance',
      'Closing balance',
      'Rp 98.899,50',
      'Generated 20 Jan 2026, 12:00',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Customer-initiated conversation');

    const empty = await get(admin, '/api/topup/saldo-history-pdf?from=2026-03-01&lang=en');
    expect(empty.statusCode).toBe(200);
    expect((await pdfText(empty.rawPayload)).text).toContain('No balance entries in this period.');
  });

  it(`refuses more than ${SALDO_PDF_MAX_ENTRIES} entries with a 400 pointing to the CSV`, async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    await manyEntries(admin.accountId, SALDO_PDF_MAX_ENTRIES + 1, 1);
    const res = await get(admin, '/api/topup/saldo-history-pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: MESSAGES.saldoPdfTooLong,
      code: 'STATEMENT_TOO_LONG',
    });
    // The spreadsheet has no such limit.
    expect((await get(admin, '/api/topup/saldo-history-export')).statusCode).toBe(200);
  });
});
