import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';

export const INVOICE_NOT_FOUND = 'Invoice not found';
export const TAX_INVOICE_NUMBER_TAKEN = 'This tax invoice number is already on another invoice';

/**
 * Enters (or clears) an invoice's NSFP. The invoices module owns invoices and exposes
 * `InvoicesService.setTaxInvoiceNumber(invoiceId, nsfp)` on its own branch; until that is merged
 * this is the same update, written here so the console works. When both are on main this body
 * becomes a call to it (same checks: 17 digits, unique, any account's invoice by id).
 * Runs in the caller's transaction, so the audit entry commits with the change.
 */
export async function setTaxInvoiceNumber(
  trx: Db,
  invoiceId: string,
  nsfp: string | null,
): Promise<{ accountId: string; number: string; before: string | null; after: string | null }> {
  const row = await trx
    .selectFrom('invoices')
    .select(['account_id', 'number', 'tax_invoice_number'])
    .where('id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  try {
    await trx
      .updateTable('invoices')
      .set({ tax_invoice_number: nsfp })
      .where('id', '=', invoiceId)
      .execute();
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(TAX_INVOICE_NUMBER_TAKEN, 'TAX_INVOICE_NUMBER_TAKEN');
    throw err;
  }
  return {
    accountId: row.account_id,
    number: row.number,
    before: row.tax_invoice_number,
    after: nsfp,
  };
}
