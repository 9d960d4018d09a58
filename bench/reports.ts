// `npm run bench -- reports`: the reports against the account `npm run seed:large` loads (a
// million conversations over two years, with tickets, broadcasts, CSAT answers and rollups):
// p50/p95 of every tab for 30, 90 and 365 days as the admin, and of the overview and agents tabs
// as a supervisor and an agent, and the dashboard; then the nightly reconcile's time per million
// messages on the same data; then what keeping rollups costs ingest (`bench inbound` with the
// reports' listeners off and on, alternating). BENCH_REPORTS_PARTS=reads,reconcile,ingest picks parts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { REPORT_TABS, type ReportQuery, type ReportTab } from '@sapa/contracts';
import {
  ROOT,
  freePort,
  sapaServerService,
  startService,
  type ServiceHandle,
} from '../scripts/lib/processes.mjs';
import { embeddedDir } from '../apps/server/src/db/connect.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { reconcileAccount } from '../apps/server/src/modules/reports/reconcile.js';
import { addDays } from '../apps/server/src/modules/reports/days.js';
import {
  LARGE_ACCOUNT,
  LARGE_ADMIN_EMAIL,
  LARGE_AGENT_EMAIL,
  LARGE_DOMAIN,
} from '../apps/server/src/seed/large-data.js';
import { runInboundBench } from './inbound.js';
import { login } from './lib/sapa.js';
import { percentile } from './lib/stats.js';

const ROUNDS = Number(process.env.BENCH_REPORTS_ROUNDS ?? 20);
const WARMUP = 2;
const PARTS = new Set((process.env.BENCH_REPORTS_PARTS ?? 'reads,reconcile,ingest').split(','));
const RECONCILE_DAYS = Number(process.env.BENCH_RECONCILE_DAYS ?? 30);
const TARGETS = { d90: 200, d365: 500 };
const RANGES = { d30: 30, d90: 90, d365: 365 } as const;
/** An admin sees every tab; a supervisor's and an agent's reads are timed on these two. */
const TABS_BY_ROLE: Record<'admin' | 'supervisor' | 'agent', readonly ReportTab[]> = {
  admin: REPORT_TABS,
  supervisor: ['overview', 'agents'],
  agent: ['overview', 'agents'],
};

interface Figures {
  p50: number;
  p95: number;
}

async function timeGets(base: string, token: string, path: string): Promise<Figures> {
  const samples: number[] = [];
  for (let i = -WARMUP; i < ROUNDS; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${body}`);
    if (i >= 0) samples.push(ms);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Today in Jakarta, the Large account's zone. */
const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

async function reads(base: string, password: string) {
  const tokens = {
    admin: await login(base, LARGE_ADMIN_EMAIL, password),
    supervisor: await login(base, `supervisor@${LARGE_DOMAIN}`, password),
    agent: await login(base, LARGE_AGENT_EMAIL, password),
  };
  const to = today();
  const out: Record<string, Record<string, Record<string, Figures>>> = {};
  const missed: string[] = [];
  for (const [who, token] of Object.entries(tokens)) {
    out[who] = {};
    for (const tab of TABS_BY_ROLE[who as keyof typeof tokens]) {
      out[who]![tab] = {};
      for (const [name, days] of Object.entries(RANGES)) {
        const from = addDays(to, -(days - 1));
        const query: Pick<ReportQuery, 'tab' | 'from' | 'to' | 'groupBy' | 'compare'> = {
          tab,
          from,
          to,
          groupBy: days > 90 ? 'week' : 'day',
          compare: true,
        };
        const params = new URLSearchParams(
          Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
        );
        const path = `/api/reports?${params.toString()}`;
        console.error(`reports: ${who} ${tab} ${name}`);
        const fig = await timeGets(base, token, path);
        out[who]![tab]![name] = fig;
        const target = name === 'd90' ? TARGETS.d90 : name === 'd365' ? TARGETS.d365 : TARGETS.d90;
        if (fig.p95 >= target)
          missed.push(`${who}.${tab}.${name} p95 ${fig.p95} ms >= ${target} ms`);
      }
    }
  }
  const dashboard = {
    admin: await timeGets(base, tokens.admin, '/api/dashboard'),
    agent: await timeGets(base, tokens.agent, '/api/dashboard'),
  };
  return { reads: out, dashboard, missed };
}

/** The running embedded PostgreSQL of DATA_DIR (the server started above runs it). */
function databaseUrl(dataDir: string): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const pid = readFileSync(
    join(
      embeddedDir(dataDir, () => undefined),
      'postmaster.pid',
    ),
    'utf8',
  ).split('\n');
  const [port, socketDir] = [pid[3], pid[4]];
  return `postgres://postgres:sapa@localhost:${port}/sapa?host=${encodeURIComponent(socketDir ?? '')}`;
}

async function reconcile(dataDir: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl(dataDir), max: 4 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [
      LARGE_ACCOUNT,
    ]);
    const accountId = rows[0]?.id;
    if (!accountId) return { skipped: 'no Large Company account' };
    const to = addDays(today(), -1);
    const from = addDays(to, -(RECONCILE_DAYS - 1));
    console.error(`reports: reconcile ${from}..${to}`);
    const started = performance.now();
    const report = await reconcileAccount({ db, pool }, accountId, from, to);
    const seconds = (performance.now() - started) / 1000;
    return {
      from,
      to,
      ...report,
      seconds: Math.round(seconds * 10) / 10,
      secondsPerMillionMessages: report.messages
        ? Math.round((seconds / report.messages) * 1_000_000)
        : null,
    };
  } finally {
    await db.destroy();
  }
}

