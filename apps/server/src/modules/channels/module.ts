import type { ModuleDefinition } from '../definition.js';
import { channelRoutes } from './routes.js';
import { registerChannelWorkers } from './token-check.job.js';

/** Channels ("services"): connect, edit, disconnect, reconnect, delete; their health and token check. */
export const channelsModule: ModuleDefinition = {
  name: 'channels',
  routes: [channelRoutes],
  workers: registerChannelWorkers,
};
