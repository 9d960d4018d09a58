import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';

let ctx: TestContext;
let admin: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
  stranger = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
});
afterAll(() => ctx.close());

interface Preview {
  importId: string;
  columns: string[];
  totalRows: number;
  validRows: number;
  mergeRows: number;
  sample: Record<string, string>[];
  rejected: { row: number; reason: string; values: Record<string, string> }[];
}

function upload(user: TestUser, bytes: Buffer, filename = 'contacts.csv') {
  const boundary = `----sapa${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/contacts/import/preview',
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function preview(user: TestUser, bytes: Buffer, filename?: string): Promise<Preview> {
  const res = await upload(user, bytes, filename);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function commit(user: TestUser, importId: string, groupId?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/contacts/import/commit',
    headers: user.auth,
    payload: { importId, ...(groupId ? { groupId } : {}) },
  });
}

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user.auth });

async function xlsx(rows: (string | number | Date)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Contacts');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    out.push(
      (row.values as unknown[])
        .slice(1)
        .map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return out;
}

const contactsOf = async (user: TestUser, query = '') =>
  (await get(user, `/api/contacts?perpage=200${query}`)).json() as {
    data: {
      name: string;
      phone: string;
      email: string | null;
      notes: string;
      labels: string[];
      attributes: Record<string, string>;
    }[];
    total: number;
  };

describe('contact import', () => {
  it('reads a BOM semicolon CSV, merges every Indonesian phone form and explains rejections', async () => {
    const user = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
    const vip = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/labels',
        headers: user.auth,
        payload: { label: 'VIP', color: '#fa5252' },
      })
    ).json()._id as string;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts/attributes',
      headers: user.auth,
      payload: { key: 'city', label: 'City' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: user.auth,
      payload: { name: 'Existing', phone: '081299990001', notes: 'keep me' },
    });
    const csv = [
      'Phone;Name;EMAIL;Labels;City;Favourite colour',
      '+62 812-9999-0001;Ani;ani@example.com;vip;Bandung;blue',
      '62812 9999 0002;Bima;;;;',
      '0812-9999-0002;;bima@example.com;VIP;Solo;',
      '812 9999 0002;Bima Sakti;;;;',
      '12345;Bad phone;;;;',
      ';No phone;;;;',
      '0812 9999 0003;Bad mail;not-an-email;;;',
      '0812 9999 0004;Bad label;;Gold;;',
      '',
    ].join('\r\n');
    const p = await preview(
      user,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]),
    );
    expect(p.columns).toEqual(['Phone', 'Name', 'EMAIL', 'Labels', 'City', 'Favourite colour']);
    expect(p.totalRows).toBe(8);
    expect(p.validRows).toBe(2);
    expect(p.mergeRows).toBe(1);
    expect(p.sample[1]).toMatchObject({
      phone: '81299990002',
      name: 'Bima Sakti',
      email: 'bima@example.com',
      labels: 'VIP',
      city: 'Solo',
    });
    expect(p.rejected.map((r) => [r.row, r.reason])).toEqual([
      [6, MESSAGES.invalidPhone],
      [7, 'The phone number is empty'],
      [8, 'The value is not a valid email address'],
      [9, 'Unknown label: Gold'],
    ]);
    expect(p.rejected[0]?.values).toMatchObject({ Phone: '12345', Name: 'Bad phone' });

    const done = await commit(user, p.importId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ created: 1, merged: 1, rejected: 4 });
    const { data } = await contactsOf(user);
    expect(data.map((c) => [c.phone, c.name, c.notes, c.labels, c.attributes])).toEqual([
      ['81299990001', 'Ani', 'keep me', [vip], { city: 'Bandung' }],
      ['81299990002', 'Bima Sakti', '', [vip], { city: 'Solo' }],
    ]);
    // Committed once: a second commit (a double click) finds nothing to write.
    const again = await commit(user, p.importId);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MESSAGES.importExpired);
  });

  it('reads tab-separated files and refuses files it cannot use', async () => {
    const tabs = await preview(
      admin,
      Buffer.from('name\tphone\tnotes\nTab Person\t0813 7777 0001\thello\n'),
    );
    expect(tabs).toMatchObject({
      totalRows: 1,
      validRows: 1,
      sample: [{ phone: '81377770001', notes: 'hello' }],
    });

    const noPhone = await upload(admin, Buffer.from('name,email\nA,a@example.com\n'));
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe(MESSAGES.importNoPhoneColumn);

    for (const bad of [
      Buffer.from([0x00, 0xff, 0xfe, 0x10, 0x80, 0x81]),
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from('not really a zip')]),
      Buffer.alloc(0),
    ]) {
      const res = await upload(admin, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.importFileUnreadable);
    }
    const huge = await upload(admin, Buffer.alloc(10 * 1024 * 1024 + 10, 'a'));
    expect(huge.statusCode).toBe(413);
  });

  it('reads the first sheet of an XLSX with numeric phones and dates', async () => {
    const user = await createUser(ctx, await createAccount(ctx), { role: 'supervisor' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts/attributes',
      headers: user.auth,
      payload: { key: 'since', label: 'Since', type: 'date' },
    });
    const bytes = await xlsx([
      ['Name', 'Phone', 'since', 'Ignored'],
      ['Xena', 6281355550001, new Date('2024-03-05T00:00:00Z'), 'x'],
      ['Yusuf', '0813-5555-0002', '', ''],
    ]);
    const p = await preview(user, bytes, 'people.xlsx');
    expect(p.validRows).toBe(2);
    expect((await commit(user, p.importId)).json()).toEqual({ created: 2, merged: 0, rejected: 0 });
    const { data } = await contactsOf(user);
    expect(data.map((c) => [c.name, c.phone, c.attributes])).toEqual([
      ['Xena', '81355550001', { since: '2024-03-05' }],
      ['Yusuf', '81355550002', {}],
    ]);
  });

  it('imports 10,000 rows in one commit and adds them to a group', async () => {
    const user = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
    const group = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts/groups',
      headers: user.auth,
      payload: { name: 'Big list' },
    });
    const groupId = group.json()._id as string;
    const lines = ['phone,name'];
    for (let i = 0; i < 10_000; i++) lines.push(`0812${String(40000000 + i)},Customer ${i}`);
    const p = await preview(user, Buffer.from(lines.join('\n')));
    expect(p).toMatchObject({ totalRows: 10_000, validRows: 10_000, mergeRows: 0, rejected: [] });
    const done = await commit(user, p.importId, groupId);
    expect(done.json()).toEqual({ created: 10_000, merged: 0, rejected: 0 });
    expect((await contactsOf(user)).total).toBe(10_000);
    expect((await contactsOf(user, `&groupId=${groupId}`)).total).toBe(10_000);
  });

  it('writes nothing when the commit fails part-way', async () => {
    const user = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
    const lines = ['phone,name'];
    for (let i = 0; i < 2500; i++) lines.push(`0812${String(50000000 + i)},Row ${i}`);
    const p = await preview(user, Buffer.from(lines.join('\n')));
    // The database refuses the last row, after two batches were already written.
    await sql`CREATE FUNCTION sapa_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.phone = '81250002499' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`.execute(
      ctx.deps.db,
    );
    await sql`CREATE TRIGGER sapa_test_refuse BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION sapa_test_refuse()`.execute(
      ctx.deps.db,
    );
    try {
      expect((await commit(user, p.importId)).statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER sapa_test_refuse ON contacts`.execute(ctx.deps.db);
      await sql`DROP FUNCTION sapa_test_refuse()`.execute(ctx.deps.db);
    }
    expect((await contactsOf(user)).total).toBe(0);
    // The preview is still there to commit once the problem is gone.
    expect((await commit(user, p.importId)).json()).toEqual({
      created: 2500,
      merged: 0,
      rejected: 0,
    });
  });

  it('keeps previews to their account and lets them expire', async () => {
    const p = await preview(admin, Buffer.from('phone\n081366660001\n'));
    expect((await commit(stranger, p.importId)).statusCode).toBe(404);
    expect((await get(stranger, `/api/contacts/import/${p.importId}/rejected`)).statusCode).toBe(
      404,
    );
    // A day later (moving the clock would also expire the session's token).
    await ctx.deps.db
      .updateTable('contact_imports')
      .set({ expires_at: new Date(ctx.clock.now().getTime() - 1000) })
      .where('id', '=', p.importId)
      .execute();
    const late = await commit(admin, p.importId);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(MESSAGES.importExpired);
  });

  it('downloads the rejected rows with a reason column as CSV and XLSX', async () => {
    const p = await preview(
      admin,
      Buffer.from('phone,name\n123,Short\n=cmd,Formula\n081366660002,Fine\n'),
    );
    const csv = await get(admin, `/api/contacts/import/${p.importId}/rejected?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe(
      `\uFEFFphone,name,reason\n123,Short,${MESSAGES.invalidPhone}\n'=cmd,Formula,${MESSAGES.invalidPhone}\n`,
    );
    const book = await get(admin, `/api/contacts/import/${p.importId}/rejected?format=xlsx`);
    expect(book.statusCode).toBe(200);
    expect(await readXlsx(book.rawPayload)).toEqual([
      ['phone', 'name', 'reason'],
      ['123', 'Short', MESSAGES.invalidPhone],
      ['=cmd', 'Formula', MESSAGES.invalidPhone],
    ]);
  });
});

