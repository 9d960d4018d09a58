import type { ModuleDefinition } from '../definition.js';
import { listenToConversationsForReports } from './listeners/conversations.listener.js';
import { listenToCsatForReports } from './listeners/csat.listener.js';
import { listenToFloorForReports } from './listeners/floor.listener.js';
import { listenToMoneyForReports } from './listeners/money.listener.js';
import { reportsRoutes } from './routes.js';
import { registerDashboardSockets } from './sockets.js';
import { registerReportWorkers } from './workers.js';

/**
 * Reports: facts and daily rollups kept by listeners on the event spine (never called by the
 * modules whose events they read), the reports API, the dashboard and the nightly reconcile.
 */
export const reportsModule: ModuleDefinition = {
  name: 'reports',
  routes: [reportsRoutes],
  sockets: registerDashboardSockets,
  listeners: (deps) => {
    // Off only to measure what the listeners cost; the reconcile writes what they would have.
    if (!deps.config.reportsListeners) return;
    listenToConversationsForReports(deps);
    listenToCsatForReports(deps);
    listenToMoneyForReports(deps);
    listenToFloorForReports(deps);
  },
  workers: registerReportWorkers,
};
