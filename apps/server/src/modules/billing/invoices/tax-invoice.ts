import { TAX_INVOICE_NUMBER, TAX_INVOICE_NUMBER_MESSAGE } from '@sapa/contracts';
import type { Db } from '../../../db/database.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { isUniqueViolation } from '../../../lib/pg-errors.js';

export const INVOICE_NOT_FOUND = 'Invoice not found';
export const TAX_INVOICE_NUMBER_TAKEN = 'This tax invoice number is already on another invoice';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TaxInvoiceNumberChange {
  accountId: string;
  number: string;
  before: string | null;
  after: string | null;
}

/**
 * Enters (or clears, with null) the 17-digit NSFP that Coretax issued for an invoice of any
 * account: the platform's finance staff do this, through the operator console. Runs in the
 * caller's transaction, so the console's audit entry commits with the change. An NSFP belongs to
 * one invoice (unique index, 0042): a second use is a 409.
 */
export async function writeTaxInvoiceNumber(
  db: Db,
  invoiceId: string,
  nsfp: string | null,
): Promise<TaxInvoiceNumberChange> {
  // The console passes whatever id it was given; a malformed one is simply not an invoice.
  if (!UUID.test(invoiceId)) throw notFound(INVOICE_NOT_FOUND);
  const value = nsfp === null ? null : nsfp.trim();
  if (value !== null && !TAX_INVOICE_NUMBER.test(value))
    throw badRequest(TAX_INVOICE_NUMBER_MESSAGE, 'INVALID_TAX_INVOICE_NUMBER');
  const row = await db
    .selectFrom('invoices')
    .select(['account_id', 'number', 'tax_invoice_number'])
    .where('id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  try {
    await db
      .updateTable('invoices')
      .set({ tax_invoice_number: value })
      .where('id', '=', invoiceId)
      .execute();
  } catch (err) {
    if (isUniqueViolation(err, 'invoices_tax_invoice_number'))
      throw conflict(TAX_INVOICE_NUMBER_TAKEN, 'TAX_INVOICE_NUMBER_TAKEN');
    throw err;
  }
  return {
    accountId: row.account_id,
    number: row.number,
    before: row.tax_invoice_number,
    after: value,
  };
}
