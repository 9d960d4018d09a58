import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { ChannelAdapters } from './channels/registry.js';
import { resolveDatabaseUrl } from './db/connect.js';
import { createDb, warmPool } from './db/database.js';
import { migrate } from './db/migrate.js';
import type { Deps } from './deps.js';
import { EventBus } from './events/bus.js';
import { PgBossQueue } from './jobs/queue.js';
import { systemClock } from './lib/clock.js';
import { SecretBox } from './lib/crypto.js';
import { AuthCache, watchPool } from './modules/auth/auth-cache.js';
import { AuthService } from './modules/auth/service.js';
import { registerInboxWorkers } from './modules/inbox/jobs/register.js';
import { registerBroadcastWorkers } from './modules/broadcasts/engine/register.js';
import { registerTemplateWorkers } from './modules/templates/status-sync.js';
import { registerPaymentWorkers } from './modules/billing/index.js';
import { OutboxMailer } from './modules/mail/mailer.js';
import { Realtime } from './realtime/server.js';
import { seedDemo } from './seed/demo.js';
import { seedDemoMessaging } from './seed/demo-messaging.js';
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
const database = await resolveDatabaseUrl(config, (line) => log.debug({ pg: line }, 'postgres'));
const { db, pool } = createDb(database.url, config.databasePoolSize);
const authCache = new AuthCache(systemClock);
watchPool(pool, () => authCache.invalidateAll());
const applied = await migrate(pool);
if (applied.length) log.info({ applied }, 'migrations applied');
await warmPool(pool);

const jobs = await PgBossQueue.start(database.url);
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

// Roles: `web` serves HTTP and sockets, `worker` runs jobs, `all` (default) does both.
const serveWeb = config.role !== 'worker';
const runWorkers = config.role !== 'web';
const seeded = config.seedDemo && serveWeb ? await seedDemo(deps) : null;
if (seeded) await seedDemoMessaging(deps);
if (seeded) await seedDemoTemplates(deps);
if (runWorkers) await registerInboxWorkers(deps);
const stopBroadcastSweep = runWorkers ? await registerBroadcastWorkers(deps) : null;
if (runWorkers) await registerTemplateWorkers(deps);
if (runWorkers) await registerPaymentWorkers(deps);

const closers: (() => Promise<unknown>)[] = [];
if (serveWeb) {
  const { app } = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  closers.push(() => app.close());
} else {
  // A worker still publishes socket events: through the adapter they reach the web processes.
  const realtime = await Realtime.create(deps, new AuthService(deps));
  closers.push(() => realtime.close());
}

if (serveWeb) {
  const lines = [
    '',
    `  Sapa is ready at ${config.appUrl}`,
    `  API docs:        ${config.appUrl}/api/docs`,
    ...(config.smtpUrl ? [] : [`  Dev mailbox:     ${config.appUrl}/dev/mailbox`]),
    ...(config.sandboxUrl
      ? [`  Customer phone:  ${config.sandboxUrl}/phone   (local Meta sandbox)`]
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
} else log.info('worker started');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 20_000);
  force.unref();
  try {
    stopBroadcastSweep?.();
    for (const close of closers) await close();
    await jobs.stop();
    await authCache.close();
    await db.destroy();
    await database.stop();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
