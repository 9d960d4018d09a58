import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * COPY ... FROM STDIN in PostgreSQL's text format, fed by a generator of lines. pg has no COPY
 * API of its own; pg-copy-streams exposes the protocol as a writable stream, which is the fastest
 * way to load millions of rows (no per-row statement, parse or round trip).
 */
export async function copyLines(
  client: pg.PoolClient,
  statement: string,
  lines: Iterable<string>,
  /** Called after each chunk sent; throttle in the caller. */
  onProgress?: (rows: number) => void,
): Promise<number> {
  const stream = client.query(copyFrom(statement));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let rows = 0;
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    rows++;
    if (chunk.length > 256 * 1024) {
      if (!stream.write(chunk)) await once(stream, 'drain');
      chunk = '';
      onProgress?.(rows);
    }
  }
  if (chunk) stream.write(chunk);
  stream.end();
  await finished;
  return rows;
}

/** One field of a text-format COPY row. */
export function field(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n' })[c] ?? '\\r')
    : value;
}

export const row = (values: (string | number | boolean | null)[]): string =>
  `${values.map(field).join('\t')}\n`;

export interface SavedIndex {
  name: string;
  definition: string;
}

/**
 * Drops a table's secondary indexes (not those backing a constraint: primary keys stay, foreign
 * keys need them) and returns their definitions. Building an index once over loaded rows is far
 * faster than updating it row by row; inside the load's transaction a failure restores them.
 */
export async function dropSecondaryIndexes(
  client: pg.PoolClient,
  table: string,
): Promise<SavedIndex[]> {
  const { rows } = await client.query<SavedIndex>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = $1::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [table],
  );
  for (const index of rows) await client.query(`DROP INDEX ${index.name}`);
  return rows;
}

export async function rebuildIndexes(
  client: pg.PoolClient,
  indexes: SavedIndex[],
  log: (line: string) => void,
): Promise<void> {
  for (const index of indexes) {
    const started = Date.now();
    await client.query(index.definition);
    log(`  index ${index.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
