import { z } from 'zod';
import { BILLING_PERIODS } from './orders.js';
import { text } from './text.js';

export const invoicePartySchema = z.object({
  name: z.string(),
  address: z.string(),
  npwp: z.string().nullable(),
  email: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

/**
 * What a line sold, kept beside its English `description` so the page and the PDF can name it in
 * the reader's language. A plan line names the plan as it was called when it was bought.
 */
export const invoiceItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('topup') }),
  z.object({
    kind: z.literal('plan'),
    orderType: z.enum(['subscription', 'renewal']),
    plan: z.string(),
    billingPeriod: z.enum(BILLING_PERIODS),
    /** The paid period [start, end); null when the order did not record it. */
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
  }),
]);
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
  item: invoiceItemSchema,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  _id: z.string(),
  /** Gap-free per calendar year, e.g. INV/2026/000042. */
  number: z.string(),
  orderId: z.string(),
  orderType: z.enum(['topup', 'subscription', 'renewal']),
  status: z.enum(['paid', 'refunded']),
  issuedAt: z.string(),
  seller: invoicePartySchema,
  buyer: invoicePartySchema,
  lines: z.array(invoiceLineSchema),
  subtotal: z.number(),
  taxBase: z.number(),
  ppnRate: z.number(),
  ppn: z.number(),
  total: z.number(),
  paymentMethod: z.string().nullable(),
  paidAt: z.string(),
  /** NSFP: 17 digits, issued in Coretax and entered later by the platform's finance staff. */
  taxInvoiceNumber: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perpage: z.coerce.number().int().min(1).max(100).default(20),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const invoiceListSchema = z.object({
  data: z.array(invoiceSchema),
  meta: z.object({ total: z.number(), page: z.number(), perpage: z.number() }),
});
export const invoiceIdParamsSchema = z.object({ id: z.uuid({ error: 'Invalid id' }) });
export const invoicePdfQuerySchema = z.object({ lang: z.enum(['en', 'id']).optional() });
export const taxBillingIdSchema = z.object({ taxInvoiceNumber: z.string().nullable() });
export const TAX_INVOICE_NUMBER = /^\d{17}$/;
export const NPWP = /^\d{16}$/;
export const NPWP_MESSAGE = 'NPWP must be 16 digits';
export const TAX_INVOICE_NUMBER_MESSAGE = 'The tax invoice number (NSFP) must be 17 digits';

/** What the operator console sends to enter (or clear, with null) an invoice's NSFP. */
export const taxInvoiceNumberBodySchema = z.object({
  taxInvoiceNumber: text({ error: TAX_INVOICE_NUMBER_MESSAGE })
    .trim()
    .regex(TAX_INVOICE_NUMBER, TAX_INVOICE_NUMBER_MESSAGE)
    .nullable(),
});

/** The seller's time zone: invoice years, dates and periods are its calendar's. */
export const INVOICE_TIME_ZONE = 'Asia/Jakarta';

/** INV/2026/000042: the year of payment (Asia/Jakarta) and the gap-free sequence within it. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV/${year}/${String(sequence).padStart(6, '0')}`;
}

/** INV/2026/000042 → INV-2026-000042.pdf (a slash cannot stand in a file name). */
export function invoicePdfFilename(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** The buyer's details printed on invoices, kept by the account's admins. */
export const billingProfileSchema = z.object({
  companyName: z.string(),
  address: z.string(),
  npwp: z.string().nullable(),
  email: z.string().nullable(),
  /** Below this balance the app shows a banner and one email goes out; null: the default. */
  lowBalanceThreshold: z.number().nullable(),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;

export const billingProfileBodySchema = z.object({
  companyName: text().trim().min(1, 'The company field is required').max(200),
  address: text().trim().max(500),
  // People copy the NPWP as printed on the card (01.234.567.8-901.234 style separators).
  npwp: text()
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .pipe(z.union([z.literal('').transform(() => null), z.string().regex(NPWP, NPWP_MESSAGE)]))
    .nullable(),
  email: text()
    .trim()
    .pipe(
      z.union([
        z.literal('').transform(() => null),
        z.email({ error: 'The value is not a valid email address' }).max(254),
      ]),
    )
    .nullable(),
  lowBalanceThreshold: z.number().int().min(0).max(1_000_000_000).nullable(),
});
