import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { LIMITS } from '@sapa/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Deps } from './deps.js';
import { registerAuthentication } from './http/authenticate.js';
import { registerErrorHandler } from './http/error-handler.js';
import { RequestLog } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { openapiTransform, SECURITY_SCHEMES } from './http/openapi.js';
import { findWebDist, registerStaticWeb } from './http/static-web.js';
import type { App } from './http/types.js';
import { AuthService } from './modules/auth/service.js';
import {
  MODULES,
  registerModuleListeners,
  registerModuleSockets,
  type CoreServices,
} from './modules/registry.js';
import { Realtime } from './realtime/server.js';
import { usageIdle } from './modules/billing/pricing/index.js';

export interface BuiltApp {
  app: App;
  services: CoreServices;
  realtime: Realtime;
}

/** Builds the HTTP app around already-connected dependencies (main.ts or the test harness). */
export async function buildApp(
  deps: Deps,
  options: { logger?: FastifyServerOptions['logger']; serveWeb?: boolean } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    loggerInstance: options.logger === undefined ? deps.log : undefined,
    logger: options.logger === undefined ? undefined : options.logger,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    logController: new RequestLog(deps.config.logRequests),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, deps.config);

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sapa API',
        version: '0.1.0',
        description: 'Multi-channel business messaging',
      },
      components: {
        securitySchemes: SECURITY_SCHEMES,
      },
      security: [{ bearer: [] }],
    },
    transform: openapiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const services: CoreServices = { auth: new AuthService(deps) };
  registerAuthentication(app, services.auth, deps);
  for (const register of MODULES) register(app, { deps, services });

  const realtime = await Realtime.create(deps, services.auth, app.server);
  registerModuleSockets(deps, realtime);
  registerModuleListeners(deps);
  // Charges started by this process's events finish before the pool closes.
  app.addHook('onClose', async () => usageIdle(deps));
  app.addHook('onClose', async () => realtime.close());
  // On close, requests still in flight finish, but their keep-alive connections would then hold
  // the server open for Fastify's 72 s keep-alive timeout (webhook senders keep them): close
  // each one as soon as it goes idle.
  let idleSweep: NodeJS.Timeout | null = null;
  app.addHook('preClose', async () => {
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 200);
    idleSweep.unref();
  });
  app.addHook('onClose', async () => {
    if (idleSweep) clearInterval(idleSweep);
  });

  const webDist = options.serveWeb === false ? null : findWebDist();
  if (webDist) await registerStaticWeb(app, webDist);
  return { app, services, realtime };
}