describe('contact export', () => {
  it('round-trips through CSV and XLSX into another account', async () => {
    const from = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
    const label = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/labels',
        headers: from.auth,
        payload: { label: 'Lead', color: '#228be6' },
      })
    ).json()._id as string;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts/attributes',
      headers: from.auth,
      payload: { key: 'tier', label: 'Tier', type: 'number' },
    });
    const people = [
      {
        name: '=HYPERLINK("x")',
        phone: '081211112222',
        email: 'a@example.com',
        notes: 'note, with comma',
        labels: [label],
        attributes: { tier: '3' },
      },
      { name: 'Putri', phone: '+1 415 555 0123', notes: '' },
      { name: 'Tanpa Nomor' },
    ];
    for (const payload of people) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: from.auth,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const csv = await get(from, '/api/contacts/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFFphone,name,email,notes,labels,tier\n')).toBe(true);
    expect(csv.body).toContain(
      `+6281211112222,"'=HYPERLINK(""x"")",a@example.com,"note, with comma",Lead,3`,
    );
    const xlsxRes = await get(from, '/api/contacts/export?format=xlsx&searchText=putri');
    expect(await readXlsx(xlsxRes.rawPayload)).toEqual([
      ['phone', 'name', 'email', 'notes', 'labels', 'tier'],
      ['+14155550123', 'Putri'],
    ]);

    for (const [format, bytes] of [
      ['csv', csv.rawPayload],
      ['xlsx', (await get(from, '/api/contacts/export?format=xlsx')).rawPayload],
    ] as const) {
      const to = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
      await ctx.app.inject({
        method: 'POST',
        url: '/api/labels',
        headers: to.auth,
        payload: { label: 'Lead', color: '#228be6' },
      });
      await ctx.app.inject({
        method: 'POST',
        url: '/api/contacts/attributes',
        headers: to.auth,
        payload: { key: 'tier', label: 'Tier', type: 'number' },
      });
      const p = await preview(to, bytes, `export.${format}`);
      // The contact without a phone cannot be imported; the others come back as they were.
      expect(
        p.rejected.map((r) => r.reason),
        format,
      ).toEqual(['The phone number is empty']);
      expect((await commit(to, p.importId)).json()).toEqual({ created: 2, merged: 0, rejected: 1 });
      const back = await contactsOf(to);
      expect(
        back.data.map((c) => [c.phone, c.email, c.notes, c.labels.length, c.attributes]),
        format,
      ).toEqual([
        ['81211112222', 'a@example.com', 'note, with comma', 1, { tier: '3' }],
        ['14155550123', null, '', 0, {}],
      ]);
    }
  });
});
