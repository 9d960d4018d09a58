// `npm run bench -- api`: authenticated GET /api/users/me on the real server against a bare
// Fastify route returning the same JSON, both at 50 connections. Prints one JSON object.
import { fileURLToPath } from 'node:url';
import { freePort, startService, type ServiceHandle } from '../scripts/lib/processes.mjs';
import { assertClean, measure, type LoadFigures } from './lib/load.js';
import { login, startSapa, type RunningSapa } from './lib/sapa.js';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_SECONDS = 2;
const TARGET_RATIO = 0.5;

export interface ApiBenchResult {
  name: 'api';
  connections: number;
  durationSeconds: number;
  authed: Pick<LoadFigures, 'rps' | 'p50' | 'p99'>;
  bare: Pick<LoadFigures, 'rps' | 'p50' | 'p99'>;
  ratio: number;
  target: number;
}

async function startBare(body: string): Promise<ServiceHandle> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startService({
    name: 'bare-fastify',
    command: process.execPath,
    args: ['--import', 'tsx', fileURLToPath(new URL('./lib/bare-server.ts', import.meta.url))],
    env: { PORT: String(port), BARE_BODY: body, NODE_ENV: 'production' },
    readyUrl: `${url}/readyz`,
    url,
  });
}

async function run(label: string, url: string, headers?: Record<string, string>) {
  await measure({ url, connections: CONNECTIONS, durationSeconds: WARMUP_SECONDS, headers });
  console.error(`${label}: ${DURATION_SECONDS} s at ${CONNECTIONS} connections`);
  const figures = await measure({
    url,
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    headers,
  });
  assertClean(label, figures);
  return { rps: figures.rps, p50: figures.p50, p99: figures.p99 };
}

export async function runApiBench(): Promise<ApiBenchResult> {
  let sapa: RunningSapa | undefined;
  let bare: ServiceHandle | undefined;
  try {
    sapa = await startSapa();
    const password = process.env.DEMO_PASSWORD ?? 'Sapa12345';
    const token = await login(sapa.url, 'admin@demo.sapa.id', password);
    const headers = { authorization: `Bearer ${token}` };
    const meUrl = `${sapa.url}/api/users/me`;
    const me = await fetch(meUrl, { headers });
    if (me.status !== 200) throw new Error(`GET /api/users/me answered ${me.status}`);
    const body = await me.text();

    bare = await startBare(body);
    const authed = await run('authed', meUrl, headers);
    const bareFigures = await run('bare', `${bare.url}/api/users/me`);
    return {
      name: 'api',
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      authed,
      bare: bareFigures,
      ratio: Number((authed.rps / bareFigures.rps).toFixed(3)),
      target: TARGET_RATIO,
    };
  } finally {
    await bare?.stop();
    await sapa?.stop();
  }
}
