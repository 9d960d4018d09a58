// Starts the built Sapa server for a bench exactly the way scripts/e2e.mjs does.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROOT,
  freePort,
  makeTempDir,
  removeDir,
  sapaServerService,
  startService,
  type ServiceHandle,
} from '../../scripts/lib/processes.mjs';

export interface RunningSapa {
  url: string;
  handle: ServiceHandle;
  stop(): Promise<void>;
}

/** Builds once if dist/ is missing, then starts the server on free ports with a fresh DATA_DIR. */
export async function startSapa(): Promise<RunningSapa> {
  if (!existsSync(join(ROOT, 'apps/server/dist/main.js'))) {
    console.error('apps/server/dist/main.js missing; running npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = makeTempDir('sapa-bench-');
  const service = sapaServerService({
    port: await freePort(),
    dataDir,
    pgPort: await freePort(),
  });
  try {
    const handle = await startService(service, { readyTimeoutMs: 90_000 });
    return {
      url: service.url,
      handle,
      stop: async () => {
        await handle.stop();
        removeDir(dataDir);
      },
    };
  } catch (error) {
    removeDir(dataDir);
    throw error;
  }
}

/** Signs in through the public API and returns the access token. */
export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) {
    throw new Error(`login as ${email} answered ${response.status}: ${await response.text()}`);
  }
  const body = (await response.json()) as { accessToken?: unknown };
  if (typeof body.accessToken !== 'string') throw new Error('login answered no accessToken');
  return body.accessToken;
}
