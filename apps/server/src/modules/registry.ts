import type { Deps } from '../deps.js';
import type { App } from '../http/types.js';
import type { Realtime } from '../realtime/server.js';
import { apiKeysRoutes } from './api-keys/routes.js';
import { authRoutes } from './auth/routes.js';
import { billingModule } from './billing/module.js';
import { broadcastsModule } from './broadcasts/module.js';
import type { ModuleContext, ModuleDefinition } from './definition.js';
import { divisionsRoutes } from './divisions/routes.js';
import { healthRoutes } from './health/routes.js';
import { mailRoutes } from './mail/routes.js';
import { onboardingRoutes } from './onboarding/routes.js';
import { channelsModule } from './channels/module.js';
import { contactsRoutes } from './contacts/routes.js';
import { contactGroupsRoutes } from './contact-groups/routes.js';
import { inboxModule } from './inbox/module.js';
import { labelsRoutes } from './labels/routes.js';
import { quickRepliesRoutes } from './quick-replies/routes.js';
import { ticketsRoutes } from './tickets/routes.js';
import { mediaRoutes } from './media/routes.js';
import { opsRoutes } from './ops/routes.js';
import { webhookRoutes } from './webhooks/routes.js';
import { routingModule } from './routing/module.js';
import { settingsRoutes } from './settings/routes.js';
import { shellRoutes } from './settings/shell.js';
import { usersRoutes } from './users/routes.js';
import { templatesModule } from './templates/module.js';
import { reportsModule } from './reports/module.js';
import { csatModule } from './csat/module.js';
import { idempotencyModule } from './idempotency/module.js';
import { webhooksOutModule } from './webhooks-out/module.js';
import { wabasicModule } from './whatsapp-basic/module.js';

export type { CoreServices, ModuleContext, ModuleDefinition } from './definition.js';

const routesOnly = (name: string, ...routes: ((app: App, ctx: ModuleContext) => void)[]) => ({
  name,
  routes,
});

/**
 * Every module, in this order: its routes are registered, its listeners subscribed and its
 * workers started in it. Broadcasts come before routing on purpose: both listen to
 * `message.received`, and a broadcast's Self Assign must take the chat before routing assigns it.
 */
export const MODULE_DEFINITIONS: ModuleDefinition[] = [
  routesOnly('health', healthRoutes),
  routesOnly('auth', authRoutes),
  routesOnly('mail', mailRoutes),
  routesOnly('settings', settingsRoutes),
  routesOnly('api-keys', apiKeysRoutes),
  // Before broadcasts and routing: a message's message.received takes its chat's sequence
  // number before the chat.assigned that routing's answer to it publishes.
  webhooksOutModule,
  broadcastsModule,
  routingModule,
  billingModule,
  routesOnly('shell', shellRoutes),
  routesOnly('users', usersRoutes),
  routesOnly('divisions', divisionsRoutes),
  channelsModule,
  wabasicModule,
  inboxModule,
  routesOnly('labels', labelsRoutes),
  routesOnly('tickets', ticketsRoutes),
  routesOnly('quick-replies', quickRepliesRoutes),
  routesOnly('contacts', contactsRoutes),
  routesOnly('contact-groups', contactGroupsRoutes),
  routesOnly('media', mediaRoutes),
  routesOnly('webhooks', webhookRoutes),
  templatesModule,
  csatModule,
  routesOnly('onboarding', onboardingRoutes),
  routesOnly('ops', opsRoutes),
  reportsModule,
  idempotencyModule,
];

/** Every HTTP module's routes, registered in this order. */
export const MODULES: ((app: App, ctx: ModuleContext) => void)[] = MODULE_DEFINITIONS.flatMap(
  (m) => m.routes ?? [],
);

export function registerModuleSockets(deps: Deps, realtime: Realtime): void {
  for (const m of MODULE_DEFINITIONS) m.sockets?.(deps, realtime);
}

const listening = new WeakSet<Deps['events']>();

/** Subscribes every module's listeners to this bus, once whatever calls it (web and worker). */
export function registerModuleListeners(deps: Deps): void {
  if (listening.has(deps.events)) return;
  listening.add(deps.events);
  for (const m of MODULE_DEFINITIONS) m.listeners?.(deps);
}

/** Starts every module's workers; returns the stops some of them give, by module name. */
export async function registerModuleWorkers(
  deps: Deps,
): Promise<{ name: string; stop: () => void | Promise<void> }[]> {
  const stops: { name: string; stop: () => void | Promise<void> }[] = [];
  for (const m of MODULE_DEFINITIONS) {
    const stop = await m.workers?.(deps);
    if (stop) stops.push({ name: m.name, stop });
  }
  return stops;
}
