import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { WebhookAttemptsTable, WebhookEndpointsTable } from '../../db/schema-webhooks.js';
import type { ClaimedDelivery } from './dispatch.repo.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

export interface DeliveryLogRow {
  id: string;
  event_id: string;
  type: string;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
  delivered_at: Date | null;
}

/** Endpoints and their delivery log; every query is scoped by the caller's account. */
export const webhooksRepo = {
  list(db: Db, accountId: string): Promise<EndpointRow[]> {
    return db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  async count(db: Db, accountId: string): Promise<number> {
    const row = await db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  find(db: Db, accountId: string, id: string): Promise<EndpointRow | undefined> {
    return db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  insert(
    db: Db,
    row: { accountId: string; url: string; events: string[]; secretSealed: string; now: Date },
  ): Promise<EndpointRow> {
    return db
      .insertInto('webhook_endpoints')
      .values({
        account_id: row.accountId,
        url: row.url,
        events: row.events,
        secret_sealed: row.secretSealed,
        created_at: row.now,
        updated_at: row.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update(
    db: Db,
    accountId: string,
    id: string,
    set: Partial<
      Pick<
        EndpointRow,
        | 'url'
        | 'events'
        | 'enabled'
        | 'disabled_reason'
        | 'disabled_at'
        | 'failing_since'
        | 'secret_sealed'
        | 'previous_secret_sealed'
        | 'previous_secret_expires_at'
      >
    >,
    now: Date,
  ): Promise<EndpointRow | undefined> {
    return db
      .updateTable('webhook_endpoints')
      .set({ ...set, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  /**
   * Where the repair sweep starts for the account: its newest message when its first endpoint is
   * made (events are owed from then on). Kept when it already exists.
   */
  async markSweepStart(db: Db, accountId: string): Promise<void> {
    await sql`
      INSERT INTO webhook_sweep_marks (account_id, last_message_id)
      SELECT ${accountId}, coalesce(max(id), 0) FROM messages WHERE account_id = ${accountId}
      ON CONFLICT (account_id) DO NOTHING`.execute(db);
  },

  async remove(db: Db, accountId: string, id: string): Promise<boolean> {
    const res = await db
      .deleteFrom('webhook_endpoints')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },

  /** A page of an endpoint's deliveries, newest first; `after` is the last row of the previous page. */
  deliveries(
    db: Db,
    accountId: string,
    endpointId: string,
    opts: {
      state?: 'pending' | 'delivered' | 'failed';
      limit: number;
      after?: { createdAt: Date; id: string };
      deliveryId?: string;
    },
  ): Promise<DeliveryLogRow[]> {
    let q = db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select([
        'd.id',
        'd.event_id',
        'e.type',
        'e.body',
        'd.state',
        'd.attempts',
        'd.next_attempt_at',
        'd.created_at',
        'd.delivered_at',
      ])
      .where('d.account_id', '=', accountId)
      .where('d.endpoint_id', '=', endpointId);
    if (opts.state) q = q.where('d.state', '=', opts.state);
    if (opts.deliveryId) q = q.where('d.id', '=', opts.deliveryId);
    if (opts.after) {
      const { createdAt, id } = opts.after;
      q = q.where(sql<boolean>`(d.created_at, d.id) < (${createdAt}, ${id}::uuid)`);
    }
    return q.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(opts.limit).execute();
  },

  async attempts(db: Db, deliveryIds: string[]): Promise<AttemptRow[]> {
    if (!deliveryIds.length) return [];
    return db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('id')
      .execute();
  },

  /**
   * Takes one delivery for a manual replay: counts the attempt and, while it is still due, leases
   * it so the worker does not send it at the same moment.
   */
  async takeForReplay(
    db: Db,
    accountId: string,
    endpointId: string,
    deliveryId: string,
    now: Date,
    leaseSeconds: number,
  ): Promise<(ClaimedDelivery & { was_pending: boolean }) | undefined> {
    const res = await sql<ClaimedDelivery & { was_pending: boolean }>`
      UPDATE webhook_deliveries d
      SET attempts = d.attempts + 1,
          next_attempt_at = CASE WHEN d.state = 'pending'
            THEN ${now}::timestamptz + make_interval(secs => ${leaseSeconds}) END
      FROM (SELECT id, state = 'pending' AS was_pending FROM webhook_deliveries
            WHERE id = ${deliveryId} AND account_id = ${accountId} AND endpoint_id = ${endpointId}
            FOR UPDATE) old
      WHERE d.id = old.id
      RETURNING d.id, d.account_id, d.endpoint_id, d.event_id, d.attempts, old.was_pending`.execute(
      db,
    );
    return res.rows[0];
  },

  /** The test event: written for this one endpoint and leased to the caller, who sends it now. */
  async insertTest(
    db: Db,
    accountId: string,
    endpointId: string,
    body: string,
    now: Date,
    leaseSeconds: number,
  ): Promise<ClaimedDelivery> {
    return db.transaction().execute(async (trx) => {
      const event = await trx
        .insertInto('webhook_events')
        .values({ account_id: accountId, type: 'webhook.test', body, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const delivery = await trx
        .insertInto('webhook_deliveries')
        .values({
          account_id: accountId,
          endpoint_id: endpointId,
          event_id: event.id,
          attempts: 1,
          next_attempt_at: new Date(now.getTime() + leaseSeconds * 1000),
          created_at: now,
        })
        .returning(['id', 'account_id', 'endpoint_id', 'event_id', 'attempts'])
        .executeTakeFirstOrThrow();
      return delivery;
    });
  },
};
