import {
  lastSaldoSchema,
  productListSchema,
  startPlanBodySchema,
  subscriptionInfoSchema,
} from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { invoiceRoutes } from './invoices/index.js';
import { historyRoutes } from './history/routes.js';
import { LedgerService } from './ledger.js';
import { paymentRoutes } from './payments/routes.js';
import { SubscriptionService } from './plans/subscription.js';

/** Plans, the free trial, subscription info and the balance ledger; then each part's routes. */
export function billingRoutes(app: App, ctx: ModuleContext): void {
  const { deps } = ctx;
  paymentRoutes(app, ctx);
  const subscriptions = new SubscriptionService(deps);
  const ledger = new LedgerService(deps);
  invoiceRoutes(app, ctx);

  app.get(
    '/api/product',
    {
      config: { apiOnlyAllowed: true, action: 'billing.read' },
      schema: {
        tags: ['billing'],
        response: { 200: productListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await subscriptions.products(principalOf(request).accountId) }),
  );

  app.post(
    '/api/subscription/trial',
    {
      config: { apiOnlyAllowed: true, idempotent: true, action: 'subscription.start' },
      schema: {
        tags: ['billing'],
        body: startPlanBodySchema,
        response: { 201: subscriptionInfoSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const info = await subscriptions.startTrial(
        principalOf(request).accountId,
        request.body.productCode,
      );
      return reply.status(201).send(info);
    },
  );

  // A literal path: find-my-way matches it before the parametric /api/settings/:key.
  app.get(
    '/api/settings/subscription-info',
    {
      config: { apiOnlyAllowed: true, action: 'settings.read' },
      schema: {
        tags: ['billing'],
        response: { 200: subscriptionInfoSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => subscriptions.info(principalOf(request).accountId),
  );

  app.get(
    '/api/topup/last-saldo-history',
    {
      config: { apiOnlyAllowed: true, action: 'billing.read' },
      schema: {
        tags: ['billing'],
        response: { 200: lastSaldoSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ledger.balance(principalOf(request).accountId),
  );

  // The balance history, its statement and its spreadsheet.
  historyRoutes(app, deps);
}
