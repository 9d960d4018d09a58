import type { Deps } from '../deps.js';
import type { App } from '../http/types.js';
import type { AuthService } from './auth/service.js';
import { authRoutes } from './auth/routes.js';
import { billingRoutes } from './billing/routes.js';
import { pricingRoutes } from './billing/pricing/index.js';
import { broadcastsRoutes } from './broadcasts/routes.js';
import { divisionsRoutes } from './divisions/routes.js';
import { healthRoutes } from './health/routes.js';
import { mailRoutes } from './mail/routes.js';
import { onboardingRoutes } from './onboarding/routes.js';
import { channelRoutes } from './channels/routes.js';
import { contactsRoutes } from './contacts/routes.js';
import { contactGroupsRoutes } from './contact-groups/routes.js';
import { inboxRoutes } from './inbox/routes.js';
import { inboxTemplateRoutes } from './inbox/templates/routes.js';
import { labelsRoutes } from './labels/routes.js';
import { quickRepliesRoutes } from './quick-replies/routes.js';
import { ticketsRoutes } from './tickets/routes.js';
import { mediaRoutes } from './media/routes.js';
import { opsRoutes } from './ops/routes.js';
import { webhookRoutes } from './webhooks/routes.js';
import { routingRoutes } from './routing/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { shellRoutes } from './settings/shell.js';
import { usersRoutes } from './users/routes.js';
import { templatesRoutes } from './templates/routes.js';

/** Services other modules may call (built once in app.ts). */
export interface CoreServices {
  auth: AuthService;
}

export interface ModuleContext {
  deps: Deps;
  services: CoreServices;
}

/** Every HTTP module, registered in this order. Add one line per domain. */
export const MODULES: ((app: App, ctx: ModuleContext) => void)[] = [
  healthRoutes,
  authRoutes,
  mailRoutes,
  settingsRoutes,
  routingRoutes,
  billingRoutes,
  pricingRoutes,
  shellRoutes,
  usersRoutes,
  divisionsRoutes,
  channelRoutes,
  inboxRoutes,
  inboxTemplateRoutes,
  labelsRoutes,
  ticketsRoutes,
  quickRepliesRoutes,
  contactsRoutes,
  contactGroupsRoutes,
  mediaRoutes,
  webhookRoutes,
  templatesRoutes,
  broadcastsRoutes,
  onboardingRoutes,
  opsRoutes,
];
