import {
  divisionBodySchema,
  divisionIdParamsSchema,
  divisionListSchema,
  divisionSchema,
  divisionUpdateBodySchema,
  okSchema,
} from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { DivisionsService } from './service.js';

/** /api/division: everyone reads (pickers, filters); only admins change. */
export function divisionsRoutes(app: App, { deps }: ModuleContext): void {
  const divisions = new DivisionsService(deps);
  const tags = ['divisions'];
  const manage = { action: 'divisions.manage' } as const;

  app.get(
    '/api/division',
    {
      config: { apiOnlyAllowed: true, action: 'divisions.read' },
      schema: { tags, response: { 200: divisionListSchema, ...errorResponses(401, 403) } },
    },
    async (request) => divisions.list(principalOf(request)),
  );

  app.post(
    '/api/division',
    {
      config: { ...manage, apiOnlyAllowed: true, idempotent: true },
      schema: {
        tags,
        body: divisionBodySchema,
        response: { 201: divisionSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await divisions.create(principalOf(request), request.body)),
  );

  app.patch(
    '/api/division/:id',
    {
      config: { ...manage, apiOnlyAllowed: true },
      schema: {
        tags,
        params: divisionIdParamsSchema,
        body: divisionUpdateBodySchema,
        response: { 200: divisionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => divisions.update(principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/division/:id',
    {
      config: { ...manage, apiOnlyAllowed: true },
      schema: {
        tags,
        params: divisionIdParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => divisions.remove(principalOf(request), request.params.id),
  );
}
