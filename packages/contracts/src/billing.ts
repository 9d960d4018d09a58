import { z } from 'zod';
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
export const saldoHistoryQuerySchema = z.object({
  perpage: z.coerce.number().int().min(1).max(200).default(20),
  page: z.coerce.number().int().min(1).default(1),
});
export const saldoHistorySchema = z.object({
  data: z.array(saldoEntrySchema),
  meta: z.object({ total: z.number(), page: z.number(), perpage: z.number() }),
});
