import type { ModuleDefinition } from '../definition.js';
import { registerInvoiceWorkers } from './invoices/index.js';
import { registerPaymentWorkers } from './index.js';
import { pricingRoutes, registerUsageCharges, registerUsageSweeper } from './pricing/index.js';
import { billingRoutes } from './routes.js';

/**
 * Billing: plans, payments, invoices and usage pricing. Usage charges listen to the bus wherever
 * events are published (a worker's sends fail and refund too); the sweeper catches what a crash
 * lost.
 */
export const billingModule: ModuleDefinition = {
  name: 'billing',
  routes: [billingRoutes, pricingRoutes],
  listeners: registerUsageCharges,
  workers: async (deps) => {
    await registerUsageSweeper(deps);
    await registerInvoiceWorkers(deps);
    await registerPaymentWorkers(deps);
  },
};
