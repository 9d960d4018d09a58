import pino from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { resolveDatabaseUrl } from './db/connect.js';
import { createDb } from './db/database.js';
import { migrate } from './db/migrate.js';
import { systemClock } from './lib/clock.js';
import { SecretBox } from './lib/crypto.js';
import { OutboxMailer } from './modules/mail/mailer.js';
import { seedDemo } from './seed/demo.js';

let config;
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
const { db, pool } = createDb(database.url, 20);
const applied = await migrate(pool);
if (applied.length) log.info({ applied }, 'migrations applied');

const deps = {
  config,
  db,
  pool,
  clock: systemClock,
  secrets: new SecretBox(config.jwtSecret),
  mailer: new OutboxMailer(db, log, config.smtpUrl, config.mailFrom),
  log,
};
const seeded = config.seedDemo ? await seedDemo(deps) : null;
const { app } = await buildApp(deps);
await app.listen({ port: config.port, host: config.host });

const lines = [
  '',
  `  Sapa is ready at ${config.appUrl}`,
  `  API docs:        ${config.appUrl}/api/docs`,
  ...(config.smtpUrl ? [] : [`  Dev mailbox:     ${config.appUrl}/dev/mailbox`]),
  ...(seeded
    ? [
        '',
        '  Demo logins (Demo Company):',
        ...seeded.logins.map((l) => `    ${l.role.padEnd(11)} ${l.email}  /  ${config.demoPassword}`),
      ]
    : []),
  '',
];
console.log(lines.join('\n'));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 20_000);
  force.unref();
  try {
    await app.close();
    await db.destroy();
    await database.stop();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
