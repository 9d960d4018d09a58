import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../config.js';
import { embeddedUrl, startEmbeddedPostgres } from './embedded.js';
import { isAlive, readPostmasterPid } from './postmaster.js';

/** DATABASE_URL when given; otherwise a real PostgreSQL embedded in DATA_DIR/pg. */
export async function resolveDatabaseUrl(
  config: Config,
  log: (line: string) => void,
): Promise<{ url: string; stop: () => Promise<void>; signalStop: () => void }> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, stop: async () => undefined, signalStop: () => undefined };
  }
  const embedded = await startEmbeddedPostgres({
    dir: embeddedDir(config.dataDir, log),
    port: config.embeddedPgPort,
    onLog: log,
  });
  return embedded;
}

/**
 * For a tool that works beside the running server (the operator CLI): DATABASE_URL when given,
 * else the embedded PostgreSQL the server started in DATA_DIR, or null when none is running
 * (the tool never starts a second one on the same data).
 */
export function runningDatabaseUrl(config: Config): string | null {
  if (config.databaseUrl) return config.databaseUrl;
  const dir = embeddedDir(config.dataDir, () => undefined);
  const pid = readPostmasterPid(dir);
  if (pid === null || !isAlive(pid)) return null;
  return embeddedUrl(dir, config.embeddedPgPort);
}

/**
 * As root, Postgres runs as the `postgres` user, which must be able to reach its folder. The data
 * folder is ours, so we open it for traversal; if a parent we do not own is closed (a clone
 * under /root, say), the cluster lives under /var/lib/sapa instead, keyed by the data folder.
 */
export function embeddedDir(dataDir: string, log: (line: string) => void): string {
  const wanted = join(dataDir, 'pg');
  if (process.getuid?.() !== 0) return wanted;
  try {
    chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  } catch {
    /* not ours to change: the check below decides */
  }
  if (traversable(dataDir)) return wanted;
  const fallback = join(
    '/var/lib/sapa',
    createHash('sha1').update(resolve(dataDir)).digest('hex').slice(0, 12),
    'pg',
  );
  mkdirSync(dirname(fallback), { recursive: true, mode: 0o755 });
  chmodSync('/var/lib/sapa', 0o755);
  log(
    `PostgreSQL cannot reach ${wanted} (a parent folder is closed to other users); using ${fallback}`,
  );
  console.warn(`Embedded PostgreSQL data: ${fallback} (the postgres user cannot reach ${wanted})`);
  return fallback;
}

function traversable(path: string): boolean {
  let dir = resolve(path);
  for (;;) {
    try {
      if ((statSync(dir).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    const parent = dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}
