import type { z } from 'zod';
import { invoicePdfFilename, type Invoice, type invoiceListQuerySchema } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { notFound } from '../../../http/errors.js';
import type { InvoiceLanguage } from './lines.js';
import { renderInvoicePdf } from './pdf/render.js';
import { presentInvoice } from './presenter.js';
import { invoicesRepo } from './repo.js';
import { INVOICE_NOT_FOUND, writeTaxInvoiceNumber } from './tax-invoice.js';

type ListQuery = z.output<typeof invoiceListQuerySchema>;

export const NO_INVOICE_YET = 'There is no invoice yet';

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
   * Enters (or clears, with null) the 17-digit NSFP of any account's invoice, in its own
   * transaction; the operator console calls `writeTaxInvoiceNumber` inside its audited one.
   */
  async setTaxInvoiceNumber(
    invoiceId: string,
    nsfp: string | null,
  ): Promise<{ accountId: string; invoice: Invoice }> {
    const change = await this.deps.db
      .transaction()
      .execute((trx) => writeTaxInvoiceNumber(trx, invoiceId, nsfp));
    const row = await invoicesRepo.find(this.deps.db, change.accountId, invoiceId);
    if (!row) throw notFound(INVOICE_NOT_FOUND);
    return { accountId: change.accountId, invoice: presentInvoice(row) };
  }
}
