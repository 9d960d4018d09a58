import type { ModuleDefinition } from '../definition.js';
import { listenToSurveyAnswers } from './listeners/answers.listener.js';
import { listenToResolvedTickets } from './listeners/resolved.listener.js';
import { csatPublicRoutes } from './routes.js';
import { registerCsatWorkers } from './sweep.job.js';

/**
 * Customer satisfaction (issue 18 §4): a survey when a ticket is resolved, its answer from a tap
 * in the chat or the public page, shown in the conversation and announced as `csat.received`.
 */
export const csatModule: ModuleDefinition = {
  name: 'csat',
  routes: [csatPublicRoutes],
  listeners: (deps) => {
    listenToResolvedTickets(deps);
    listenToSurveyAnswers(deps);
  },
  workers: registerCsatWorkers,
};
