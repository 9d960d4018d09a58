/**
 * Invoices' public face. The operator console enters tax invoice numbers through
 * `writeTaxInvoiceNumber` (in its audited transaction; `InvoicesService.setTaxInvoiceNumber` is
 * the same in a transaction of its own) and may edit the seller through the platform settings
 * named in `SELLER_SETTINGS` (validated by `sellerSettingError`).
 */
export { InvoicesService } from './service.js';
export {
  INVOICE_NOT_FOUND,
  TAX_INVOICE_NUMBER_TAKEN,
  writeTaxInvoiceNumber,
  type TaxInvoiceNumberChange,
} from './tax-invoice.js';
export { BillingProfileService } from './profile.service.js';
export { invoiceRoutes } from './routes.js';
export { registerInvoiceWorkers } from './register.js';
export { issueInvoice, runIssueInvoiceJob, sweepUnissuedInvoices } from './issue.js';
export { SELLER_SETTINGS, isSellerSettingKey, readSeller, sellerSettingError } from './seller.js';
export type { SellerSettingKey } from './seller.js';
