import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A delivery a worker took: due, and leased to it until `leaseSeconds` from now. */
export interface ClaimedDelivery {
  id: string;
  account_id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  /** For a manual replay: whether the schedule still had it due (else it had ended). */
  was_pending?: boolean;
}

export interface EndpointForSend {
  id: string;
  account_id: string;
  url: string;
  enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
}

/** One finished attempt, as the delivery log keeps it and the delivery moves on from it. */
export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  replay: boolean;
  at: Date;
  headers: Record<string, string>;
  status: number | null;
  body: string | null;
  error: string | null;
  latencyMs: number;
  /** What becomes of the delivery: delivered, due again at a time, or failed for good. */
  next:
    | { state: 'delivered' }
    | { state: 'pending'; at: Date }
    | { state: 'failed' }
    /** A failed manual replay leaves the delivery as the schedule has it. */
    | { state: 'keep' };
}

/** The SQL of the delivery worker: taking due deliveries and writing what their attempts did. */
export const dispatchRepo = {
  /**
   * Takes up to `limit` due deliveries and moves them `leaseSeconds` ahead: a worker killed
   * mid-POST leaves them due again then, and SKIP LOCKED keeps two workers off the same row. The
   * attempt is counted when taken, so one a crash cut short still counts.
   */
  async claim(db: Db, now: Date, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
    const res = await sql<ClaimedDelivery>`
      UPDATE webhook_deliveries d
      SET next_attempt_at = ${now}::timestamptz + make_interval(secs => ${leaseSeconds}),
          attempts = d.attempts + 1
      FROM (SELECT id FROM webhook_deliveries
            WHERE state = 'pending' AND next_attempt_at <= ${now}
            ORDER BY next_attempt_at LIMIT ${limit}
            FOR UPDATE SKIP LOCKED) due
      WHERE d.id = due.id
      RETURNING d.id, d.account_id, d.endpoint_id, d.event_id, d.attempts`.execute(db);
    return res.rows;
  },

  async bodies(db: Db, eventIds: string[]): Promise<Map<string, string>> {
    if (!eventIds.length) return new Map();
    const rows = await db
      .selectFrom('webhook_events')
      .select(['id', 'body'])
      .where('id', 'in', eventIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.body]));
  },

  async endpoints(db: Db, ids: string[]): Promise<Map<string, EndpointForSend>> {
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('webhook_endpoints')
      .select([
        'id',
        'account_id',
        'url',
        'enabled',
        'secret_sealed',
        'previous_secret_sealed',
        'previous_secret_expires_at',
        'failing_since',
      ])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  },

  /** Writes a batch of attempts and their deliveries' next state in two statements. */
  async record(db: Db, attempts: AttemptRecord[]): Promise<void> {
    if (!attempts.length) return;
    const col = <T>(f: (a: AttemptRecord) => T) => attempts.map(f);
    // An endpoint deleted while its POST was in flight took its deliveries along: skip those.
    await sql`
      INSERT INTO webhook_attempts (delivery_id, attempt, replay, at, request_headers,
        response_status, response_body, error, latency_ms)
      SELECT u.* FROM unnest(
        ${col((a) => a.deliveryId)}::uuid[], ${col((a) => a.attempt)}::int[],
        ${col((a) => a.replay)}::boolean[], ${col((a) => a.at.toISOString())}::timestamptz[],
        ${col((a) => JSON.stringify(a.headers))}::jsonb[], ${col((a) => a.status)}::int[],
        ${col((a) => a.body)}::text[], ${col((a) => a.error)}::text[],
        ${col((a) => a.latencyMs)}::int[])
        AS u(delivery_id, attempt, replay, at, request_headers, response_status, response_body,
          error, latency_ms)
      WHERE EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.id = u.delivery_id)`.execute(db);
    const moved = attempts.filter((a) => a.next.state !== 'keep');
    if (!moved.length) return;
    const ids = moved.map((a) => a.deliveryId);
    const states = moved.map((a) => a.next.state);
    const due = moved.map((a) => (a.next.state === 'pending' ? a.next.at.toISOString() : null));
    const at = moved.map((a) => a.at.toISOString());
    await sql`
      UPDATE webhook_deliveries d
      SET state = u.state,
          next_attempt_at = u.due,
          delivered_at = CASE WHEN u.state = 'delivered' THEN u.at ELSE d.delivered_at END
      FROM unnest(${ids}::uuid[], ${states}::text[], ${due}::timestamptz[], ${at}::timestamptz[])
        AS u(id, state, due, at)
      WHERE d.id = u.id`.execute(db);
  },

  /**
   * Endpoints whose receiver asked to be left alone until a time (Retry-After): their pending
   * deliveries due sooner move to it (their attempts are not spent), and `webhook_record_events`
   * queues new ones there. A later time wins over an earlier one.
   */
  async throttle(db: Db, until: Map<string, Date>): Promise<void> {
    if (!until.size) return;
    const ids = [...until.keys()];
    const times = [...until.values()].map((d) => d.toISOString());
    await sql`
      WITH t AS (
        SELECT * FROM unnest(${ids}::uuid[], ${times}::timestamptz[]) AS t(endpoint_id, until)
      ), e AS (
        UPDATE webhook_endpoints w SET throttled_until = greatest(w.throttled_until, t.until)
        FROM t WHERE w.id = t.endpoint_id
      )
      UPDATE webhook_deliveries d SET next_attempt_at = t.until
      FROM t
      WHERE d.endpoint_id = t.endpoint_id AND d.state = 'pending' AND d.next_attempt_at < t.until`.execute(
      db,
    );
  },

  /** Deliveries taken for an endpoint that is off or gone: no longer due. */
  async drop(db: Db, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await db
      .updateTable('webhook_deliveries')
      .set({ state: 'failed', next_attempt_at: null })
      .where('id', 'in', ids)
      .where('state', '=', 'pending')
      .execute();
  },

  /** A success ends an endpoint's failing streak. */
  async succeeded(db: Db, endpointIds: string[]): Promise<void> {
    if (!endpointIds.length) return;
    await db
      .updateTable('webhook_endpoints')
      .set({ failing_since: null })
      .where('id', 'in', endpointIds)
      .where('failing_since', 'is not', null)
      .execute();
  },

  /** A failure starts a streak where none runs; answers when each endpoint's streak began. */
  async failed(db: Db, endpointIds: string[], now: Date): Promise<Map<string, Date>> {
    if (!endpointIds.length) return new Map();
    const rows = await sql<{ id: string; failing_since: Date }>`
      UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, ${now})
      WHERE id = ANY(${endpointIds}::uuid[])
      RETURNING id, failing_since`.execute(db);
    return new Map(rows.rows.map((r) => [r.id, r.failing_since]));
  },

  /**
   * Switches an endpoint off (410, or failing too long) and fails what was still queued for it;
   * answers false when it was already off (so the admins are mailed once).
   */
  async disable(
    db: Db,
    endpointId: string,
    reason: 'gone' | 'failing' | 'manual',
    now: Date,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('webhook_endpoints')
        .set({ enabled: false, disabled_reason: reason, disabled_at: now, updated_at: now })
        .where('id', '=', endpointId)
        .where('enabled', '=', true)
        .executeTakeFirst();
      if (!Number(res.numUpdatedRows)) return false;
      await trx
        .updateTable('webhook_deliveries')
        .set({ state: 'failed', next_attempt_at: null })
        .where('endpoint_id', '=', endpointId)
        .where('state', '=', 'pending')
        .execute();
      return true;
    });
  },
};
