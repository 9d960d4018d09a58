import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount, createRoles, type TestUser } from '../../../test/fixtures.js';
import { insertOrder } from '../../../test/fixtures-invoices.js';
import { pdfText } from '../../../test/pdf-text.js';
import { issueInvoice } from './issue.js';
import { InvoicesService } from './service.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let supervisor: TestUser;
let agent: TestUser;
let outsider: TestUser;
let invoices: InvoicesService;
/** This account's invoices, oldest first: two in 2034, three in 2035. */
const ids: string[] = [];

const get = (url: string, user: TestUser = admin) =>
  ctx.app.inject({ method: 'GET', url, headers: user.auth });

async function paidInvoice(account: string, paidAt: string): Promise<string> {
  const orderId = await insertOrder(ctx, account, { amount: 250_000, paidAt: new Date(paidAt) });
  const result = await issueInvoice(ctx.deps.db, orderId);
  if (result.outcome !== 'issued') throw new Error(`not issued: ${result.outcome}`);
  return result.invoiceId;
}

beforeAll(async () => {
  ctx = await createTestContext();
  invoices = new InvoicesService(ctx.deps);
  accountId = await createAccount(ctx, { name: 'CV Kopi Nusantara' });
  ({ admin, supervisor, agent, stranger: outsider } = await createRoles(ctx, accountId));
  for (const at of [
    '2034-02-01T03:00:00Z',
    '2034-07-01T03:00:00Z',
    '2035-01-05T03:00:00Z',
    '2035-03-05T03:00:00Z',
    '2035-05-05T03:00:00Z',
  ])
    ids.push(await paidInvoice(accountId, at));
});
afterAll(() => ctx.close());

describe('GET /api/billing', () => {
  it('lists the account’s invoices newest first, with paging and a year filter', async () => {
    const page1 = await get('/api/billing?perpage=2');
    expect(page1.statusCode).toBe(200);
    const body = page1.json() as { data: Invoice[]; meta: { total: number } };
    expect(body.meta).toEqual({ total: 5, page: 1, perpage: 2 });
    expect(body.data.map((i) => i._id)).toEqual([ids[4], ids[3]]);
    expect(body.data[0]).toMatchObject({
      number: 'INV/2035/000003',
      orderType: 'topup',
      status: 'paid',
      subtotal: 250_000,
      taxBase: 229_167,
      ppnRate: 11,
      ppn: 27_500,
      total: 277_500,
      paymentMethod: 'BCA Virtual Account',
      buyer: { name: 'CV Kopi Nusantara', email: admin.email },
      taxInvoiceNumber: null,
    });

    const page3 = (await get('/api/billing?perpage=2&page=3')).json();
    expect(page3.data.map((i: Invoice) => i._id)).toEqual([ids[0]]);

    const year = (await get('/api/billing?year=2034')).json();
    expect(year.meta.total).toBe(2);
    expect(year.data.map((i: Invoice) => i.number)).toEqual(['INV/2034/000002', 'INV/2034/000001']);
  });

  it('answers 400 for a bad page or year', async () => {
    expect((await get('/api/billing?page=0')).statusCode).toBe(400);
    expect((await get('/api/billing?perpage=500')).statusCode).toBe(400);
    expect((await get('/api/billing?year=twenty')).statusCode).toBe(400);
  });

  it('is for admins and supervisors; agents get 403, and nobody sees another account’s', async () => {
    expect((await get('/api/billing', supervisor)).statusCode).toBe(200);
    expect((await get('/api/billing', agent)).statusCode).toBe(403);
    expect((await get(`/api/billing/${ids[0]}`, agent)).statusCode).toBe(403);
    const theirs = (await get('/api/billing', outsider)).json();
    expect(theirs.meta.total).toBe(0);
  });
});

describe('GET /api/billing/first', () => {
  it('is the newest invoice', async () => {
    const res = await get('/api/billing/first');
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(ids[4]);
  });

  it('is 404 while the account has none', async () => {
    const res = await get('/api/billing/first', outsider);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('There is no invoice yet');
  });
});

