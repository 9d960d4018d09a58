import {
  ticketExportQuerySchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketSchema,
} from '@sapa/contracts';
import { callerOf, principalOf } from '../../http/authenticate.js';
import { sendSheet } from '../../http/download.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { TicketsService } from './service.js';

/** /api/ticket: tickets of the chats the caller may see; the resolve action lives with chats. */
export function ticketsRoutes(app: App, { deps }: ModuleContext): void {
  const tickets = new TicketsService(deps);
  const tags = ['tickets'];

  app.get(
    '/api/ticket',
    {
      config: { action: 'tickets.read', scope: 'chats:read' },
      schema: {
        tags,
        querystring: ticketListQuerySchema,
        response: { 200: ticketListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => tickets.list(callerOf(request), request.query),
  );

  // Registered before /:id so "export" is never read as an id.
  app.get(
    '/api/ticket/export',
    {
      config: { action: 'tickets.export' },
      schema: {
        tags,
        description:
          'The filtered tickets as CSV (UTF-8 with BOM), times in the account time zone.',
        querystring: ticketExportQuerySchema,
      },
    },
    async (request, reply) => {
      return sendSheet(reply, 'csv', await tickets.exportCsv(principalOf(request), request.query));
    },
  );

  app.get(
    '/api/ticket/:id',
    {
      config: { action: 'tickets.read', scope: 'chats:read' },
      schema: {
        tags,
        params: ticketIdParamsSchema,
        response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => tickets.get(callerOf(request), request.params.id),
  );
}
