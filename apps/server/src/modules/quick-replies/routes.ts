import {
  okSchema,
  quickReplyBodySchema,
  quickReplyIdParamsSchema,
  quickReplyListQuerySchema,
  quickReplyListSchema,
  quickReplySchema,
  quickReplyUpdateBodySchema,
} from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { QuickRepliesService } from './service.js';

/** /api/quick-reply: everyone reads the ones they may use; admins and supervisors change them. */
export function quickRepliesRoutes(app: App, { deps }: ModuleContext): void {
  const quickReplies = new QuickRepliesService(deps);
  const tags = ['quick replies'];
  const manage = { action: 'quickReplies.manage' } as const;

  app.get(
    '/api/quick-reply',
    {
      config: { action: 'quickReplies.read' },
      schema: {
        tags,
        querystring: quickReplyListQuerySchema,
        response: { 200: quickReplyListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => quickReplies.list(principalOf(request), request.query),
  );

  app.post(
    '/api/quick-reply',
    {
      config: { ...manage, idempotent: true },
      schema: {
        tags,
        body: quickReplyBodySchema,
        response: { 201: quickReplySchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await quickReplies.create(principalOf(request), request.body)),
  );

  app.patch(
    '/api/quick-reply/:id',
    {
      config: manage,
      schema: {
        tags,
        params: quickReplyIdParamsSchema,
        body: quickReplyUpdateBodySchema,
        response: { 200: quickReplySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => quickReplies.update(principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/quick-reply/:id',
    {
      config: manage,
      schema: {
        tags,
        params: quickReplyIdParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => quickReplies.remove(principalOf(request), request.params.id),
  );
}
