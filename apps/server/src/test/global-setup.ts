import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { PgBossQueue } from '../jobs/queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run. Migrations are applied once to a template database;
 * each test file clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'sapa-test-pg-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const embedded = await startEmbeddedPostgres({ dir, port, database: 'sapa_template' });
  const pool = new pg.Pool({ connectionString: embedded.url, max: 1 });
  await migrate(pool);
  await pool.end();
  // pg-boss creates its schema once here; every cloned test database inherits it.
  const boss = await PgBossQueue.start(embedded.url, { supervise: false });
  await boss.stop();
  project.provide('pgAdminUrl', embedded.url.replace('/sapa_template?', '/postgres?'));
  return async () => {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
