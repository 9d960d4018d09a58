import {
  TEMPLATE_SEND_EVENT,
  chatIdParamsSchema,
  chatTemplateListSchema,
  messageSchema,
  sendTemplateBodySchema,
} from '@sapa/contracts';
import type { z } from 'zod';
import type { Deps } from '../../../deps.js';
import { callerOf } from '../../../http/authenticate.js';
import { badRequest } from '../../../http/errors.js';
import { errorResponses } from '../../../http/error-responses.js';
import type { App } from '../../../http/types.js';
import type { Realtime } from '../../../realtime/server.js';
import type { ModuleContext } from '../../registry.js';
import { listChatTemplates, sendTemplate } from './service.js';

/** Templates in the inbox: what a chat may be sent, and sending one (issue 6 part 6). */
export function inboxTemplateRoutes(app: App, { deps }: ModuleContext): void {
  app.get(
    '/api/chats/:id/templates',
    {
      config: { action: 'chats.read', scope: 'chats:read' },
      schema: {
        tags: ['chats'],
        params: chatIdParamsSchema,
        response: { 200: chatTemplateListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listChatTemplates(deps, callerOf(request), request.params.id),
  );

  app.post(
    '/api/messages/template',
    {
      config: { scope: 'messages:send' },
      schema: {
        tags: ['messages'],
        body: sendTemplateBodySchema,
        response: { 201: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      // The agent's own screen sends this (the composer's template dialog): announced as
      // `message.out` like a composer send.
      reply.status(201).send(await sendTemplate(deps, callerOf(request), request.body)),
  );
}

function parse<T>(schema: z.ZodType<T>, payload: unknown): T {
  const r = schema.safeParse(payload);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? 'Invalid payload', 'VALIDATION');
  return r.data;
}

/** The same send over the socket, answered through its ack, for clients that send that way. */
export function registerTemplateSocketHandler(deps: Deps, realtime: Realtime): void {
  realtime.on(TEMPLATE_SEND_EVENT, (principal, payload) =>
    sendTemplate(deps, principal, parse(sendTemplateBodySchema, payload)),
  );
}
