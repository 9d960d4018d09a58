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

export interface TestContext {
  app: App;
  deps: Deps;
  clock: ManualClock;
  services: CoreServices;
  close(): Promise<void>;
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
    smtpUrl: undefined,
    mailFrom: 'Sapa <no-reply@sapa.test>',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    logLevel: 'silent',
    seedDemo: false,
    demoPassword: 'Sapa12345',
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
    mixpanelToken: undefined,
    trustProxy: false,
    ...overrides,
  };
}

/** A fresh database cloned from the migrated template, and the app built on it. */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE sapa_template`);
  await admin.end();

  const { db, pool } = createDb(adminUrl.replace(/\/postgres$/, `/${name}`), 5);
  const log = pino({ level: 'silent' });
  const clock = new ManualClock();
  const config = testConfig(overrides);
  const deps: Deps = {
    config,
    db,
    pool,
    clock,
    secrets: new SecretBox(config.jwtSecret),
    mailer: new OutboxMailer(db, log, undefined, config.mailFrom),
    log,
  };
  const { app, services } = await buildApp(deps, { serveWeb: false });
  await app.ready();
  return {
    app,
    deps,
    clock,
    services,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}
