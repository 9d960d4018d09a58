import { z } from 'zod';
import { requiredString } from './fields.js';
import { text } from './text.js';

/** Top-up amounts a custom entry may choose, whole rupiah (presets come from `topupPrices`). */
export const TOPUP_LIMITS = { min: 10_000, max: 100_000_000 } as const;

export const ORDER_TYPES = ['topup', 'subscription', 'renewal'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const createOrderParamsSchema = z.object({ type: z.enum(ORDER_TYPES) });

export const topupOrderBodySchema = z.object({
  amount: z
    .number({ error: 'The amount field is required' })
    .int('The amount must be whole rupiah')
    .min(
      TOPUP_LIMITS.min,
      `The amount must be at least Rp ${TOPUP_LIMITS.min.toLocaleString('id-ID')}`,
    )
    .max(
      TOPUP_LIMITS.max,
      `The amount may not be more than Rp ${TOPUP_LIMITS.max.toLocaleString('id-ID')}`,
    ),
});

export const planOrderBodySchema = z.object({
  productCode: requiredString('plan'),
  billingPeriod: z.enum(BILLING_PERIODS, { error: 'The billing period must be monthly or yearly' }),
});

export const orderSchema = z.object({
  _id: z.string(),
  type: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  /** Before PPN, whole rupiah. */
  amount: z.number(),
  ppnRate: z.number(),
  taxBase: z.number(),
  ppn: z.number(),
  grossAmount: z.number(),
  product: z.object({ code: z.string(), name: z.string() }).nullable(),
  billingPeriod: z.enum(BILLING_PERIODS).nullable(),
  /** How it was paid, in words the buyer recognises ("BCA Virtual Account", "QRIS"). */
  paymentMethod: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Until then the payment page accepts payment; a pending order past it becomes expired. */
  expiresAt: z.string(),
  /** A plan order's paid period, once paid: [periodStart, periodEnd). */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** The invoice, once the order is paid and its invoice issued. */
  invoiceId: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** `POST /webhooks/payments/{gateway}`: the gateway a notification comes from (`midtrans`). */
export const paymentWebhookParamsSchema = z.object({
  gateway: text().regex(/^[a-z]{1,40}$/, 'Unknown payment gateway'),
});

export const orderIdParamsSchema = z.object({ id: text().min(1).max(50) });
export const snapTokenQuerySchema = z.object({ orderId: text().min(1).max(50) });
export const snapTokenSchema = z.object({
  token: z.string(),
  redirectUrl: z.string(),
  /** What the browser needs to open the gateway's own payment popup (snap.js); null: redirect only. */
  clientKey: z.string().nullable(),
  scriptUrl: z.string().nullable(),
});
export type SnapToken = z.infer<typeof snapTokenSchema>;

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perpage: z.coerce.number().int().min(1).max(100).default(10),
  type: z.enum(ORDER_TYPES).optional(),
});
export const orderListSchema = z.object({
  data: z.array(orderSchema),
  meta: z.object({ total: z.number(), page: z.number(), perpage: z.number() }),
});

/** Socket event: an order of the account changed (its status, its invoice). */
export const ORDER_UPDATED_EVENT = 'order.updated';
/** Socket event: the account's balance changed (top-up, charge, refund, operator credit). */
export const BALANCE_UPDATED_EVENT = 'balance.updated';
export interface BalanceUpdatedEvent {
  saldo: number;
}
