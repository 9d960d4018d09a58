import {
  labelBodySchema,
  labelIdParamsSchema,
  labelListQuerySchema,
  labelListSchema,
  labelSchema,
  labelUpdateBodySchema,
  okSchema,
} from '@sapa/contracts';
import { callerOf, principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { LabelsService } from './service.js';

/** /api/labels: everyone reads (chat rows, filters, the label picker); managers change them. */
export function labelsRoutes(app: App, { deps }: ModuleContext): void {
  const labels = new LabelsService(deps);
  const tags = ['labels'];
  const manage = { action: 'labels.manage' } as const;

  app.get(
    '/api/labels',
    {
      config: { action: 'labels.read', scope: 'chats:read' },
      schema: {
        tags,
        querystring: labelListQuerySchema,
        response: { 200: labelListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => labels.list(callerOf(request), request.query),
  );

  app.post(
    '/api/labels',
    {
      config: manage,
      schema: {
        tags,
        body: labelBodySchema,
        response: { 201: labelSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await labels.create(principalOf(request), request.body)),
  );

  app.patch(
    '/api/labels/:id',
    {
      config: manage,
      schema: {
        tags,
        params: labelIdParamsSchema,
        body: labelUpdateBodySchema,
        response: { 200: labelSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => labels.update(principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/labels/:id',
    {
      config: manage,
      schema: {
        tags,
        params: labelIdParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => labels.remove(principalOf(request), request.params.id),
  );
}
