import type { ModuleDefinition } from '../definition.js';
import { registerBroadcastWorkers } from './engine/register.js';
import { listenToBroadcastReplies } from './listeners/replies.listener.js';
import { listenToBroadcastStatuses } from './listeners/statuses.listener.js';
import { broadcastsRoutes } from './routes.js';

/** Broadcasts: the sending engine's workers; listens to replies and to its sends' statuses. */
export const broadcastsModule: ModuleDefinition = {
  name: 'broadcasts',
  routes: [broadcastsRoutes],
  listeners: (deps) => {
    listenToBroadcastReplies(deps);
    listenToBroadcastStatuses(deps);
  },
  workers: (deps) => registerBroadcastWorkers(deps),
};
