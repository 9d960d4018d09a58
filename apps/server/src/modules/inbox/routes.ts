import {
  chatPageQuerySchema,
  chatPageSchema,
  messagePageQuerySchema,
  messageIdParamsSchema,
  messagePageSchema,
  messageSchema,
  sendMessageBodySchema,
} from '@sapa/contracts';
import { callerOf } from '../../http/authenticate.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { inboxActionRoutes } from './actions/routes.js';
import { presentMessage } from '../conversations/index.js';
import { getMessage, listChats, listMessages } from './read.service.js';
import { sendMessage } from './send.service.js';

export function inboxRoutes(app: App, ctx: ModuleContext): void {
  const { deps } = ctx;
  inboxActionRoutes(app, ctx);
  app.get(
    '/api/chats/paginate',
    {
      config: { scope: 'chats:read' },
      schema: {
        tags: ['chats'],
        querystring: chatPageQuerySchema,
        response: { 200: chatPageSchema },
      },
    },
    async (request) => listChats(deps, callerOf(request), request.query),
  );

  app.get(
    '/api/messages/paginate',
    {
      config: { scope: 'messages:read' },
      schema: {
        tags: ['messages'],
        querystring: messagePageQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) => listMessages(deps, callerOf(request), request.query),
  );

  app.get(
    '/api/messages/:id',
    {
      config: { scope: 'messages:read' },
      schema: {
        tags: ['messages'],
        params: messageIdParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => presentMessage(await getMessage(deps, callerOf(request), request.params.id)),
  );

  app.post(
    '/api/messages',
    {
      config: { scope: 'messages:send' },
      schema: { tags: ['messages'], body: sendMessageBodySchema, response: { 201: messageSchema } },
    },
    async (request, reply) =>
      // REST sends come from API integrations; their screens hear `new.message.push.reply`.
      reply.status(201).send(await sendMessage(deps, callerOf(request), request.body, 'rest')),
  );
}
