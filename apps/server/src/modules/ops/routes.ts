import {
  opsAccountDetailSchema,
  opsAccountListSchema,
  opsAccountParamsSchema,
  opsAccountsQuerySchema,
  opsBalanceBodySchema,
  opsBalanceResultSchema,
  opsExtendBodySchema,
  opsExtendResultSchema,
  opsInvoiceParamsSchema,
  opsSetSettingsBodySchema,
  opsSuspendBodySchema,
  opsSuspensionResultSchema,
  opsTaxInvoiceBodySchema,
  opsTaxInvoiceResultSchema,
} from '@sapa/contracts';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { OperatorAuthService } from './auth.service.js';
import { opsAuthRoutes } from './auth.routes.js';
import { OpsConsoleService, type OpsActor } from './console.service.js';
import { operatorOf, registerOpsGuard } from './guard.js';

// Tenant authentication lets these through (`public`); the ops guard is their gate.
const OPERATOR = { public: true } as const;
const changesSchema = z.object({
  changes: z.array(
    z.object({ key: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
  ),
});

/** The operator console's API under /api/ops, in its own plugin with its own gate. */
export function opsRoutes(app: App, { deps }: ModuleContext): void {
  const auth = new OperatorAuthService(deps);
  const service = new OpsConsoleService(deps);
  const secureCookie = deps.config.appUrl.startsWith('https://');
  const actor = (request: Parameters<typeof operatorOf>[0]): OpsActor => ({
    operatorId: operatorOf(request).operatorId,
    via: 'console',
  });

  void app.register(
    async (ops: App) => {
      registerOpsGuard(ops, auth);
      opsAuthRoutes(ops, auth, secureCookie);

      ops.get(
        '/accounts',
        {
          config: OPERATOR,
          schema: {
            tags: ['ops'],
            querystring: opsAccountsQuerySchema,
            response: { 200: opsAccountListSchema, ...errorResponses(400, 401, 403) },
          },
        },
        async (request) => service.listAccounts(request.query),
      );

      ops.get(
        '/accounts/:id',
        {
          config: OPERATOR,
          schema: {
            tags: ['ops'],
            params: opsAccountParamsSchema,
            response: { 200: opsAccountDetailSchema, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => service.accountDetail(request.params.id),
      );

      ops.put(
        '/accounts/:id/settings',
        {
          config: OPERATOR,
          schema: {
            tags: ['ops'],
            params: opsAccountParamsSchema,
            body: opsSetSettingsBodySchema,
            response: { 200: changesSchema, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => ({
          changes: await service.setSettings(
            actor(request),
            request.params.id,
            request.body.settings,
          ),
        }),
      );

      ops.post(
        '/accounts/:id/balance',
        {
          config: OPERATOR,
          schema: {
            tags: ['ops'],
            params: opsAccountParamsSchema,
            body: opsBalanceBodySchema,
            response: { 200: opsBalanceResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => service.adjustBalance(actor(request), request.params.id, request.body),
      );

      ops.post(
        '/accounts/:id/due-date',
        {
          config: OPERATOR,
          schema: {
            tags: ['ops'],
            params: opsAccountParamsSchema,
            body: opsExtendBodySchema,
            response: { 200: opsExtendResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) =>
          service.extendDueDate(
            actor(request),
            request.params.id,
            request.body.days,
            request.body.reason,
          ),
      );

      ops.post(
        '/accounts/:id/suspend',
        {
          config: OPERATOR,
          schema: {
            tags: ['ops'],
            params: opsAccountParamsSchema,
            body: opsSuspendBodySchema,
            response: {
              200: opsSuspensionResultSchema,
              ...errorResponses(400, 401, 403, 404, 409),
            },
          },
        },
        async (request) => service.suspend(actor(request), request.params.id, request.body.reason),
      );

      ops.post(
        '/accounts/:id/unsuspend',
        {
          config: OPERATOR,
          schema: {
            tags: ['ops'],
            params: opsAccountParamsSchema,
            body: opsSuspendBodySchema,
            response: {
              200: opsSuspensionResultSchema,
              ...errorResponses(400, 401, 403, 404, 409),
            },
          },
        },
        async (request) =>
          service.unsuspend(actor(request), request.params.id, request.body.reason),
      );

      ops.put(
        '/invoices/:id/tax-invoice-number',
        {
          config: OPERATOR,
          schema: {
            tags: ['ops'],
            params: opsInvoiceParamsSchema,
            body: opsTaxInvoiceBodySchema,
            response: {
              200: opsTaxInvoiceResultSchema,
              ...errorResponses(400, 401, 403, 404, 409),
            },
          },
        },
        async (request) =>
          service.setTaxInvoiceNumber(
            actor(request),
            request.params.id,
            request.body.taxInvoiceNumber,
          ),
      );
    },
    { prefix: '/api/ops' },
  );
}
