import type { ModuleDefinition } from '../definition.js';
import { listenToTemplateVerdicts } from './listeners/template-status.listener.js';
import { templatesRoutes } from './routes.js';
import { registerTemplateWorkers } from './status-sync.js';

/** WhatsApp templates: CRUD and publishing; Meta's verdicts from webhooks and the periodic sync. */
export const templatesModule: ModuleDefinition = {
  name: 'templates',
  routes: [templatesRoutes],
  listeners: listenToTemplateVerdicts,
  workers: registerTemplateWorkers,
};
