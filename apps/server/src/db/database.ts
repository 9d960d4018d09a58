import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// numeric and bigint come back as strings by default; int8 counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export type Db = Kysely<Database>;

export function createDb(url: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
