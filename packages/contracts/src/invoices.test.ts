import { describe, expect, it } from 'vitest';
import {
  billingProfileBodySchema,
  formatInvoiceNumber,
  invoicePdfFilename,
  taxInvoiceNumberBodySchema,
} from './invoices.js';

const profile = (over: Record<string, unknown> = {}) => ({
  companyName: 'PT Maju Jaya',
  address: 'Jl. Merdeka 1, Bandung',
  npwp: '0123456789012345',
  email: 'finance@majujaya.co.id',
  lowBalanceThreshold: 50_000,
  ...over,
});

describe('invoice numbers', () => {
  it('pads the sequence to six digits and keeps the year', () => {
    expect(formatInvoiceNumber(2026, 42)).toBe('INV/2026/000042');
    expect(formatInvoiceNumber(2027, 1_234_567)).toBe('INV/2027/1234567');
  });

  it('names the PDF without slashes', () => {
    expect(invoicePdfFilename('INV/2026/000042')).toBe('INV-2026-000042.pdf');
  });
});

describe('billingProfileBodySchema', () => {
  it('accepts an NPWP as printed, with separators, and stores the 16 digits', () => {
    const parsed = billingProfileBodySchema.parse(profile({ npwp: '0123.4567.8901.2345' }));
    expect(parsed.npwp).toBe('0123456789012345');
  });

  it('reads an empty NPWP or email as none', () => {
    const parsed = billingProfileBodySchema.parse(profile({ npwp: '', email: '  ' }));
    expect(parsed.npwp).toBeNull();
    expect(parsed.email).toBeNull();
  });

  it.each(['123456789012345', '01234567890123456', '0123456789O12345'])(
    'rejects NPWP %s with the rule in words',
    (npwp) => {
      const result = billingProfileBodySchema.safeParse(profile({ npwp }));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('NPWP must be 16 digits');
    },
  );

  it('requires the company and a valid email', () => {
    expect(billingProfileBodySchema.safeParse(profile({ companyName: ' ' })).success).toBe(false);
    expect(billingProfileBodySchema.safeParse(profile({ email: 'finance@' })).success).toBe(false);
  });

  it('keeps the low-balance threshold whole and not negative', () => {
    expect(billingProfileBodySchema.safeParse(profile({ lowBalanceThreshold: -1 })).success).toBe(
      false,
    );
    expect(billingProfileBodySchema.safeParse(profile({ lowBalanceThreshold: 1.5 })).success).toBe(
      false,
    );
    expect(billingProfileBodySchema.parse(profile({ lowBalanceThreshold: null }))).toMatchObject({
      lowBalanceThreshold: null,
    });
  });
});

describe('taxInvoiceNumberBodySchema', () => {
  it('takes exactly 17 digits, or null to clear it', () => {
    expect(taxInvoiceNumberBodySchema.parse({ taxInvoiceNumber: '04002500000000123' })).toEqual({
      taxInvoiceNumber: '04002500000000123',
    });
    expect(taxInvoiceNumberBodySchema.parse({ taxInvoiceNumber: null })).toEqual({
      taxInvoiceNumber: null,
    });
    for (const bad of ['0400250000000012', '040025000000001234', '04.002.500000000123']) {
      const result = taxInvoiceNumberBodySchema.safeParse({ taxInvoiceNumber: bad });
      expect(result.error?.issues[0]?.message).toBe(
        'The tax invoice number (NSFP) must be 17 digits',
      );
    }
  });
});
