import Fastify, { type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MODULES } from '../modules/registry.js';
import type { TestContext } from './harness.js';

/** Every route the modules register, as registered (the real modules on a bare app). */
export async function registeredRoutes(ctx: TestContext): Promise<RouteOptions[]> {
  const routes: RouteOptions[] = [];
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route) => void routes.push(route as RouteOptions));
  for (const register of MODULES) register(app, { deps: ctx.deps, services: ctx.services });
  await app.ready();
  await app.close();
  return routes;
}

export const methodsOf = (route: RouteOptions): string[] =>
  [route.method].flat().filter((m) => m !== 'HEAD');

/** A URL that reaches the route: every `:param` filled with a UUID nobody has. */
export const urlOf = (route: RouteOptions): string =>
  route.url.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');

/** A private tenant route: signed in with a user's or key's token (not the ops console's). */
export const isTenantPrivate = (route: RouteOptions): boolean =>
  route.url.startsWith('/api/') && !route.config?.public;
