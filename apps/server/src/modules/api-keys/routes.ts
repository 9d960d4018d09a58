import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
} from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { ApiKeysService } from './service.js';

/**
 * /api/api-keys: the account's admins create, list and revoke keys. No `scope` on purpose: a key
 * may never mint or revoke keys, only a person can.
 */
export function apiKeysRoutes(app: App, { deps }: ModuleContext): void {
  const keys = new ApiKeysService(deps);
  const tags = ['api-keys'];
  const config = { action: 'apiKeys.manage' } as const;

  app.get(
    '/api/api-keys',
    {
      config,
      schema: { tags, response: { 200: apiKeyListSchema, ...errorResponses(401, 403) } },
    },
    async (request) => ({ data: await keys.list(principalOf(request).accountId) }),
  );

  app.post(
    '/api/api-keys',
    {
      config,
      schema: {
        tags,
        description: 'Creates a key and answers it in `key` this once; only its hash is kept.',
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await keys.create(principalOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/api-keys/:id',
    {
      config,
      schema: {
        tags,
        description: 'Revokes the key: every server process refuses it from the next request.',
        params: apiKeyParamsSchema,
        response: { 200: apiKeySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => keys.revoke(principalOf(request).accountId, request.params.id),
  );
}
