import { randomBytes } from 'node:crypto';
import pino from 'pino';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { createDb } from '../db/database.js';
import type { Deps } from '../deps.js';
import type { App } from '../http/types.js';
import { ManualClock } from '../lib/clock.js';
import { SecretBox } from '../lib/crypto.js';
import { OutboxMailer } from '../modules/mail/mailer.js';
import type { CoreServices } from '../modules/registry.js';
import { ChannelAdapters } from '../channels/registry.js';
import { EventBus, type DomainEvent } from '../events/bus.js';
import { PgBossQueue, type JobQueue } from '../jobs/queue.js';
import { registerInboxWorkers } from '../modules/inbox/jobs/register.js';
import { registerInvoiceWorkers } from '../modules/billing/invoices/register.js';
import type { Realtime } from '../realtime/server.js';
import { RecordingQueue } from './recording-queue.js';
import { AuthCache, watchPool } from '../modules/auth/auth-cache.js';

export interface TestContext {
  app: App;
  deps: Deps;
  clock: ManualClock;
  services: CoreServices;
  realtime: Realtime;
  /** Jobs queued so far, runnable with `jobs.drain()` (unless created with `jobs: 'pg-boss'`). */
  jobs: RecordingQueue;
  /** Every domain event published, in order. */
  events: DomainEvent[];
  databaseUrl: string;
  close(): Promise<void>;
}

export interface TestOptions {
  /** 'recording' (default) runs jobs by hand; 'pg-boss' uses the real queue and workers. */
  jobs?: 'recording' | 'pg-boss';
  config?: Partial<Config>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    appUrl: 'http://sapa.test',
    dataDir: '/tmp/sapa-test-data',
    databaseUrl: undefined,
    embeddedPgPort: 0,
    databasePoolSize: 8,
    smtpUrl: undefined,
    mailFrom: 'Sapa <no-reply@sapa.test>',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    logLevel: 'silent',
    logRequests: false,
    seedDemo: false,
    demoPassword: 'Sapa12345',
    accessTokenTtlSeconds: 900,
    apiKeyRateLimit: 120_000,
    refreshTokenTtlDays: 30,
    mixpanelToken: undefined,
    trustProxy: false,
    metaAppSecret: 'test-app-secret',
    metaAppId: 'test-app',
    metaVerifyToken: 'test-verify-token',
    graphApiUrl: 'http://127.0.0.1:9',
    graphApiVersion: 'v21.0',
    channelTokenCheckMinutes: 1,
    redisUrl: undefined,
    role: 'all',
    reportsListeners: true,
    mediaDir: '/tmp/sapa-test-data/media',
    sandboxUrl: undefined,
    wabasicDriver: 'sandbox',
    // Nothing listens here: payment tests point these at their Midtrans stand-in.
    payments: {
      gateway: 'midtrans',
      midtrans: {
        serverKey: 'SB-Mid-server-test',
        clientKey: 'SB-Mid-client-test',
        snapUrl: 'http://127.0.0.1:9',
        apiUrl: 'http://127.0.0.1:9',
      },
      timeoutMs: 2_000,
    },
    webhooks: { retrySchedule: [0, 5, 300, 1800], allowedPrivateHosts: new Set() },
    ...overrides,
  };
}

/** A fresh database cloned from the migrated template, and the app built on it. */
export async function createTestContext(
  options: TestOptions | Partial<Config> = {},
): Promise<TestContext> {
  const opts: TestOptions =
    'jobs' in options || 'config' in options
      ? (options as TestOptions)
      : { config: options as Partial<Config> };
  const overrides = opts.config ?? {};
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE sapa_template`);
  await admin.end();

  const databaseUrl = adminUrl.replace('/postgres?', `/${name}?`);
  const { db, pool } = createDb(databaseUrl, 8);
  const clock = new ManualClock();
  const authCache = new AuthCache(clock);
  watchPool(pool, () => authCache.invalidateAll());
  const log = pino({ level: 'silent' });
  const config = testConfig(overrides);
  const deps: Deps = {
    config,
    db,
    pool,
    clock,
    secrets: new SecretBox(config.jwtSecret),
    mailer: new OutboxMailer(db, log, undefined, config.mailFrom),
    log,
    events: new EventBus(),
    jobs: new RecordingQueue(),
    channels: ChannelAdapters.fromConfig(config),
    authCache,
  };
  await authCache.listen(databaseUrl);
  const recording = deps.jobs as RecordingQueue;
  let realQueue: JobQueue | null = null;
  if (opts.jobs === 'pg-boss') {
    realQueue = await PgBossQueue.start(databaseUrl, { supervise: false });
    deps.jobs = realQueue;
  }
  const published: DomainEvent[] = [];
  deps.events.subscribe((e) => published.push(e));
  await registerInboxWorkers(deps);
  // A paid order queues its invoice: `jobs.drain()` issues it as the worker would.
  await registerInvoiceWorkers(deps);
  const { app, services, realtime } = await buildApp(deps, { serveWeb: false });
  await app.ready();
  return {
    app,
    deps,
    clock,
    services,
    realtime,
    jobs: recording,
    events: published,
    databaseUrl,
    close: async () => {
      await app.close();
      await realQueue?.stop();
      await authCache.close();
      await db.destroy();
    },
  };
}

/** A second server process's worth of app on the same database (its own pool, bus and sockets). */
export async function createPeer(
  ctx: TestContext,
): Promise<{ app: App; jobs: RecordingQueue; realtime: Realtime; close(): Promise<void> }> {
  const { db, pool } = createDb(ctx.databaseUrl, 5);
  const authCache = new AuthCache(ctx.clock);
  watchPool(pool, () => authCache.invalidateAll());
  await authCache.listen(ctx.databaseUrl);
  const jobs = new RecordingQueue();
  const deps: Deps = {
    ...ctx.deps,
    db,
    pool,
    events: new EventBus(),
    jobs,
    authCache,
  };
  const { app, realtime } = await buildApp(deps, { serveWeb: false });
  await app.ready();
  return {
    app,
    jobs,
    realtime,
    close: async () => {
      await app.close();
      await authCache.close();
      await db.destroy();
    },
  };
}
