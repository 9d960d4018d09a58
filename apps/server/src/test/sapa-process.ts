import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestContext } from './harness.js';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface SapaProcessOptions {
  /** `worker` runs the jobs and loops and serves no HTTP; leave it out for a whole server. */
  role?: 'worker';
  /** Its own data directory, so two crash tests never share files. */
  dataDir: string;
  /** What this test adds: a stand-in's URL, a port, shorter retry schedules. */
  env?: Record<string, string>;
}

/**
 * A real Sapa process (`src/main.ts` under tsx) on the test's database, for the tests that kill
 * one with SIGKILL mid-work and start another: only a separate process dies the way a crashed
 * server does, with its connections, timers and in-flight calls cut. It shares the test's
 * JWT secret, which seals channel tokens and endpoint secrets, so it can open what the test wrote.
 */
export function startSapaProcess(ctx: TestContext, options: SapaProcessOptions): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ...(options.role ? { SAPA_ROLE: options.role } : {}),
      DATABASE_URL: ctx.databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      JWT_SECRET: ctx.deps.config.jwtSecret,
      DATA_DIR: options.dataDir,
      ...options.env,
    },
    stdio: 'ignore',
  });
}

/** kill -9, answered once the process is gone (a restart must not race the dying one). */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}
