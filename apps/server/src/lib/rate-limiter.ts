import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { Clock } from './clock.js';

/**
 * How one kind of key is throttled. Attempts are counted in a window that starts with the first
 * one. From `slowAfter` attempts on, the next must wait `delayMs` after the last, doubling with
 * each further attempt up to `maxDelayMs`; from `lockAfter` attempts, the key is locked for
 * `lockMs` after the last one.
 */
export type LimitPolicy = { windowMs: number } & (
  | { slowAfter: number; delayMs: number; maxDelayMs: number; lockAfter?: never; lockMs?: never }
  | { lockAfter: number; lockMs: number; slowAfter?: number; delayMs?: number; maxDelayMs?: number }
);

export type LimitResult = { allowed: true } | { allowed: false; retryAfterMs: number };

const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 5_000;

/**
 * Attempt counters in PostgreSQL (`rate_limits`), so every server process counts against one
 * allowance. An attempt is counted and checked by one UPSERT that only counts it when the key is
 * not blocked, so a burst of parallel attempts cannot slip past the count; the time is the
 * injected clock's. Rows carry their own expiry and are swept now and then.
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger },
    private readonly scope: string,
    private readonly policy: LimitPolicy,
  ) {}

  /** Counts one attempt for `key`, unless the key must wait: then nothing is counted. */
  async hit(key: string): Promise<LimitResult> {
    const { db, clock } = this.deps;
    const now = clock.now();
    this.sweep(now);
    const p = this.policy;
    const ms = (value: number) => sql`(${value}::double precision * interval '1 millisecond')`;
    const keep = ms(Math.max(p.windowMs, p.lockMs ?? 0, p.maxDelayMs ?? 0));
    const lock =
      p.lockAfter === undefined
        ? sql``
        : sql`WHEN r.hits >= ${p.lockAfter} THEN r.last_at + ${ms(p.lockMs)}`;
    const slow =
      p.slowAfter === undefined
        ? sql``
        : sql`WHEN r.hits >= ${p.slowAfter} THEN r.last_at + least(
            ${p.maxDelayMs ?? p.lockMs ?? 0}::double precision,
            ${p.delayMs ?? 0}::double precision * power(2, r.hits - ${p.slowAfter})
          ) * interval '1 millisecond'`;
    // When the stored row makes the next attempt wait until (null: it need not wait).
    const blockedUntil = sql`(CASE ${lock} ${slow} END)`;
    const expired = sql`r.window_start <= ${now}::timestamptz - ${ms(p.windowMs)}`;
    const counted = await sql<{ hits: number }>`
      INSERT INTO rate_limits AS r (scope, key, window_start, hits, last_at, expires_at)
      VALUES (${this.scope}, ${key}, ${now}, 1, ${now}, ${now}::timestamptz + ${keep})
      ON CONFLICT (scope, key) DO UPDATE SET
        window_start = CASE WHEN ${expired} THEN ${now} ELSE r.window_start END,
        hits = CASE WHEN ${expired} THEN 1 ELSE r.hits + 1 END,
        last_at = ${now},
        expires_at = ${now}::timestamptz + ${keep}
      WHERE coalesce(${blockedUntil}, '-infinity') <= ${now}
      RETURNING hits`.execute(db);
    if (counted.rows.length > 0) return { allowed: true };
    const waiting = await sql<{ until: Date | null }>`
      SELECT ${blockedUntil} AS until FROM rate_limits r
      WHERE r.scope = ${this.scope} AND r.key = ${key}`.execute(db);
    const until = waiting.rows[0]?.until;
    const retryAfterMs = until ? until.getTime() - now.getTime() : 0;
    // Unblocked in between (another process's reset): this attempt may go ahead, uncounted.
    return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
  }

  /** Forgets the key's attempts (its owner proved who they are). */
  async reset(key: string): Promise<void> {
    await this.deps.db
      .deleteFrom('rate_limits')
      .where('scope', '=', this.scope)
      .where('key', '=', key)
      .execute();
  }

  /** Takes back one counted attempt (it succeeded, so it was no guess). */
  async refund(key: string): Promise<void> {
    await this.deps.db
      .updateTable('rate_limits')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('scope', '=', this.scope)
      .where('key', '=', key)
      .where('hits', '>', 0)
      .execute();
  }

  /** At most once a minute per process, in the background: expired rows go. */
  private sweep(now: Date): void {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    void sql`
      DELETE FROM rate_limits WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM rate_limits WHERE expires_at < ${now} LIMIT ${SWEEP_BATCH}
      ))`
      .execute(this.deps.db)
      .catch((err: unknown) => this.deps.log.warn({ err }, 'rate limit sweep failed'));
  }
}
