import type { z } from 'zod';
import {
  invoicePdfFilename,
  TAX_INVOICE_NUMBER,
  TAX_INVOICE_NUMBER_MESSAGE,
  type Invoice,
  type invoiceListQuerySchema,
} from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { isUniqueViolation } from '../../../lib/pg-errors.js';
import type { InvoiceLanguage } from './lines.js';
import { renderInvoicePdf } from './pdf/render.js';
import { presentInvoice } from './presenter.js';
import { invoicesRepo } from './repo.js';

type ListQuery = z.output<typeof invoiceListQuerySchema>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const INVOICE_NOT_FOUND = 'Invoice not found';
export const NO_INVOICE_YET = 'There is no invoice yet';
export const TAX_INVOICE_NUMBER_TAKEN = 'This tax invoice number is already on another invoice';

/** An account's invoices (reads scoped by the caller's account) and the operator's NSFP entry. */
export class InvoicesService {
  constructor(private readonly deps: Deps) {}

  async list(accountId: string, q: ListQuery) {
    const { rows, total } = await invoicesRepo.list(this.deps.db, accountId, q);
    return { data: rows.map(presentInvoice), meta: { total, page: q.page, perpage: q.perpage } };
  }

  /** The newest invoice (the first of the list); 404 while the account has none. */
  async newest(accountId: string): Promise<Invoice> {
    const row = await invoicesRepo.newest(this.deps.db, accountId);
    if (!row) throw notFound(NO_INVOICE_YET);
    return presentInvoice(row);
  }

  /** Another account's invoice answers like one that does not exist. */
  async get(accountId: string, id: string): Promise<Invoice> {
    const row = await invoicesRepo.find(this.deps.db, accountId, id);
    if (!row) throw notFound(INVOICE_NOT_FOUND);
    return presentInvoice(row);
  }

  /** The PDF in the language asked for, else in the caller's own. */
  async pdf(
    caller: { accountId: string; userId: string },
    id: string,
    lang: InvoiceLanguage | undefined,
  ): Promise<{ filename: string; body: Buffer }> {
    const invoice = await this.get(caller.accountId, id);
    const language =
      lang ?? (await invoicesRepo.languageOf(this.deps.db, caller.accountId, caller.userId));
    return {
      filename: invoicePdfFilename(invoice.number),
      body: await renderInvoicePdf(invoice, language),
    };
  }

  /**
   * Enters (or clears, with null) the 17-digit NSFP that Coretax issued for an invoice. For the
   * operator console: it names any account's invoice, and gets the account back for its audit log.
   */
  async setTaxInvoiceNumber(
    invoiceId: string,
    nsfp: string | null,
  ): Promise<{ accountId: string; invoice: Invoice }> {
    // The console passes whatever id it was given; a malformed one is simply not an invoice.
    if (!UUID.test(invoiceId)) throw notFound(INVOICE_NOT_FOUND);
    const value = nsfp === null ? null : nsfp.trim();
    if (value !== null && !TAX_INVOICE_NUMBER.test(value))
      throw badRequest(TAX_INVOICE_NUMBER_MESSAGE, 'INVALID_TAX_INVOICE_NUMBER');
    try {
      const found = await invoicesRepo.setTaxInvoiceNumber(this.deps.db, invoiceId, value);
      if (!found) throw notFound(INVOICE_NOT_FOUND);
    } catch (err) {
      if (isUniqueViolation(err, 'invoices_tax_invoice_number'))
        throw conflict(TAX_INVOICE_NUMBER_TAKEN, 'TAX_INVOICE_NUMBER_TAKEN');
      throw err;
    }
    const row = await invoicesRepo.findAnyAccount(this.deps.db, invoiceId);
    if (!row) throw notFound(INVOICE_NOT_FOUND);
    return { accountId: row.account_id, invoice: presentInvoice(row) };
  }
}
