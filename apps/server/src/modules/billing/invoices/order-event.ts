import type { Order } from '@sapa/contracts';
import type { Db } from '../../../db/database.js';

/**
 * The order as `order.updated` carries it, read after the invoice's commit. The payments module
 * presents orders the same way for its own events; this copy lives here only until the two
 * branches meet, when one presenter should serve both.
 */
export async function orderForEvent(db: Db, orderId: string): Promise<Order | null> {
  const row = await db
    .selectFrom('orders as o')
    .leftJoin('products as p', 'p.id', 'o.product_id')
    .leftJoin('invoices as i', 'i.order_id', 'o.id')
    .select([
      'o.id',
      'o.type',
      'o.status',
      'o.amount',
      'o.ppn_rate',
      'o.tax_base',
      'o.ppn',
      'o.gross_amount',
      'o.billing_period',
      'o.payment_method',
      'o.created_at',
      'o.paid_at',
      'o.expires_at',
      'p.code as product_code',
      'p.name as product_name',
      'i.id as invoice_id',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row) return null;
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
    paidAt: row.paid_at?.toISOString() ?? null,
    expiresAt: row.expires_at.toISOString(),
    invoiceId: row.invoice_id,
  };
}
