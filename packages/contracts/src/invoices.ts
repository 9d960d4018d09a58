import { z } from 'zod';

export const invoicePartySchema = z.object({
  name: z.string(),
  address: z.string(),
  npwp: z.string().nullable(),
  email: z.string().nullable(),
});

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
});

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
  companyName: z.string().trim().min(1, 'The company field is required').max(200),
  address: z.string().trim().max(500),
  npwp: z
    .string()
    .trim()
    .regex(NPWP, 'NPWP must be 16 digits')
    .nullable()
    .or(z.literal('').transform(() => null)),
  email: z
    .email({ error: 'The value is not a valid email address' })
    .nullable()
    .or(z.literal('').transform(() => null)),
  lowBalanceThreshold: z.number().int().min(0).max(1_000_000_000).nullable(),
});
