// `npm start`'s runner (scripts/start.mjs: the built server and the sandbox beside it) stops
// on Ctrl-C quietly and completely: exit 0, one closing line, and no PostgreSQL left behind.
// No browser: the runner is what a developer's terminal sees.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT, freePort, makeTempDir, removeDir } from '../scripts/lib/processes.mjs';

async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (r) => r.ok,
    () => false,
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

test('Ctrl-C stops npm start quietly and leaves nothing running', async () => {
  test.setTimeout(120_000);
  const dataDir = makeTempDir('sapa-start-');
  try {
    const [port, pgPort, sandboxPort] = [await freePort(), await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      EMBEDDED_PG_PORT: String(pgPort),
      SANDBOX_PORT: String(sandboxPort),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    };
    for (const name of ['DATABASE_URL', 'SANDBOX', 'SMTP_URL', 'GRAPH_API_URL']) delete env[name];
    // Its own process group, as a terminal gives it: Ctrl-C signals the whole group.
    const runner = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    runner.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    runner.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null }>((done) =>
      runner.once('exit', (code, signal) => done({ code, signal })),
    );

    await expect
      .poll(
        async () =>
          (await answers(`http://127.0.0.1:${port}/healthz`)) &&
          (await answers(`http://127.0.0.1:${sandboxPort}/sandbox/health`)),
        { timeout: 90_000 },
      )
      .toBe(true);
    const postmaster = Number(
      readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    expect(alive(postmaster)).toBe(true);

    process.kill(-(runner.pid ?? 0), 'SIGINT');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(stderr).toBe('');
    expect(stdout).not.toMatch(/Error|at .*\(.*:\d+:\d+\)/);
    // No warn, error or fatal line (pino levels 40-60), and no goodbye but the one.
    const loud = stdout.split('\n').filter((l) => /"level":[456]0|shutting down/.test(l));
    expect(loud).toEqual([]);
    expect(stdout.trim().split('\n').at(-1)).toBe('Sapa stopped.');
    expect(alive(postmaster)).toBe(false);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(await answers(`http://127.0.0.1:${sandboxPort}/sandbox/health`)).toBe(false);
  } finally {
    removeDir(dataDir);
  }
});
