import pino from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { runningDatabaseUrl } from './db/connect.js';
import { createDb } from './db/database.js';
import { systemClock } from './lib/clock.js';
import { SecretBox } from './lib/crypto.js';
import { runOperatorCli } from './modules/ops/cli.js';

/**
 * `npm run operator -- <command>`: the operator console's command line. It uses the server's
 * environment and database while the server runs; it never starts PostgreSQL itself.
 */
async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const url = runningDatabaseUrl(config);
  if (!url) {
    console.error(
      `Sapa's database is not running (no embedded PostgreSQL in ${config.dataDir}). Start the server first (npm start), or set DATABASE_URL as the server has it.`,
    );
    return 1;
  }
  const { db, pool } = createDb(url, 2);
  try {
    return await runOperatorCli(
      process.argv.slice(2),
      {
        db,
        pool,
        clock: systemClock,
        config,
        secrets: new SecretBox(config.jwtSecret),
        log: pino({ level: 'silent' }),
      },
      { out: (line) => console.log(line), err: (line) => console.error(line) },
    );
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