const INGEST_RUNS = Number(process.env.BENCH_REPORTS_INGEST_RUNS ?? 3);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * `bench inbound` with the reports' listeners off and on, alternating (runs on this machine vary
 * by ±20 %, decision 14): what keeping rollups costs ingest, as medians of the runs.
 */
async function ingestCost() {
  const runs: { off: number[]; on: number[]; offMixed: number[]; onMixed: number[] } = {
    off: [],
    on: [],
    offMixed: [],
    onMixed: [],
  };
  for (let i = 0; i < INGEST_RUNS; i++)
    for (const state of ['off', 'on'] as const) {
      process.env.REPORTS_LISTENERS = state;
      console.error(
        `reports: bench inbound with REPORTS_LISTENERS=${state} (${i + 1}/${INGEST_RUNS})`,
      );
      const r = (await runInboundBench()) as {
        inbound: { acceptedPerSecond: number };
        mixed: { acceptedPerSecond: number };
      };
      runs[state].push(r.inbound.acceptedPerSecond);
      runs[state === 'off' ? 'offMixed' : 'onMixed'].push(r.mixed.acceptedPerSecond);
    }
  delete process.env.REPORTS_LISTENERS;
  const ratio = (a: number[], b: number[]) => Math.round((median(a) / median(b)) * 1000) / 1000;
  return {
    runs,
    inboundRatio: ratio(runs.on, runs.off),
    mixedRatio: ratio(runs.onMixed, runs.offMixed),
    target: 'medians with the listeners on within 10 % of off (ratio >= 0.9)',
  };
}

export async function runReportsBench(): Promise<object> {
  const password = process.env.DEMO_PASSWORD ?? 'Sapa12345';
  const dataDir = process.env.DATA_DIR ?? join(ROOT, '.data');
  const result: Record<string, unknown> = { name: 'reports', rounds: ROUNDS, targetsP95: TARGETS };
  let handle: ServiceHandle | undefined;
  try {
    if (PARTS.has('reads') || PARTS.has('reconcile')) {
      if (!existsSync(join(ROOT, 'apps/server/dist/main.js')))
        throw new Error('apps/server/dist/main.js missing: run npm run build first');
      let base = process.env.BENCH_URL;
      if (!base) {
        console.error(`reports: starting the built server on ${dataDir}`);
        const service = sapaServerService({
          port: await freePort(),
          dataDir,
          pgPort: await freePort(),
          env: { LOG_LEVEL: 'warn' },
        });
        handle = await startService(service, { readyTimeoutMs: 180_000 });
        base = service.url;
      }
      const probe = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: LARGE_ADMIN_EMAIL, password }),
      });
      if (probe.status === 401)
        return {
          name: 'reports',
          skipped: 'no Large Company account here: run npm run seed:large',
        };
      if (PARTS.has('reads')) Object.assign(result, await reads(base, password));
      if (PARTS.has('reconcile')) result.reconcile = await reconcile(dataDir);
    }
  } finally {
    await handle?.stop();
  }
  if (PARTS.has('ingest')) result.ingest = await ingestCost();
  return result;
}
