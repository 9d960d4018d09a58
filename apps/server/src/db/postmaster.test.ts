import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';
import { isAlive, readPostmasterPid, waitForExit } from './postmaster.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** kill -9 of the postmaster and everything it started, as a crash of the process group does. */
async function crash(dir: string): Promise<void> {
  const pid = readPostmasterPid(dir);
  if (pid === null) throw new Error('no postmaster.pid');
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    /* pgrep exits 1 when there are none */
  }
  for (const p of [pid, ...children]) process.kill(p, 'SIGKILL');
  // The lock file stays behind, as after a real crash.
  expect(readPostmasterPid(dir)).toBe(pid);
  await waitForExit(pid, 10_000);
}

/**
 * A process of the user PostgreSQL runs as (the data folder's owner), standing in for an old
 * postmaster that is still dying: PostgreSQL only counts a lock file's pid as alive when it may
 * signal that process.
 */
function standIn(dir: string, seconds: number): ChildProcess {
  const { uid, gid } = statSync(dir);
  const child = spawn('sleep', [String(seconds)], { uid, gid, stdio: 'ignore' });
  const lock = join(dir, 'postmaster.pid');
  const lines = readFileSync(lock, 'utf8').split('\n');
  lines[0] = String(child.pid);
  writeFileSync(lock, lines.join('\n'));
  return child;
}

async function selectOne(db: EmbeddedDatabase): Promise<number> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
    return rows[0]?.one ?? 0;
  } finally {
    await client.end();
  }
}

const root = mkdtempSync(join(tmpdir(), 'sapa-restart-'));
// As root, PostgreSQL runs as the `postgres` user, which must be able to walk in.
chmodSync(root, 0o755);
const dir = join(root, 'pg');
const running: EmbeddedDatabase[] = [];
const standIns: ChildProcess[] = [];
afterAll(async () => {
  for (const child of standIns) child.kill('SIGKILL');
  for (const db of running) await db.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('starting the embedded PostgreSQL again after a crash', () => {
  let port = 0;

  it('starts at once after kill -9 of the postmaster and its children', async () => {
    port = await freePort();
    const first = await startEmbeddedPostgres({ dir, port });
    // A connected backend, as the server holds many.
    const client = new pg.Client({ connectionString: first.url });
    client.on('error', () => undefined);
    await client.connect();
    await crash(dir);
    const second = await startEmbeddedPostgres({ dir, port });
    running.push(second);
    expect(await selectOne(second)).toBe(1);
    await crash(dir);
    running.pop();
  });

  it('waits for an earlier postmaster that is still dying, then starts', async () => {
    const dying = standIn(dir, 1.5);
    standIns.push(dying);
    const db = await startEmbeddedPostgres({ dir, port, earlierPostmasterWaitMs: 20_000 });
    running.push(db);
    expect(dying.exitCode ?? dying.signalCode).not.toBeNull();
    expect(await selectOne(db)).toBe(1);
    await crash(dir);
    running.pop();
  });

  it('gives up with a clear error when the earlier postmaster never exits', async () => {
    const stuck = standIn(dir, 600);
    standIns.push(stuck);
    const error = await startEmbeddedPostgres({ dir, port, earlierPostmasterWaitMs: 500 }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      `The embedded PostgreSQL in ${dir} did not start: an earlier PostgreSQL (pid ${stuck.pid}) ` +
        'still runs there after 1 s (another Sapa using the same DATA_DIR, or one left running ' +
        `when its server was killed): stop it (kill -INT ${stuck.pid}) or use another DATA_DIR`,
    );
    expect(isAlive(stuck.pid ?? 0)).toBe(true);
    stuck.kill('SIGKILL');
  });

  it('stops at once when the postmaster has already exited (Ctrl-C reached it first)', async () => {
    const db = await startEmbeddedPostgres({ dir, port });
    const pid = readPostmasterPid(dir) ?? 0;
    process.kill(pid, 'SIGINT');
    await waitForExit(pid, 15_000);
    // Before, this waited forever for an exit event that had already passed.
    await db.stop();
    expect(isAlive(pid)).toBe(false);
  });
});
