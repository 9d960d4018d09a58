import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../deps.js';
import { recordEvents, type OutboxEvent } from './outbox.js';

/** The channel the triggers of migrations/0064 notify, with the account id as payload. */
export const WEBHOOKS_CHANNEL = 'sapa_webhooks_changed';
const MAX_ACCOUNTS = 20_000;
const RECONNECT_MS = 1_000;

/**
 * Per process: which event types each account's enabled endpoints want (empty while
 * `enable_webhook` is off), so the spine writes no statement for an event no one listens to
 * (most accounts have no endpoint). Kept true by NOTIFY from triggers on `webhook_endpoints`,
 * `settings` (`enable_webhook`) and `accounts` (`type`) in every process, whatever wrote the
 * change (the API, the dispatcher disabling an endpoint, an operator). Only trusted while the
 * listening connection is up: until it is, and after it drops, every event goes to the
 * statement, which decides on its own. A load that raced a notice is not stored.
 */
export class WebhookInterest {
  private readonly wanted = new Map<string, ReadonlySet<string>>();
  private generation = 0;
  private listener: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly connectionString: string | undefined,
  ) {}

  /** The events some enabled endpoint of their account wants (all of them when unsure). */
  async filter(events: OutboxEvent[]): Promise<OutboxEvent[]> {
    if (!this.listening) return events;
    const missing = [...new Set(events.map((e) => e.accountId))].filter((a) => !this.wanted.has(a));
    if (missing.length) await this.load(missing);
    return events.filter((e) => this.wanted.get(e.accountId)?.has(e.type) ?? true);
  }

  forget(accountId: string): void {
    this.generation++;
    this.wanted.delete(accountId);
  }

  private forgetAll(): void {
    this.generation++;
    this.wanted.clear();
  }

  private async load(accountIds: string[]): Promise<void> {
    const generation = this.generation;
    const rows = await sql<{ id: string; events: string[] }>`
      SELECT a.id, coalesce(array_agg(DISTINCT t.type) FILTER (WHERE t.type IS NOT NULL), '{}') AS events
      FROM accounts a
      LEFT JOIN webhook_endpoints e ON e.account_id = a.id AND e.enabled
        AND coalesce(
          (SELECT s.value = 'true' FROM settings s WHERE s.account_id = a.id AND s.key = 'enable_webhook'),
          a.type = 'api_only', false)
      LEFT JOIN LATERAL unnest(e.events) AS t(type) ON true
      WHERE a.id = ANY (${accountIds}::uuid[])
      GROUP BY a.id`.execute(this.db);
    if (generation !== this.generation) return;
    for (const row of rows.rows) {
      if (this.wanted.size >= MAX_ACCOUNTS) this.wanted.clear();
      this.wanted.set(row.id, new Set(row.events));
    }
  }

  /** Starts listening (once); reconnects, and forgets everything, if cut off. */
  start(): Promise<void> {
    this.starting ??= this.listen();
    return this.starting;
  }

  private async listen(): Promise<void> {
    if (this.closed || !this.connectionString) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (n) => {
      if (n.payload) this.forget(n.payload);
      else this.forgetAll();
    });
    client.on('error', () => undefined);
    client.on('end', () => {
      this.listening = false;
      this.forgetAll();
      if (this.listener === client) this.listener = null;
      if (this.closed) return;
      setTimeout(() => void this.listen().catch(() => undefined), RECONNECT_MS).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${WEBHOOKS_CHANNEL}`);
    } catch {
      await client.end().catch(() => undefined);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.forgetAll();
    this.listening = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    await this.listener?.end().catch(() => undefined);
  }
}

const interests = new WeakMap<pg.Pool, WebhookInterest>();

/** The process's interest cache for this database (tests run several apps in one process). */
export function interestFor(deps: Pick<Deps, 'db' | 'pool'>): WebhookInterest {
  const existing = interests.get(deps.pool);
  if (existing) return existing;
  const created = new WebhookInterest(deps.db, deps.pool.options.connectionString);
  interests.set(deps.pool, created);
  return created;
}

/** `recordEvents` for the events some endpoint wants: no statement when no one listens. */
export async function recordWanted(
  deps: Pick<Deps, 'db' | 'pool'>,
  db: Db,
  events: OutboxEvent[],
  now: Date,
): Promise<number> {
  const wanted = await interestFor(deps).filter(events);
  return wanted.length ? recordEvents(db, wanted, now) : 0;
}
