import { loadConfig } from '../config.js';
import { resolveDatabaseUrl } from './connect.js';
import { createDb } from './database.js';
import { migrate } from './migrate.js';

const config = loadConfig();
const database = await resolveDatabaseUrl(config, () => undefined);
const { db, pool } = createDb(database.url, 1);
try {
  const applied = await migrate(pool);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.destroy();
  await database.stop();
}
