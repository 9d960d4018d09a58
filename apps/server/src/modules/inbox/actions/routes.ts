import {
  assignChatBodySchema,
  chatActionResultSchema,
  chatCountSchema,
  chatFlagBodySchema,
  chatIdParamsSchema,
  chatLabelsBodySchema,
  chatRefSchema,
  chatSchema,
  resolveTicketBodySchema,
} from '@sapa/contracts';
import { callerOf, principalOf } from '../../../http/authenticate.js';
import { errorResponses } from '../../../http/error-responses.js';
import type { App } from '../../../http/types.js';
import type { Action } from '../../../policies.js';
import type { ModuleContext } from '../../registry.js';
import { assignChat } from './assign.service.js';
import { countActiveChats, countUnreadChats, getChat } from './lookup.service.js';
import { resolveTicket } from './resolve.service.js';
import {
  changeChatState,
  setChatFlag,
  setChatLabels,
  type ChatStateChange,
} from './state.service.js';

const tags = ['chats'];
const actionResponses = { 200: chatActionResultSchema, ...errorResponses(400, 401, 403, 404) };

const STATE_ROUTES: { path: ChatStateChange; action: Action }[] = [
  { path: 'archive', action: 'chats.archive' },
  { path: 'unarchive', action: 'chats.archive' },
  { path: 'block', action: 'chats.block' },
  { path: 'unblock', action: 'chats.block' },
];

/** The inbox's chat actions and counters; every one applies the caller's chat visibility. */
export function inboxActionRoutes(app: App, { deps }: ModuleContext): void {
  // Static paths first in the docs; the router already prefers them over `/api/chats/:id`.
  app.get(
    '/api/chats/active',
    {
      config: { action: 'chats.read' },
      schema: { tags, response: { 200: chatCountSchema, ...errorResponses(401, 403) } },
    },
    async (request) => countActiveChats(deps, principalOf(request)),
  );

  app.get(
    '/api/chats/unread',
    {
      config: { action: 'chats.read' },
      schema: { tags, response: { 200: chatCountSchema, ...errorResponses(401, 403) } },
    },
    async (request) => countUnreadChats(deps, principalOf(request)),
  );

  app.get(
    '/api/chats/:id',
    {
      config: { action: 'chats.read', scope: 'chats:read' },
      schema: {
        tags,
        params: chatIdParamsSchema,
        response: { 200: chatSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getChat(deps, callerOf(request), request.params.id),
  );

  app.post(
    '/api/chats/assign',
    {
      config: { action: 'chats.assign', scope: 'chats:write' },
      schema: { tags, body: assignChatBodySchema, response: actionResponses },
    },
    async (request) => assignChat(deps, callerOf(request), request.body),
  );

  app.post(
    '/api/chats/labels',
    {
      config: { action: 'chats.update', scope: 'chats:write' },
      schema: { tags, body: chatLabelsBodySchema, response: actionResponses },
    },
    async (request) => setChatLabels(deps, callerOf(request), request.body),
  );

  app.post(
    '/api/chats/flag',
    {
      config: { action: 'chats.update' },
      schema: { tags, body: chatFlagBodySchema, response: actionResponses },
    },
    async (request) => setChatFlag(deps, principalOf(request), request.body),
  );

  app.post(
    '/api/chats/resolve-ticket',
    {
      config: { action: 'chats.resolve', scope: 'chats:write' },
      schema: { tags, body: resolveTicketBodySchema, response: actionResponses },
    },
    async (request) => resolveTicket(deps, callerOf(request), request.body.chatId),
  );

  for (const { path, action } of STATE_ROUTES) {
    app.post(
      `/api/chats/${path}`,
      { config: { action }, schema: { tags, body: chatRefSchema, response: actionResponses } },
      async (request) => changeChatState(deps, principalOf(request), request.body.chatId, path),
    );
  }
}