describe('GET /api/billing/:id', () => {
  it('shows one invoice with seller, buyer, lines and payment', async () => {
    const res = await get(`/api/billing/${ids[0]}`, supervisor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: ids[0],
      number: 'INV/2034/000001',
      issuedAt: '2034-02-01T03:00:00.000Z',
      paidAt: '2034-02-01T03:00:00.000Z',
      seller: { name: 'PT Sapa Teknologi Indonesia' },
      lines: [{ description: 'Saldo top-up', quantity: 1, amount: 250_000 }],
    });
  });

  it('answers 404 for another account’s invoice and 400 for a malformed id', async () => {
    const theirs = await paidInvoice(outsider.accountId, '2034-04-01T03:00:00Z');
    expect((await get(`/api/billing/${theirs}`)).statusCode).toBe(404);
    expect((await get(`/api/billing/${theirs}/pdf`)).statusCode).toBe(404);
    expect((await get(`/api/billing/${theirs}/tax-billing-id`)).statusCode).toBe(404);
    expect((await get(`/api/billing/${theirs}`, outsider)).statusCode).toBe(200);
    expect((await get('/api/billing/not-an-id')).statusCode).toBe(400);
  });

  it('shows a refunded order’s invoice as refunded', async () => {
    const orderId = await insertOrder(ctx, accountId, {
      status: 'refunded',
      paidAt: new Date('2036-01-10T03:00:00Z'),
    });
    const issued = await issueInvoice(ctx.deps.db, orderId);
    if (issued.outcome !== 'issued') throw new Error('not issued');
    expect((await get(`/api/billing/${issued.invoiceId}`)).json().status).toBe('refunded');
  });
});

