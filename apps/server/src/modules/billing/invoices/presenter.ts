import type { Invoice } from '@sapa/contracts';
import type { InvoiceRow } from './repo.js';

/** An invoice row as the API shows it: amounts as numbers, times as ISO strings. */
export function presentInvoice(row: InvoiceRow): Invoice {
  return {
    _id: row.id,
    number: row.number,
    orderId: row.order_id,
    orderType: row.order_type,
    // The invoice stays; a refund only changes how it reads.
    status: row.order_status === 'refunded' ? 'refunded' : 'paid',
    issuedAt: row.issued_at.toISOString(),
    seller: row.seller,
    buyer: row.buyer,
    lines: row.lines,
    subtotal: Number(row.subtotal),
    taxBase: Number(row.tax_base),
    ppnRate: Number(row.ppn_rate),
    ppn: Number(row.ppn),
    total: Number(row.total),
    paymentMethod: row.payment_method,
    paidAt: row.paid_at.toISOString(),
    taxInvoiceNumber: row.tax_invoice_number,
  };
}
