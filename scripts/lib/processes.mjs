// Starting and stopping the child processes a test or bench run needs (the built server and the
// sandbox). Shared by scripts/e2e.mjs and bench/lib so both start Sapa the same way.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const OUTPUT_LIMIT = 200_000;
const STOP_GRACE_MS = 15_000;

/** A port nothing listens on right now (the OS picks it; we release it at once). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('could not read the free port'));
      });
    });
  });
}

/**
 * A fresh temporary folder. World-readable on purpose: as root, embedded PostgreSQL runs as the
 * `postgres` user, which must be able to walk into DATA_DIR to reach its own DATA_DIR/pg.
 */
export function makeTempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** How the built Sapa server is started: `node apps/server/dist/main.js` with its env. */
export function sapaServerService({ port, dataDir, pgPort, env = {} }) {
  const appUrl = `http://127.0.0.1:${port}`;
  return {
    name: 'server',
    command: process.execPath,
    // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server there when it stops.
    args: [
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      join(ROOT, 'apps/server/dist/main.js'),
    ],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    readyUrl: `${appUrl}/readyz`,
    url: appUrl,
  };
}

/**
 * The keys Sapa and the sandbox's Midtrans stand-in share outside production; the sandbox's own
 * defaults, shaped like Midtrans' sandbox keys.
 */
export const SANDBOX_MIDTRANS_KEYS = {
  serverKey: 'SB-Mid-server-sandbox',
  clientKey: 'SB-Mid-client-sandbox',
};

/** What points Sapa's Midtrans driver at the sandbox: its Snap and API bases and its keys. */
export function midtransServerEnv(sandboxUrl, keys = SANDBOX_MIDTRANS_KEYS) {
  return {
    PAYMENT_GATEWAY: 'midtrans',
    MIDTRANS_SERVER_KEY: keys.serverKey,
    MIDTRANS_CLIENT_KEY: keys.clientKey,
    MIDTRANS_SNAP_URL: sandboxUrl,
    MIDTRANS_API_URL: sandboxUrl,
  };
}

/**
 * The local sandbox (apps/sandbox): Meta's stand-in delivering signed webhooks to `webhookUrl`,
 * and Midtrans Snap's, notifying payments to `paymentNotificationUrl` (by default Sapa's
 * /webhooks/payments/midtrans beside the Meta webhook) and retrying within seconds, not minutes.
 */
export function sandboxService({
  port,
  webhookUrl,
  appSecret,
  paymentNotificationUrl = new URL('/webhooks/payments/midtrans', webhookUrl).href,
  midtransKeys = SANDBOX_MIDTRANS_KEYS,
}) {
  const url = `http://127.0.0.1:${port}`;
  return {
    name: 'sandbox',
    command: process.execPath,
    args: [join(ROOT, 'apps/sandbox/dist/main.js')],
    env: {
      SANDBOX_PORT: String(port),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_PUBLIC_URL: url,
      SAPA_WEBHOOK_URL: webhookUrl,
      META_APP_SECRET: appSecret,
      MIDTRANS_SERVER_KEY: midtransKeys.serverKey,
      MIDTRANS_CLIENT_KEY: midtransKeys.clientKey,
      SAPA_PAYMENT_NOTIFICATION_URL: paymentNotificationUrl,
      PAYMENT_NOTIFICATION_RETRY_MS: '1000,2000,5000,10000,30000',
      STATUS_DELAY_MS: '150',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    readyUrl: `${url}/sandbox/health`,
    url,
  };
}

/**
 * Starts one service and resolves once its readyUrl answers 200. If the process dies or the
 * timeout passes, rejects with an error that carries everything the process printed.
 */
export async function startService(service, { readyTimeoutMs = 90_000, echo = false } = {}) {
  const child = spawn(service.command, service.args, {
    cwd: service.cwd ?? ROOT,
    env: { ...process.env, ...service.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group, so a last-resort SIGKILL also reaches what it started (PostgreSQL).
    detached: true,
  });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
    if (echo) process.stderr.write(`[${service.name}] ${chunk}`);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit({ code, signal }));
    child.once('error', (error) => resolveExit({ code: null, signal: null, error }));
  });
  const handle = {
    name: service.name,
    url: service.url,
    child,
    exited,
    output: () => output,
    stop: () => stopChild(child, exited),
  };
  try {
    await waitForReady(service, exited, readyTimeoutMs);
  } catch (error) {
    await handle.stop();
    const printed = output.trim() || '(no output)';
    throw new Error(`${error.message}\n----- ${service.name} output -----\n${printed}\n-----`);
  }
  return handle;
}

async function waitForReady(service, exited, timeoutMs) {
  const started = Date.now();
  let dead;
  exited.then((result) => (dead = result));
  let lastProblem = 'no answer yet';
  while (Date.now() - started < timeoutMs) {
    if (dead) {
      const how = dead.error ? dead.error.message : `code ${dead.code}, signal ${dead.signal}`;
      throw new Error(`${service.name} exited before it was ready (${how})`);
    }
    try {
      const response = await fetch(service.readyUrl, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${service.name} was not ready at ${service.readyUrl} within ${timeoutMs / 1000} s (${lastProblem})`,
  );
}

/**
 * SIGTERM to the process (it shuts its own children down gracefully), then SIGKILL to its whole
 * process group if it has not exited after the grace period.
 */
async function stopChild(child, exited) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.error(
      `pid ${child.pid} ignored SIGTERM for ${STOP_GRACE_MS / 1000} s; sending SIGKILL`,
    );
    killGroup(child, 'SIGKILL');
  }, STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** Starts services in list order (later ones may depend on earlier ones). */
export async function startServices(services, options) {
  const handles = [];
  try {
    for (const service of services) handles.push(await startService(service, options));
  } catch (error) {
    await stopServices(handles);
    throw error;
  }
  return handles;
}

/** Stops services in reverse start order; never throws. */
export async function stopServices(handles) {
  for (const handle of [...handles].reverse()) {
    try {
      await handle.stop();
    } catch (error) {
      console.error(
        `could not stop ${handle.name}: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
}
