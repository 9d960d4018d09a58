import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Invoice } from '@sapa/contracts';
import { setLanguage } from '../../../../lib/i18n';
import { renderScreen } from '../../../shared/test-utils';
import { InvoiceDocument } from './InvoiceDocument';

const invoice: Invoice = {
  _id: 'inv-1',
  number: 'INV/2026/000042',
  orderId: 'SAPA-TOPUP-1',
  orderType: 'topup',
  status: 'paid',
  issuedAt: '2026-03-14T04:12:00.000Z',
  seller: {
    name: 'PT Sapa Teknologi Indonesia',
    address: 'Jakarta',
    npwp: '0912345678901234',
    email: null,
  },
  buyer: { name: 'PT Maju Jaya', address: 'Bandung', npwp: '0123456789012345', email: 'f@maju.id' },
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

describe('InvoiceDocument', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('shows the number, parties, PPN breakdown, stamp and NSFP', () => {
    renderScreen(<InvoiceDocument invoice={invoice} />);
    const doc = screen.getByTestId('invoice-document');
    const text = doc.textContent ?? '';
    for (const part of [
      'INVOICE',
      'INV/2026/000042',
      '14 March 2026',
      'NPWP 0912345678901234',
      'PT Maju Jaya',
      'NPWP 0123456789012345',
      'Tax base (DPP) 11/12',
      'Rp 91.667',
      'VAT (PPN) 12%',
      'Rp 11.000',
      'Paid in full by BCA Virtual Account on 14 March 2026.',
    ])
      expect(text).toContain(part);
    expect(screen.getByTestId('invoice-total').textContent).toBe('Rp 111.000');
    expect(screen.getByTestId('invoice-stamp').textContent).toBe('PAID');
    expect(screen.getByTestId('invoice-nsfp').textContent).toBe('04002600000000123');
  });

  it('reads in Indonesian, and says the tax invoice follows while there is no NSFP', async () => {
    await setLanguage('id');
    renderScreen(
      <InvoiceDocument invoice={{ ...invoice, status: 'refunded', taxInvoiceNumber: null }} />,
    );
    const text = screen.getByTestId('invoice-document').textContent ?? '';
    expect(text).toContain('FAKTUR');
    expect(text).toContain('14 Maret 2026');
    expect(text).toContain('Dasar Pengenaan Pajak (DPP) 11/12');
    expect(text).toContain('PPN 12%');
    expect(text).toContain('Isi ulang saldo');
    expect(text).toContain('Faktur pajak (e-Faktur) diterbitkan terpisah');
    expect(screen.getByTestId('invoice-stamp').textContent).toBe('DIKEMBALIKAN');
    expect(screen.queryByTestId('invoice-nsfp')).toBeNull();
  });
});
