// `npm run seed:large`: one account ("Large Company") with a million chats and ten million
// messages in the database `npm start` uses (DATABASE_URL, or the embedded PostgreSQL under
// DATA_DIR, started here or reused when the server already runs it). Sizes: LARGE_CHATS,
// LARGE_MESSAGES. Skips when the account exists; then adds the reports' data (tickets, broadcasts,
// CSAT answers, facts and rollups) unless the account already has tickets.
import { existsSync, readFileSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { embeddedDir } from '../db/connect.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { seedLarge } from './large.js';
import { LARGE_ACCOUNT } from './large-data.js';
import { seedLargeReports } from './large-reports.js';

const log = (line: string) => process.stdout.write(`[seed:large] ${line}\n`);
const GB = 1024 ** 3;
// Measured on a full load: heap, indexes and the WAL a checkpoint has not recycled yet.
const BYTES_PER_MESSAGE = 900;
const BYTES_PER_CHAT = 2_500;

const config = loadConfig();
let chats = Number(process.env.LARGE_CHATS ?? 1_000_000);
let messages = Number(process.env.LARGE_MESSAGES ?? 10_000_000);
if (!Number.isInteger(chats) || !Number.isInteger(messages) || chats < 1 || messages < chats) {
  console.error('LARGE_CHATS and LARGE_MESSAGES must be whole numbers, messages >= chats');
  process.exit(1);
}

const database = await openDatabase();
try {
  fitToDisk();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const applied = await migrate(pool);
    if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
    const result = await seedLarge(pool, {
      chats,
      messages,
      password: config.demoPassword,
      log,
    });
    if (!result) {
      log('the Large Company account already exists; nothing to do');
    } else {
      log(
        `done: ${result.chats.toLocaleString('en')} chats, ${result.messages.toLocaleString('en')} messages in ${result.seconds} s`,
      );
      await printSizes(pool);
      log(`sign in as admin@large.sapa.id or agent01@large.sapa.id / ${config.demoPassword}`);
    }
    // Reports (issue 18): tickets, broadcasts, CSAT answers, facts and rollups, also on an
    // account seeded before they existed.
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [
      LARGE_ACCOUNT,
    ]);
    const accountId = rows[0]?.id;
    const reports = accountId ? await seedLargeReports(pool, accountId, log) : null;
    if (reports)
      log(
        `reports: ${reports.tickets.toLocaleString('en')} tickets, ${reports.facts.toLocaleString('en')} facts, ${reports.broadcasts} broadcasts in ${reports.seconds} s`,
      );
    else log('reports: already seeded');
  } finally {
    await pool.end();
  }
} finally {
  await database.stop();
}

/** The server's database: DATABASE_URL, a running embedded PostgreSQL, or one started here. */
async function openDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const dir = embeddedDir(config.dataDir, log);
  const running = runningPostgres(dir);
  if (running) {
    log(`using the PostgreSQL already running in ${dir} (port ${running.port})`);
    return {
      url: `postgres://postgres:sapa@localhost:${running.port}/sapa?host=${encodeURIComponent(running.socketDir)}`,
      stop: async () => undefined,
    };
  }
  log(`starting the embedded PostgreSQL in ${dir}`);
  return startEmbeddedPostgres({ dir, port: config.embeddedPgPort });
}

/** postmaster.pid lines: pid, data dir, start time, port, socket directory. */
function runningPostgres(dir: string): { port: number; socketDir: string } | null {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port, socketDir] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  return port && socketDir ? { port: Number(port), socketDir } : null;
}

/** With too little disk, load the largest size that fits (same chat/message ratio) and say so. */
function fitToDisk(): void {
  if (config.databaseUrl) {
    log('DATABASE_URL is set: cannot check the database server’s disk; loading the full size');
    return;
  }
  const fs = statfsSync(config.dataDir);
  const free = fs.bavail * fs.bsize;
  const needed = messages * BYTES_PER_MESSAGE + chats * BYTES_PER_CHAT;
  log(
    `disk: ${(free / GB).toFixed(1)} GB free in ${config.dataDir}, ~${(needed / GB).toFixed(1)} GB needed`,
  );
  const usable = free - 2 * GB;
  if (usable >= needed) return;
  const ratio = Math.max(0, usable / needed);
  chats = Math.floor(chats * ratio);
  messages = Math.floor(messages * ratio);
  if (chats < 1000) {
    console.error('[seed:large] not enough disk for even a thousand chats; stopping');
    process.exit(1);
  }
  log(
    `NOT ENOUGH DISK for the full size: loading ${chats.toLocaleString('en')} chats and ${messages.toLocaleString('en')} messages instead`,
  );
}

async function printSizes(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string; size: string }>(
    `SELECT c.relname AS name, pg_size_pretty(pg_total_relation_size(c.oid)) AS size
       FROM pg_class c
      WHERE c.relname IN ('chats', 'messages', 'contacts')
     UNION ALL
     SELECT c.relname, pg_size_pretty(pg_relation_size(c.oid))
       FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
      WHERE i.indrelid IN ('chats'::regclass, 'messages'::regclass)
     UNION ALL
     SELECT 'database ' || current_database(), pg_size_pretty(pg_database_size(current_database()))`,
  );
  for (const r of rows) log(`  size ${r.name}: ${r.size}`);
}
