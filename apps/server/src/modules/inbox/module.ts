import type { ModuleDefinition } from '../definition.js';
import { registerInboxWorkers } from './jobs/register.js';
import { inboxRoutes } from './routes.js';
import { registerInboxSocketHandlers } from './socket-handlers.js';
import { inboxTemplateRoutes } from './templates/routes.js';

/**
 * The inbox: chats and messages, ingest of channel webhooks (which publishes `message.created`,
 * `message.status` and the awaited `message.received` / `send.status`), sending jobs.
 */
export const inboxModule: ModuleDefinition = {
  name: 'inbox',
  routes: [inboxRoutes, inboxTemplateRoutes],
  sockets: registerInboxSocketHandlers,
  workers: registerInboxWorkers,
};
