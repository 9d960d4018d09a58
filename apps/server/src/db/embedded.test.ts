import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres, startFailure } from './embedded.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('a failed embedded PostgreSQL start', () => {
  it('says the port is taken, with Postgres’s own verdict, when another one holds it', async () => {
    // The test run's own PostgreSQL holds this port.
    const port = Number(new URL(inject('pgAdminUrl')).port);
    const dir = mkdtempSync(join(tmpdir(), 'sapa-clash-'));
    made.push(dir);
    const error = await startEmbeddedPostgres({ dir, port }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain(`did not start: port ${port} is already in use`);
    expect(message).toContain('EMBEDDED_PG_PORT');
    expect(message).toMatch(/FATAL: {2}could not create any TCP\/IP sockets/);
    expect(message).not.toContain('initdb');
  });

  it('keeps the package’s message, or points at the log, for any other failure', () => {
    const log = ['LOG:  starting PostgreSQL 17', 'FATAL:  data directory has wrong ownership'];
    const fromError = startFailure(new Error('pg_ctl exited with 1'), '/d', 5433, log);
    expect(fromError.message).toBe(
      'The embedded PostgreSQL in /d did not start: pg_ctl exited with 1\n  FATAL:  data directory has wrong ownership',
    );
    const quiet = startFailure(undefined, '/d', 5433, ['one', 'two']);
    expect(quiet.message).toBe(
      'The embedded PostgreSQL in /d did not start: its log ends with\n  one\n  two',
    );
    expect(startFailure(undefined, '/d', 5433, []).message).toBe(
      'The embedded PostgreSQL in /d did not start: it gave no reason',
    );
  });
});
