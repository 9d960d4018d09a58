import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, readPostmasterPid, waitForExit } from './db/postmaster.js';
import { createStopper } from './lifecycle.js';

describe('the stopper', () => {
  it('closes in reverse order, and a failing step never keeps the later ones from running', async () => {
    const stopper = createStopper(pino({ level: 'silent' }));
    const closed: string[] = [];
    stopper.add('postgres', () => closed.push('postgres'));
    stopper.add('pool', async () => {
      closed.push('pool');
      throw Object.assign(new Error('terminating connection'), { code: '57P01' });
    });
    stopper.add('http', async () => closed.push('http'));
    await Promise.all([stopper.stop(), stopper.stop()]);
    expect(closed).toEqual(['http', 'pool', 'postgres']);
  });
});

const SERVER_ROOT = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'sapa-stop-'));
// As root, PostgreSQL runs as the `postgres` user, which must be able to walk in.
chmodSync(dataDir, 0o755);
const pgDir = join(dataDir, 'pg');

afterAll(async () => {
  // Whatever a failed run left behind.
  const pid = readPostmasterPid(pgDir);
  if (pid !== null && isAlive(pid)) {
    process.kill(pid, 'SIGINT');
    await waitForExit(pid, 15_000);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Run {
  pid: number;
  postmaster: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout: () => string;
  stderr: () => string;
}

/** The server as `npm run dev` runs it (tsx), in a process group of its own like a terminal's. */
async function startServer(): Promise<Run> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(await freePort()),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`the server exited while starting:\n${stdout}\n${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(250);
  }
  const postmaster = readPostmasterPid(pgDir);
  if (postmaster === null) throw new Error('no postmaster.pid once ready');
  return {
    pid: child.pid ?? 0,
    postmaster,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
  };
}

/**
 * Stopped cleanly: exit 0, one closing line, nothing on stderr, no stack trace, PostgreSQL gone.
 * `lostWhileRunning`: the database went away while the server still served, which is worth
 * one warning line per lost connection (nothing else).
 */
async function expectCleanStop(run: Run, lostWhileRunning = false): Promise<void> {
  expect(await run.exited).toEqual({ code: 0, signal: null });
  expect(run.stderr()).toBe('');
  const out = run.stdout();
  expect(out).not.toMatch(/Error|at .*\(.*:\d+:\d+\)/);
  // No warn, error or fatal lines (pino levels 40, 50, 60).
  const loud = out.split('\n').filter((line) => /"level":[456]0/.test(line));
  const expected = (line: string) =>
    lostWhileRunning && /"level":40.*"msg":"[^"]*: connection lost \(/.test(line);
  expect(loud.filter((line) => !expected(line))).toEqual([]);
  expect(out.trim().split('\n').at(-1)).toBe('Sapa stopped.');
  expect(isAlive(run.postmaster)).toBe(false);
  expect(existsSync(join(pgDir, 'postmaster.pid'))).toBe(false);
}

describe('stopping the server', { timeout: 120_000 }, () => {
  it('Ctrl-C (SIGINT to the whole process group, PostgreSQL included)', async () => {
    const run = await startServer();
    process.kill(-run.pid, 'SIGINT');
    await expectCleanStop(run);
  });

  it('SIGTERM to the whole process group', async () => {
    const run = await startServer();
    process.kill(-run.pid, 'SIGTERM');
    await expectCleanStop(run);
  });

  it('PostgreSQL stopped first, the server signalled after', async () => {
    const run = await startServer();
    process.kill(run.postmaster, 'SIGINT');
    await waitForExit(run.postmaster, 15_000);
    process.kill(run.pid, 'SIGINT');
    await expectCleanStop(run, true);
  });

  it('SIGTERM to the server alone (a process manager): it stops its PostgreSQL', async () => {
    const run = await startServer();
    process.kill(run.pid, 'SIGTERM');
    await expectCleanStop(run);
  });
});
