import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import { fact } from './facts.js';
import { writeFacts } from './facts.repo.js';

/** Exports: the tab the caller may see, opened the way a person opens the file. */
let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let agent: TestUser;

const DAY = '2026-05-04';

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-05-04T10:00:00Z');
  accountId = await createAccount(ctx, { name: 'Toko Sejahtera' });
  admin = await createUser(ctx, accountId, { role: 'admin', name: 'Ani' });
  agent = await createUser(ctx, accountId, { role: 'agent', name: '=HYPERLINK("x")' });
  const at = new Date('2026-05-04T03:00:00Z');
  const other = crypto.randomUUID();
  await writeFacts(ctx.deps.pool, [
    fact({
      accountId,
      kind: 'opened',
      sourceId: 't1',
      at,
      day: DAY,
      agentId: agent.id,
      channel: 'whatsapp',
    }),
    fact({
      accountId,
      kind: 'first_response',
      sourceId: 't1',
      at,
      day: DAY,
      agentId: agent.id,
      channel: 'whatsapp',
      valueS: 93,
      valueBhS: 93,
    }),
    fact({
      accountId,
      kind: 'first_response',
      sourceId: 't2',
      at,
      day: DAY,
      agentId: other,
      channel: 'whatsapp',
      valueS: 30,
      valueBhS: 30,
    }),
  ]);
});
afterAll(() => ctx.close());

const download = (user: TestUser, query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/reports/export?${query}`, headers: user.auth });

describe('GET /api/reports/export', () => {
  it('writes the agents table as CSV, with formulas escaped', async () => {
    const res = await download(admin, `tab=agents&from=${DAY}&to=${DAY}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="report-agents-${DAY}-${DAY}.csv"`,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Agent,Handled,Resolved,Replies');
    const row = lines.find((l) => l.includes('HYPERLINK'))!;
    expect(row.startsWith(`"'=HYPERLINK`)).toBe(true);
    expect(row).toContain(',1,0,0,0,93,93,93,');
  });

  it('writes XLSX a spreadsheet opens, headers in Indonesian when asked', async () => {
    const res = await download(admin, `tab=overview&from=2026-05-03&to=${DAY}&format=xlsx&lang=id`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Tanggal');
    expect(sheet.getRow(1).getCell(2).value).toBe('Percakapan baru');
    expect(sheet.getRow(3).getCell(1).value).toBe(DAY);
    expect(sheet.getRow(3).getCell(2).value).toBe('1');
  });

  it('draws the whole tab as PDF', async () => {
    const res = await download(admin, `tab=overview&from=${DAY}&to=${DAY}&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Report: Overview');
    expect(text).toContain('Toko Sejahtera');
    expect(text).toContain('Asia/Jakarta');
    // The median of 30 s and 93 s by the nearest rank: 30 s.
    expect(text).toContain('30 s');
  });

  it('exports only what the caller may see', async () => {
    const res = await download(agent, `tab=agents&from=${DAY}&to=${DAY}&format=csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect((await download(agent, `tab=usage&from=${DAY}&to=${DAY}&format=pdf`)).statusCode).toBe(
      403,
    );
    expect((await download(admin, `tab=agents&from=${DAY}&to=${DAY}&format=doc`)).statusCode).toBe(
      400,
    );
  });
});
