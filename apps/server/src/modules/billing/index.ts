/**
 * The billing module's public face: other modules import from here only. Prices and "may this
 * account send?" join from pricing/, invoices from invoices/.
 */
export {
  InsufficientBalanceError,
  LedgerService,
  type LedgerEntry,
  type Posting,
} from './ledger.js';
export {
  subscriptionStanding,
  toleranceDays,
  type SubscriptionStanding,
} from './plans/standing.js';
export { presentSubscription, SubscriptionService } from './plans/subscription.js';
export { OrdersService } from './payments/orders.service.js';
export { PaymentFulfilment, type SettleOutcome } from './payments/fulfilment.js';
export { registerPaymentWorkers } from './payments/workers.js';
export { runPaymentReconcile } from './payments/reconcile.js';
/** Helvetica's WinAnsi for any PDF the server draws (reports reuse the invoice's text rule). */
export { winAnsi } from './invoices/pdf/text.js';
