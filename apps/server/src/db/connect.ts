import { join } from 'node:path';
import type { Config } from '../config.js';
import { startEmbeddedPostgres } from './embedded.js';

/** DATABASE_URL when given; otherwise a real PostgreSQL embedded in DATA_DIR/pg. */
export async function resolveDatabaseUrl(
  config: Config,
  log: (line: string) => void,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const embedded = await startEmbeddedPostgres({
    dir: join(config.dataDir, 'pg'),
    port: config.embeddedPgPort,
    onLog: log,
  });
  return embedded;
}
