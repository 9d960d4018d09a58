import type { ModuleDefinition } from '../definition.js';
import { wabasicRoutes } from './routes.js';

/** WhatsApp basic (issue 20): linking routes; the session supervisor runs with the workers. */
export const wabasicModule: ModuleDefinition = {
  name: 'whatsapp-basic',
  routes: [wabasicRoutes],
};
