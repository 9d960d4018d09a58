import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { SecretBox } from './lib/crypto.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { EventBus } from './events/bus.js';
import type { JobQueue } from './jobs/queue.js';
import type { ChannelAdapters } from './channels/registry.js';
import type { AuthCache } from './modules/auth/auth-cache.js';

/** What services need from the outside world; built once in main.ts, or by the test harness. */
export interface Deps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  clock: Clock;
  mailer: Mailer;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  events: EventBus;
  jobs: JobQueue;
  channels: ChannelAdapters;
  authCache: AuthCache;
}
