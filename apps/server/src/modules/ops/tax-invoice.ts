import type { Db } from '../../db/database.js';
import { writeTaxInvoiceNumber } from '../billing/invoices/index.js';

export { INVOICE_NOT_FOUND, TAX_INVOICE_NUMBER_TAKEN } from '../billing/invoices/index.js';

/**
 * Enters (or clears) an invoice's NSFP: the invoices module's own rule (17 digits, unique, any
 * account's invoice by id), in the caller's transaction so the audit entry commits with the change.
 */
export async function setTaxInvoiceNumber(
  trx: Db,
  invoiceId: string,
  nsfp: string | null,
): Promise<{ accountId: string; number: string; before: string | null; after: string | null }> {
  return writeTaxInvoiceNumber(trx, invoiceId, nsfp);
}
