import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { backfillChannelConfigs } from './modules/channels/index.js';
import { ChannelAdapters } from './channels/registry.js';
import { resolveDatabaseUrl } from './db/connect.js';
import { createDb, warmPool } from './db/database.js';
import { connectionErrorLogger, createStopper, isStopping, stopOnSignals } from './lifecycle.js';
import { migrate } from './db/migrate.js';
import type { Deps } from './deps.js';
import { EventBus } from './events/bus.js';
import { PgBossQueue } from './jobs/queue.js';
import { systemClock } from './lib/clock.js';
import { SecretBox } from './lib/crypto.js';
import { AuthCache, watchPool } from './modules/auth/auth-cache.js';
import { AuthService } from './modules/auth/service.js';
import { registerModuleListeners, registerModuleWorkers } from './modules/registry.js';
import { OutboxMailer } from './modules/mail/mailer.js';
import { devMailboxEnabled } from './modules/mail/routes.js';
import { Realtime } from './realtime/server.js';
import { seedDemo } from './seed/demo.js';
import { seedDemoMessaging } from './seed/demo-messaging.js';
import { seedDemoPages } from './seed/demo-pages.js';
import { seedDemoReports } from './seed/demo-reports.js';
import { seedDemoTemplates } from './seed/demo-templates.js';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const log = pino({ level: config.logLevel });
const stopper = createStopper(log);
// Registered before anything starts: a signal mid-start still stops what has started (the
// embedded PostgreSQL above all), rather than leaving it running without its server.
let signalPostgres = (): void => undefined;
stopOnSignals(stopper, {
  onStopped: () => console.log('Sapa stopped.'),
  forceAfterMs: 20_000,
  onForce: () => signalPostgres(),
});

try {
  await start();
} catch (err) {
  // Stopping already (a signal arrived mid-start): the stop in progress ends the process.
  if (!isStopping()) {
    console.error(
      `Sapa could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    await stopper.stop();
    process.exit(1);
  }
}

async function start(): Promise<void> {
  const database = await resolveDatabaseUrl(config, (line) => log.debug({ pg: line }, 'postgres'));
  signalPostgres = database.signalStop;
  stopper.add('postgres', () => database.stop());
  const { db, pool } = createDb(
    database.url,
    config.databasePoolSize,
    connectionErrorLogger(log, 'database pool'),
  );
  stopper.add('database pool', () => db.destroy());
  const authCache = new AuthCache(systemClock);
  stopper.add('auth cache', () => authCache.close());
  watchPool(pool, () => authCache.invalidateAll());
  const applied = await migrate(pool);
  if (applied.length) log.info({ applied }, 'migrations applied');
  await warmPool(pool);

  const jobs = await PgBossQueue.start(database.url, {
    onError: connectionErrorLogger(log, 'pg-boss'),
  });
  stopper.add('jobs', () => jobs.stop());
  const deps: Deps = {
    config,
    db,
    pool,
    clock: systemClock,
    secrets: new SecretBox(config.jwtSecret),
    mailer: new OutboxMailer(db, log, config.smtpUrl, config.mailFrom),
    log,
    events: new EventBus(),
    jobs,
    channels: ChannelAdapters.fromConfig(config),
    authCache,
  };
  await authCache.listen(database.url);
  const backfilled = await backfillChannelConfigs(deps);
  if (backfilled) log.info({ backfilled }, 'channel configs sealed');

  // Roles: `web` serves HTTP and sockets, `worker` runs jobs, `all` (default) does both.
  const serveWeb = config.role !== 'worker';
  const runWorkers = config.role !== 'web';
  const seeded = config.seedDemo && serveWeb ? await seedDemo(deps) : null;
  if (seeded) await seedDemoMessaging(deps);
  if (seeded) await seedDemoPages(deps);
  if (seeded) await seedDemoTemplates(deps);
  if (seeded) await seedDemoReports(deps);
  // Listeners wherever events are published (a worker's sends fail and refund too), before any
  // worker starts publishing.
  registerModuleListeners(deps);
  if (runWorkers)
    for (const { name, stop } of await registerModuleWorkers(deps))
      stopper.add(`${name} workers`, stop);

  if (!serveWeb) {
    // A worker still publishes socket events: through the adapter they reach the web processes.
    const realtime = await Realtime.create(deps, new AuthService(deps));
    stopper.add('realtime', () => realtime.close());
    log.info('worker started');
    return;
  }
  const { app } = await buildApp(deps);
  stopper.add('http', () => app.close());
  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Sapa is ready at ${config.appUrl}`,
    `  API docs:        ${config.appUrl}/api/docs`,
    ...(devMailboxEnabled(config) ? [`  Dev mailbox:     ${config.appUrl}/dev/mailbox`] : []),
    ...(config.sandboxUrl
      ? [
          `  Customer phone:  ${config.sandboxUrl}/phone   (local Meta sandbox)`,
          `  Payments:        ${config.appUrl}/top-up pays on ${config.sandboxUrl}/snap   (local Midtrans Snap sandbox)`,
        ]
      : []),
    ...(seeded
      ? [
          '',
          '  Demo logins (Demo Company):',
          ...seeded.logins.map(
            (l) => `    ${l.role.padEnd(11)} ${l.email}  /  ${config.demoPassword}`,
          ),
        ]
      : []),
    '',
  ];
  console.log(lines.join('\n'));
}
