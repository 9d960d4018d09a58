import type { Order } from '@sapa/contracts';
import type { OrderView } from './orders.repo.js';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function presentOrder(row: OrderView): Order {
  return {
    _id: row.id,
    type: row.type,
    status: row.status,
    amount: Number(row.amount),
    ppnRate: Number(row.ppn_rate),
    taxBase: Number(row.tax_base),
    ppn: Number(row.ppn),
    grossAmount: Number(row.gross_amount),
    product:
      row.product_code && row.product_name
        ? { code: row.product_code, name: row.product_name }
        : null,
    billingPeriod: row.billing_period,
    paymentMethod: row.payment_method,
    createdAt: row.created_at.toISOString(),
    paidAt: iso(row.paid_at),
    expiresAt: row.expires_at.toISOString(),
    periodStart: iso(row.period_start),
    periodEnd: iso(row.period_end),
    invoiceId: row.invoice_id,
  };
}