describe('tax invoice number (NSFP)', () => {
  it('is null until the operator enters 17 digits; then the API and the PDF show it', async () => {
    const url = `/api/billing/${ids[1]}/tax-billing-id`;
    expect((await get(url)).json()).toEqual({ taxInvoiceNumber: null });

    const set = await invoices.setTaxInvoiceNumber(ids[1]!, '04002500000000123');
    expect(set).toMatchObject({ accountId, invoice: { taxInvoiceNumber: '04002500000000123' } });
    expect((await get(url, supervisor)).json()).toEqual({ taxInvoiceNumber: '04002500000000123' });
    const pdf = await get(`/api/billing/${ids[1]}/pdf?lang=en`);
    expect((await pdfText(pdf.rawPayload)).text).toContain('04002500000000123');

    await invoices.setTaxInvoiceNumber(ids[1]!, null);
    expect((await get(url)).json()).toEqual({ taxInvoiceNumber: null });
  });

  it('refuses anything but 17 digits, an unknown invoice, and a number already used', async () => {
    for (const bad of ['0400250000000012', '040025000000001234', '0400250000000012A', ''])
      await expect(invoices.setTaxInvoiceNumber(ids[2]!, bad)).rejects.toMatchObject({
        statusCode: 400,
        message: 'The tax invoice number (NSFP) must be 17 digits',
      });
    await expect(
      invoices.setTaxInvoiceNumber('00000000-0000-4000-8000-000000000000', '04002500000000999'),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(invoices.setTaxInvoiceNumber('nope', '04002500000000999')).rejects.toMatchObject({
      statusCode: 404,
    });

    await invoices.setTaxInvoiceNumber(ids[2]!, '04002500000000777');
    await expect(invoices.setTaxInvoiceNumber(ids[3]!, '04002500000000777')).rejects.toMatchObject({
      statusCode: 409,
      code: 'TAX_INVOICE_NUMBER_TAKEN',
    });
    expect((await get(`/api/billing/${ids[3]}/tax-billing-id`)).json().taxInvoiceNumber).toBeNull();
  });
});

describe('GET /api/billing/:id/pdf', () => {
  it('downloads the PDF named after the invoice, in the language asked for', async () => {
    const res = await get(`/api/billing/${ids[0]}/pdf?lang=id`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="INV-2034-000001.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('FAKTUR');
    expect(text).toContain('INV/2034/000001');
    expect(text).toContain('Rp 277.500');
  });

  it('defaults to the caller’s language', async () => {
    const english = await pdfText((await get(`/api/billing/${ids[0]}/pdf`)).rawPayload);
    expect(english.text).toContain('INVOICE');
    await ctx.deps.db
      .updateTable('users')
      .set({ language: 'id' })
      .where('id', '=', supervisor.id)
      .execute();
    const indonesian = await pdfText(
      (await get(`/api/billing/${ids[0]}/pdf`, supervisor)).rawPayload,
    );
    expect(indonesian.text).toContain('FAKTUR');
    expect(indonesian.text).toContain('LUNAS');
  });

  it('answers 400 for a language it does not speak', async () => {
    expect((await get(`/api/billing/${ids[0]}/pdf?lang=fr`)).statusCode).toBe(400);
  });
});

describe('billing profile', () => {
  const put = (payload: Record<string, unknown>, user: TestUser = admin) =>
    ctx.app.inject({ method: 'PUT', url: '/api/billing/profile', headers: user.auth, payload });
  const body = {
    companyName: 'PT Kopi Nusantara Makmur',
    address: 'Jl. Braga No. 5\nBandung 40111',
    npwp: '01.234.567.8-901.2345',
    email: 'billing@kopinusantara.example',
    lowBalanceThreshold: 75_000,
  };

  it('starts from the account’s name, and admins save the buyer details', async () => {
    const fresh = await get('/api/billing/profile', outsider);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      address: '',
      npwp: null,
      email: null,
      lowBalanceThreshold: null,
    });
    expect(fresh.json().companyName).toMatch(/^Company /);

    const saved = await put(body);
    expect(saved.statusCode).toBe(200);
    const expected = {
      companyName: 'PT Kopi Nusantara Makmur',
      address: 'Jl. Braga No. 5\nBandung 40111',
      npwp: '0123456789012345',
      email: 'billing@kopinusantara.example',
      lowBalanceThreshold: 75_000,
    };
    expect(saved.json()).toEqual(expected);
    expect((await get('/api/billing/profile', supervisor)).json()).toEqual(expected);
  });

  it('prints the saved details on invoices issued afterwards', async () => {
    await put(body);
    const id = await paidInvoice(accountId, '2037-02-02T03:00:00Z');
    expect((await get(`/api/billing/${id}`)).json().buyer).toEqual({
      name: 'PT Kopi Nusantara Makmur',
      address: 'Jl. Braga No. 5\nBandung 40111',
      npwp: '0123456789012345',
      email: 'billing@kopinusantara.example',
    });
    // Issued before the profile existed: still the account name.
    expect((await get(`/api/billing/${ids[0]}`)).json().buyer.name).toBe('CV Kopi Nusantara');
  });

  it('rejects a bad NPWP, email or threshold with the rule in words', async () => {
    const npwp = await put({ ...body, npwp: '12345' });
    expect(npwp.statusCode).toBe(400);
    expect(npwp.json().issues).toEqual([{ path: 'npwp', message: 'NPWP must be 16 digits' }]);
    expect((await put({ ...body, email: 'billing@' })).statusCode).toBe(400);
    expect((await put({ ...body, companyName: '' })).statusCode).toBe(400);
    expect((await put({ ...body, lowBalanceThreshold: -5 })).statusCode).toBe(400);
    expect((await put({ companyName: 'Only a name' })).statusCode).toBe(400);
  });

  it('is kept by admins: supervisors read it, agents neither', async () => {
    expect((await put(body, supervisor)).statusCode).toBe(403);
    expect((await get('/api/billing/profile', agent)).statusCode).toBe(403);
    expect((await put(body, agent)).statusCode).toBe(403);
  });
});
