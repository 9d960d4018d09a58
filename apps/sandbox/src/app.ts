import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { CallLog } from './calls.js';
import { systemClock, type Clock } from './clock.js';
import { DEMO_NUMBER, type SandboxConfig } from './config.js';
import { DEMO_WA_PHONE } from './demo.js';
import type { SandboxContext } from './context.js';
import { registerCustomerRoutes } from './control/customers.js';
import { registerControlRoutes } from './control/routes.js';
import { PhoneEvents } from './events.js';
import { FaultBook } from './faults.js';
import { GraphError, graphErrorBody } from './graph/errors.js';
import { registerGraphRoutes } from './graph/routes.js';
import { MetaEngine } from './meta/engine.js';
import { registerMetaControlRoutes } from './meta/control-routes.js';
import { registerMetaGraphRoutes } from './meta/graph-routes.js';
import { Lookaside } from './meta/lookaside.js';
import { seedMeta } from './meta/seed.js';
import { MetaStore } from './meta/store.js';
import { Messaging } from './messaging.js';
import { registerPaymentApiRoutes } from './payments/api-routes.js';
import { registerPaymentControlRoutes } from './payments/control-routes.js';
import { coreError, isMidtransPath, MidtransError, snapError } from './payments/errors.js';
import { registerPaymentPageRoutes } from './payments/page-routes.js';
import { SnapPayments } from './payments/snap.js';
import { registerPhoneRoutes } from './phone/routes.js';
import { Store } from './store.js';
import { registerTemplateRoutes } from './templates/routes.js';
import { Deliverer } from './webhooks/delivery.js';
import { ArrivalMeter } from './throughput/arrivals.js';
import { SendLedger } from './throughput/ledger.js';
import { ThroughputLimiter } from './throughput/limiter.js';
import { registerThroughputRoutes } from './throughput/routes.js';
import { registerWaPhoneRoutes } from './wa-web/page-routes.js';
import { registerWaRoutes } from './wa-web/routes.js';
import { WaWeb } from './wa-web/service.js';
import { attachWaSocket } from './wa-web/socket.js';

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxContext;
  }
}

export interface BuildOptions {
  clock?: Clock;
  log?: Logger;
}

/**
 * Builds the fake Meta (Graph API, webhook sender, customer phone) and the fake Midtrans Snap
 * (transactions, payment page, notifications) without listening.
 */
export async function buildSandbox(
  config: SandboxConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const log = options.log ?? pino({ level: config.logLevel });
  const clock = options.clock ?? systemClock;
  const store = new Store(clock);
  const events = new PhoneEvents();
  const deliverer = new Deliverer({
    url: config.webhookUrl,
    secret: config.appSecret,
    retryBaseMs: config.retryBaseMs,
    retryCapMs: config.retryCapMs,
    maxAttempts: config.maxAttempts,
    log,
  });
  const metaStore = new MetaStore(clock);
  const lookaside = new Lookaside(config.publicUrl, config.lookasideTtlMs ?? 3_600_000, clock);
  const metaEngine = new MetaEngine({
    config,
    clock,
    store: metaStore,
    lookaside,
    deliverer,
    events,
    log,
  });
  const ctx: SandboxContext = {
    config,
    clock,
    store,
    events,
    deliverer,
    faults: new FaultBook(),
    calls: new CallLog(),
    messaging: new Messaging({ config, clock, store, deliverer, events, log }),
    throughput: new ThroughputLimiter(() => clock.now()),
    ledger: new SendLedger(),
    payments: new SnapPayments(config.payments, clock, log),
    arrivals: new ArrivalMeter(),
    meta: { store: metaStore, engine: metaEngine, lookaside },
    wa: new WaWeb({
      clock,
      log,
      qrTtlMs: config.waQrTtlMs ?? 20_000,
      qrMax: config.waQrMax ?? 6,
      deliverDelayMs: config.statusDelayMs,
    }),
    log,
    seed: () => {
      if (!config.seed) return;
      store.addNumber({ ...DEMO_NUMBER });
      seedMeta(metaStore, metaEngine);
      ctx.wa.sessions.ensurePhone(DEMO_WA_PHONE.phone, DEMO_WA_PHONE.name);
    },
  };
  ctx.seed();

  const app = Fastify({
    // Per-request access logs at info would drown the sandbox's own lines; keep warnings and errors.
    loggerInstance: log.child(
      {},
      { level: log.levelVal > 40 ? log.level : 'warn' },
    ) as FastifyBaseLogger,
    bodyLimit: 16 * 1024 * 1024,
    // Instagram message ids are long base64 keys, and Graph paths carry them (`GET /{mid}`).
    routerOptions: { maxParamLength: 1000 },
  });
  app.decorate('sandbox', ctx);
  // Graph takes form-encoded parameters as well as JSON (Send API, subscribed_apps).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1 } });

  app.setErrorHandler((err, request, reply) => {
    if (err instanceof GraphError) return reply.code(err.httpStatus).send(graphErrorBody(err));
    if (err instanceof MidtransError) return reply.code(err.httpStatus).send(err.body);
    const status =
      typeof err === 'object' && err && 'statusCode' in err && typeof err.statusCode === 'number'
        ? err.statusCode
        : 500;
    if (status >= 500) log.error({ err }, 'sandbox error');
    const message = err instanceof Error ? err.message : String(err);
    // Snap and the Core API answer in Midtrans' shapes, even for a body that is not JSON.
    if (isMidtransPath(request.url)) {
      const shaped = status >= 500 ? 'Sorry, we encountered internal server error.' : message;
      const error = request.url.startsWith('/snap/')
        ? snapError(status, [shaped])
        : coreError(status, shaped);
      return reply.code(status).send(error.body);
    }
    const graph =
      status >= 500
        ? new GraphError(500, 1, 'An unknown error has occurred.', { transient: true })
        : new GraphError(status, 100, `(#100) ${message}`);
    return reply.code(graph.httpStatus).send(graphErrorBody(graph));
  });
  app.setNotFoundHandler((request, reply) => {
    if (isMidtransPath(request.url)) {
      return reply.code(404).send(coreError(404, 'The requested resource is not found').body);
    }
    const err = new GraphError(400, 100, `Unknown path components: ${request.url.split('?')[0]}`);
    return reply.code(400).send(graphErrorBody(err));
  });

  registerControlRoutes(app, ctx);
  registerCustomerRoutes(app, ctx);
  registerPhoneRoutes(app, ctx);
  registerTemplateRoutes(app, ctx);
  registerThroughputRoutes(app, ctx);
  registerMetaControlRoutes(app, ctx);
  registerMetaGraphRoutes(app, ctx);
  registerPaymentApiRoutes(app, ctx.payments, config.publicUrl);
  registerPaymentPageRoutes(app, ctx.payments);
  registerPaymentControlRoutes(app, ctx.payments);
  registerWaRoutes(app, ctx.wa);
  registerWaPhoneRoutes(app);
  attachWaSocket(app, ctx.wa);
  registerGraphRoutes(app, ctx);

  // SSE streams never go idle, so they must be ended before the server can stop listening.
  app.addHook('preClose', async () => ctx.events.close());
  app.addHook('onClose', async () => {
    ctx.messaging.close();
    ctx.meta.engine.close();
    ctx.deliverer.close();
    ctx.payments.close();
  });
  return app;
}
