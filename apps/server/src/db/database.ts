import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// numeric and bigint come back as strings by default; int8 counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export type Db = Kysely<Database>;

export function createDb(
  url: string,
  max = 10,
  onConnectionError: (err: Error) => void = () => undefined,
): { db: Db; pool: pg.Pool } {
  // Half the pool stays open through quiet periods: a burst after one (2,000 new conversations
  // at once) otherwise first waits for backends to start and statements to be planned again.
  const pool = new pg.Pool({ connectionString: url, max, min: Math.floor(max / 2) });
  guardPool(pool, onConnectionError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}

/**
 * A pool whose connection breaks (PostgreSQL stopping, a terminated backend) emits 'error': on
 * the pool for an idle client, on the client itself for one checked out. Either without a
 * listener throws and ends the process. The query that was running fails on its own; the pool
 * drops the broken client, so the error only needs reporting, once: idle clients' errors come
 * through the pool, so the client-level listener stays silent.
 */
export function guardPool(pool: pg.Pool, onError: (err: Error) => void): void {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', () => undefined));
}

/** Opens the pool's kept connections at startup, so the first burst finds them ready. */
export async function warmPool(pool: pg.Pool): Promise<void> {
  const clients = await Promise.all(
    Array.from({ length: pool.options.min ?? 0 }, () => pool.connect()),
  );
  for (const c of clients) c.release();
}
