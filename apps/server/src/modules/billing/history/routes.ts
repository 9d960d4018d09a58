import {
  saldoHistoryExportQuerySchema,
  saldoHistoryPdfQuerySchema,
  saldoHistoryQuerySchema,
  saldoHistorySchema,
} from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { principalOf } from '../../../http/authenticate.js';
import { sendSheet } from '../../../http/download.js';
import { errorResponses } from '../../../http/error-responses.js';
import type { App } from '../../../http/types.js';
import { LedgerHistoryService } from './service.js';

const tags = ['billing'];

/** The balance history (spec §7 `topup/saldo-history`, `topup/saldo-history-pdf`) and its sheet. */
export function historyRoutes(app: App, deps: Deps): void {
  const history = new LedgerHistoryService(deps);

  app.get(
    '/api/topup/saldo-history',
    {
      config: { apiOnlyAllowed: true, action: 'billing.read' },
      schema: {
        tags,
        description: 'The ledger, newest first; `kind` and an inclusive day range narrow it.',
        querystring: saldoHistoryQuerySchema,
        response: { 200: saldoHistorySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, perpage } = request.query;
      const { entries, total } = await history.page(principalOf(request).accountId, request.query);
      return {
        data: entries.map((e) => ({
          _id: e.id,
          amount: e.amount,
          saldo: e.balanceAfter,
          kind: e.kind,
          orderId: e.orderId,
          description: e.description,
          createdAt: e.createdAt.toISOString(),
        })),
        meta: { total, page, perpage },
      };
    },
  );

  app.get(
    '/api/topup/saldo-history-pdf',
    {
      config: { apiOnlyAllowed: true, action: 'billing.read' },
      schema: {
        tags,
        description:
          'The filtered ledger as a PDF statement, in `lang` (default: the caller’s language).',
        querystring: saldoHistoryPdfQuerySchema,
      },
    },
    async (request, reply) => {
      const { lang, ...filter } = request.query;
      const file = await history.statement(principalOf(request), filter, lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/api/topup/saldo-history-export',
    {
      config: { apiOnlyAllowed: true, action: 'billing.read' },
      schema: {
        tags,
        description: 'The filtered ledger as CSV or XLSX, times in the account’s zone.',
        querystring: saldoHistoryExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendSheet(
        reply,
        format,
        await history.sheet(principalOf(request).accountId, filter, format),
      );
    },
  );
}
