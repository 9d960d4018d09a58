import type { Deps } from '../deps.js';
import type { App } from '../http/types.js';
import type { Realtime } from '../realtime/server.js';
import type { AuthService } from './auth/service.js';

/** Services other modules may call (built once in app.ts). */
export interface CoreServices {
  auth: AuthService;
}

export interface ModuleContext {
  deps: Deps;
  services: CoreServices;
}

/**
 * Everything a module plugs into the process, declared in one place (its `module.ts`): HTTP
 * routes, socket handlers, listeners on the event spine (events/bus.ts) and job workers.
 * `modules/registry.ts` lists the definitions; app.ts and main.ts only walk that list.
 */
export interface ModuleDefinition {
  name: string;
  routes?: ((app: App, ctx: ModuleContext) => void)[];
  sockets?: (deps: Deps, realtime: Realtime) => void;
  /** Subscribes to the bus; run once per bus wherever events are published (web and worker). */
  listeners?: (deps: Deps) => void;
  /** Starts the module's job workers (worker role); may return how to stop what it started. */
  workers?: (deps: Deps) => Promise<(() => void | Promise<void>) | void>;
}
