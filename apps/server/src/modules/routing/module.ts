import type { ModuleDefinition } from '../definition.js';
import { listenToInboundForRouting } from './listeners/inbound.listener.js';
import { routingRoutes } from './routes.js';
import { registerRoutingSocketHandlers } from './welcome.service.js';

/** Routing: assignment, presence, greetings and automatic messages; listens to inbound messages. */
export const routingModule: ModuleDefinition = {
  name: 'routing',
  routes: [routingRoutes],
  sockets: registerRoutingSocketHandlers,
  listeners: listenToInboundForRouting,
};
