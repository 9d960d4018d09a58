import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { text } from './text.js';

export const productSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** The monthly price, whole rupiah before PPN (the account's own price when `billPrices` sets one). */
  price: z.number(),
  /** The price of a year, whole rupiah before PPN. */
  yearlyPrice: z.number(),
  /** The period the plan is shown with first. */
  billingPeriod: z.enum(['monthly', 'yearly']),
  agentLimit: z.number(),
  features: z.array(z.string()),
  trialDays: z.number(),
});
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.object({ data: z.array(productSchema) });

export const startPlanBodySchema = z.object({
  productCode: text().min(1),
  trial: z.literal(true),
});

export const lastSaldoSchema = z.object({ saldo: z.number(), orderId: z.string().nullable() });

export const saldoEntrySchema = z.object({
  _id: z.string(),
  amount: z.number(),
  saldo: z.number(),
  kind: z.enum(['topup', 'charge', 'refund', 'adjustment', 'plan']),
  orderId: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
});
/** The ledger's kinds, in the order the history's filter lists them. */
export const LEDGER_KINDS = ['topup', 'charge', 'refund', 'adjustment', 'plan'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const isoDay = (which: 'from' | 'to') =>
  z.iso.date({ error: `The ${which} date must be a date such as 2026-01-31` }).optional();

/**
 * The ledger's filters, shared by the list and its exports: one kind, and an inclusive day range
 * (YYYY-MM-DD, days of the account's time zone, as the server reads them).
 */
const saldoFilterShape = {
  kind: z
    .enum(LEDGER_KINDS, { error: `The kind must be one of ${LEDGER_KINDS.join(', ')}` })
    .optional(),
  from: isoDay('from'),
  to: isoDay('to'),
};
type SaldoFilterInput = { from?: string | undefined; to?: string | undefined };
const rangeInOrder = (q: SaldoFilterInput) => !q.from || !q.to || q.from <= q.to;
const rangeIssue = { message: MESSAGES.dateRangeReversed, path: ['from'] };

export const saldoHistoryQuerySchema = z
  .object({
    ...saldoFilterShape,
    perpage: z.coerce.number().int().min(1).max(200).default(20),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine(rangeInOrder, rangeIssue);
export type SaldoHistoryQuery = z.infer<typeof saldoHistoryQuerySchema>;

/** `GET /topup/saldo-history-pdf`: the filtered ledger as a statement, in English or Indonesian. */
export const saldoHistoryPdfQuerySchema = z
  .object({ ...saldoFilterShape, lang: z.enum(['en', 'id']).optional() })
  .refine(rangeInOrder, rangeIssue);

/** `GET /topup/saldo-history-export`: the filtered ledger as a spreadsheet. */
export const saldoHistoryExportQuerySchema = z
  .object({ ...saldoFilterShape, format: z.enum(['csv', 'xlsx']).default('csv') })
  .refine(rangeInOrder, rangeIssue);

export const saldoHistorySchema = z.object({
  data: z.array(saldoEntrySchema),
  meta: z.object({ total: z.number(), page: z.number(), perpage: z.number() }),
});

/**
 * The reference of a ledger entry a person can use: a payment order's id (`SAPA-260115-…`).
 * Other entries carry internal references (`broadcast:<id>:claim:<uuid>`, `trial:<account>`), all
 * with a colon, that mean nothing to a customer and are not shown.
 */
export function ledgerReference(orderId: string | null): string | null {
  return orderId && !orderId.includes(':') ? orderId : null;
}
