// The Sapa server for a bench that also reads and writes its database (setup rows, counts): the
// built server on free ports with a fresh DATA_DIR and its embedded PostgreSQL, signed webhooks
// accepted with the bench's app secret, Graph calls pointed at nothing (unless the bench's env
// points them somewhere), and a pool on the same database.
import { join } from 'node:path';
import pg from 'pg';
import {
  freePort,
  makeTempDir,
  removeDir,
  sapaServerService,
  startService,
  type ServiceHandle,
} from '../../scripts/lib/processes.mjs';
import { BENCH_APP_SECRET } from './meta.js';
import { login } from './sapa.js';

export interface SapaWithDb {
  url: string;
  db: pg.Pool;
  /** The embedded database's URL (its Unix socket), for a second process or another client. */
  dbUrl: string;
  /** The embedded PostgreSQL's port and data directory, for a second server on the same data. */
  pgPort: number;
  dataDir: string;
  /** The server process (a bench that kills it or measures its memory reads its pid). */
  handle: ServiceHandle;
  /** Closes the pool, stops the server and removes its data directory. */
  stop(): Promise<void>;
}

export async function startSapaWithDb(options: {
  /** Names the temporary data directory (`sapa-bench-<name>-…`). */
  name: string;
  /** Server environment on top of the bench defaults. */
  env?: Record<string, string>;
  poolMax: number;
  /** The server's port when something must know it before the server starts (a free one if not). */
  port?: number;
}): Promise<SapaWithDb> {
  const dataDir = makeTempDir(`sapa-bench-${options.name}-`);
  const pgPort = await freePort();
  const service = sapaServerService({
    port: options.port ?? (await freePort()),
    dataDir,
    pgPort,
    env: {
      META_APP_SECRET: BENCH_APP_SECRET,
      GRAPH_API_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'error',
      ...options.env,
    },
  });
  let handle: ServiceHandle;
  try {
    handle = await startService(service, { readyTimeoutMs: 90_000 });
  } catch (error) {
    removeDir(dataDir);
    throw error;
  }
  // The same Unix socket the server uses (see apps/server/src/db/embedded.ts).
  const dbUrl = `postgres://postgres:sapa@localhost:${pgPort}/sapa?host=${encodeURIComponent(join(dataDir, 'pg'))}`;
  const db = new pg.Pool({ connectionString: dbUrl, max: options.poolMax });
  db.on('error', () => undefined);
  return {
    url: service.url,
    db,
    dbUrl,
    pgPort,
    dataDir,
    handle,
    stop: async () => {
      await db.end();
      await handle.stop();
      removeDir(dataDir);
    },
  };
}

/** The seeded demo account's admin, signed in (DEMO_PASSWORD when the seed was given one). */
export function loginDemoAdmin(url: string): Promise<string> {
  return login(url, 'admin@demo.sapa.id', process.env.DEMO_PASSWORD ?? 'Sapa12345');
}
