import { describe, expect, it } from 'vitest';
import type { Invoice } from '@sapa/contracts';
import { pdfText } from '../../../../test/pdf-text.js';
import { renderInvoicePdf } from './render.js';
import { winAnsi } from './text.js';

const topup: Invoice = {
  _id: '6f1f1c59-3f2f-4f43-9a8a-3d4f1b6c1a01',
  number: 'INV/2026/000042',
  orderId: 'SAPA-TOPUP-8F2K1Q',
  orderType: 'topup',
  status: 'paid',
  issuedAt: '2026-03-14T04:12:00.000Z',
  seller: {
    name: 'PT Sapa Teknologi Indonesia',
    address: 'Jl. H.R. Rasuna Said Blok X-5, Jakarta Selatan',
    npwp: '0912345678901234',
    email: 'finance@sapa.example',
  },
  buyer: {
    name: 'PT Maju Jaya Abadi',
    address: 'Jl. Merdeka No. 10, Bandung',
    npwp: '0123456789012345',
    email: 'finance@majujaya.example',
  },
  lines: [
    {
      description: 'Saldo top-up',
      quantity: 1,
      unitPrice: 100_000,
      amount: 100_000,
      item: { kind: 'topup' },
    },
  ],
  subtotal: 100_000,
  taxBase: 91_667,
  ppnRate: 11,
  ppn: 11_000,
  total: 111_000,
  paymentMethod: 'BCA Virtual Account',
  paidAt: '2026-03-14T04:12:00.000Z',
  taxInvoiceNumber: '04002600000000123',
};

const renewal: Invoice = {
  ...topup,
  number: 'INV/2026/000043',
  orderType: 'renewal',
  status: 'refunded',
  taxInvoiceNumber: null,
  buyer: { name: 'Toko Sinar', address: '', npwp: null, email: null },
  lines: [
    {
      description: 'Growth plan renewal, monthly, 14 Mar 2026 – 14 Apr 2026',
      quantity: 1,
      unitPrice: 799_000,
      amount: 799_000,
      item: {
        kind: 'plan',
        orderType: 'renewal',
        plan: 'Growth',
        billingPeriod: 'monthly',
        periodStart: '2026-03-14T04:12:00.000Z',
        periodEnd: '2026-04-14T04:12:00.000Z',
      },
    },
  ],
  subtotal: 799_000,
  taxBase: 732_417,
  ppn: 87_890,
  total: 886_890,
};

describe('invoice PDF', () => {
  it('reads as an English invoice with its number, parties, totals, stamp and NSFP', async () => {
    const pdf = await renderInvoicePdf(topup, 'en');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      'INVOICE',
      'INV/2026/000042',
      '14 March 2026',
      'PT Sapa Teknologi Indonesia',
      'NPWP 0912345678901234',
      'BILLED TO',
      'PT Maju Jaya Abadi',
      'NPWP 0123456789012345',
      'Saldo top-up',
      'Subtotal',
      'Tax base (DPP) 11/12',
      'Rp 91.667',
      'VAT (PPN) 12%',
      'Rp 11.000',
      'Total',
      'Rp 111.000',
      'PAID',
      'BCA Virtual Account',
      'Tax invoice no. (NSFP)',
      '04002600000000123',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('FAKTUR');
    expect(text).not.toContain('LUNAS');
  });

  it('reads as an Indonesian invoice: FAKTUR, DPP, PPN 12%, LUNAS, Indonesian dates and lines', async () => {
    const { text } = await pdfText(await renderInvoicePdf(topup, 'id'));
    for (const expected of [
      'FAKTUR',
      'INV/2026/000042',
      '14 Maret 2026',
      'DITAGIHKAN KEPADA',
      'Isi ulang saldo',
      'Dasar Pengenaan Pajak (DPP) 11/12',
      'PPN 12%',
      'Rp 111.000',
      'LUNAS',
      'Dibayar lunas melalui BCA Virtual Account pada 14 Maret 2026.',
      'No. Faktur Pajak (NSFP)',
      '04002600000000123',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('INVOICE');
    expect(text).not.toContain('PAID');
  });

  it('marks a refunded invoice, names the plan period, and says the tax invoice follows', async () => {
    const en = (await pdfText(await renderInvoicePdf(renewal, 'en'))).text;
    expect(en).toContain('REFUNDED');
    expect(en).toContain('Growth plan renewal, monthly, 14 Mar 2026 – 14 Apr 2026');
    expect(en).toContain('Rp 886.890');
    expect(en).toContain('The tax invoice (e-Faktur) is issued separately');
    expect(en).not.toContain('NSFP');
    // A long line wraps within its column: read it as one.
    const id = (await pdfText(await renderInvoicePdf(renewal, 'id'))).text.replace(/\s+/g, ' ');
    expect(id).toContain('DIKEMBALIKAN');
    expect(id).toContain('Perpanjangan paket Growth, bulanan, 14 Mar 2026 – 14 Apr 2026');
  });

  it('drops the DPP fraction when PPN is charged on the whole price', async () => {
    const { text } = await pdfText(
      await renderInvoicePdf(
        { ...topup, ppnRate: 12, taxBase: 100_000, ppn: 12_000, total: 112_000 },
        'en',
      ),
    );
    expect(text).toContain('Tax base (DPP) Rp 100.000');
    expect(text).not.toContain('/12');
  });
});

describe('winAnsi', () => {
  it('keeps Indonesian and Latin-1 text, reduces other letters to their base, marks the rest', () => {
    expect(winAnsi('Café Ünal – “Bandung”')).toBe('Café Ünal – “Bandung”');
    expect(winAnsi('Đức Ánh')).toBe('Duc Ánh');
    expect(winAnsi('Toko 好 😀')).toBe('Toko ? ?');
    expect(winAnsi('Jl. Merdeka\r\nBandung')).toBe('Jl. Merdeka\nBandung');
  });
});
