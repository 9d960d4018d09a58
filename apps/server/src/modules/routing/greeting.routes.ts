import { greetingBodySchema, greetingResponseSchema, greetingSchema } from '@sapa/contracts';
import { z } from 'zod';
import { principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { GreetingService } from './greeting.service.js';

/** `/api/greeting`: the account's one greeting (read, create or replace, delete). */
export function greetingRoutes(app: App, { deps }: ModuleContext): void {
  const greetings = new GreetingService(deps);

  app.get(
    '/api/greeting',
    {
      config: { action: 'greeting.read' },
      schema: {
        tags: ['routing'],
        response: { 200: greetingResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await greetings.get(principalOf(request).accountId) }),
  );

  // POST and PUT both save: the greeting is one per account, so creating replaces.
  for (const method of ['POST', 'PUT'] as const)
    app.route({
      method,
      url: '/api/greeting',
      config: { action: 'greeting.manage', idempotent: method === 'POST' },
      schema: {
        tags: ['routing'],
        body: greetingBodySchema,
        response: { 200: greetingSchema, ...errorResponses(400, 401, 403) },
      },
      handler: async (request) => greetings.save(principalOf(request).accountId, request.body),
    });

  app.delete(
    '/api/greeting',
    {
      config: { action: 'greeting.manage' },
      schema: {
        tags: ['routing'],
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await greetings.remove(principalOf(request).accountId);
      return { ok: true as const };
    },
  );
}
