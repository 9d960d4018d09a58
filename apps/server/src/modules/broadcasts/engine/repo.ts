import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { BroadcastHeaderMediaDb } from '../../../db/schema-broadcasts.js';
import { reserveSendSlots } from '../../../lib/send-grid.js';

/** A recipient claimed for sending, with what fills its template. */
export interface ClaimedRecipient {
  id: string;
  phone: string;
  params: string[];
  header_param: string | null;
  /** Including this claim. */
  attempts: number;
}

/** What became of one send: accepted, refused for good, or to be retried later. */
export type SendResult =
  | { id: string; status: 'sent'; wamid: string }
  | {
      id: string;
      status: 'failed' | 'no-match-template';
      error: Record<string, unknown>;
    }
  | { id: string; status: 'delayed'; error: Record<string, unknown>; nextAttemptAt: Date };

/** The broadcast facts a sending lane needs, read once per lane run. */
export interface SendingBroadcast {
  id: string;
  account_id: string;
  channel_id: string;
  status: string;
  header_media: BroadcastHeaderMediaDb | null;
  template_name: string;
  template_language: string;
  header_type: string;
  broadcast_rate: number;
  external_id: string;
  /** The channel's state: a disconnected or deleted channel sends nothing (channel-state.ts). */
  disconnected_at: Date | null;
  deleted_at: Date | null;
}

/** SQL of the sending engine; everything is keyed by the broadcast, found by id from a job. */
export const engineRepo = {
  loadSending(db: Db, broadcastId: string): Promise<SendingBroadcast | undefined> {
    return db
      .selectFrom('broadcasts as b')
      .innerJoin('templates as t', 't.id', 'b.template_id')
      .innerJoin('channels as c', 'c.id', 'b.channel_id')
      .select([
        'b.id',
        'b.account_id',
        'b.channel_id',
        'b.status',
        'b.header_media',
        't.name as template_name',
        't.language as template_language',
        't.header_type',
        'c.broadcast_rate',
        'c.external_id',
        'c.disconnected_at',
        'c.deleted_at',
      ])
      .where('b.id', '=', broadcastId)
      .executeTakeFirst();
  },

  /** The broadcast's status and its channel's state, as a lane reads them after a run. */
  state(db: Db, broadcastId: string) {
    return db
      .selectFrom('broadcasts as b')
      .innerJoin('channels as c', 'c.id', 'b.channel_id')
      .select(['b.status', 'c.disconnected_at', 'c.deleted_at'])
      .where('b.id', '=', broadcastId)
      .executeTakeFirst();
  },

  /**
   * Marks up to `limit` recipients 'sending' (delayed ones whose back-off ended first, then the
   * queue in upload order) and returns them. SKIP LOCKED lets any number of workers claim side
   * by side without waiting on or taking each other's rows. Nothing is claimed unless the
   * broadcast is running and its channel connected, so a pause or a disconnect stops new claims
   * at once, whichever process made it.
   */
  async claim(db: Db, broadcastId: string, limit: number, now: Date): Promise<ClaimedRecipient[]> {
    const claimFrom = async (status: 'delayed' | 'queue', n: number) => {
      const due = status === 'delayed' ? sql`AND next_attempt_at <= ${now}` : sql``;
      const { rows } = await sql<ClaimedRecipient>`
        UPDATE broadcast_recipients r
        SET status = 'sending', claimed_at = ${now}, attempts = r.attempts + 1, next_attempt_at = NULL
        FROM (
          SELECT id FROM broadcast_recipients
          WHERE broadcast_id = ${broadcastId} AND status = ${status} ${due}
            AND EXISTS (SELECT 1 FROM broadcasts b JOIN channels ch ON ch.id = b.channel_id
              WHERE b.id = ${broadcastId} AND b.status = 'running'
                AND ch.disconnected_at IS NULL AND ch.deleted_at IS NULL)
          ORDER BY id LIMIT ${n} FOR UPDATE SKIP LOCKED
        ) picked
        WHERE r.id = picked.id
        RETURNING r.id::text AS id, r.phone, r.params, r.header_param, r.attempts`.execute(db);
      return rows;
    };
    const delayed = await claimFrom('delayed', limit);
    if (delayed.length >= limit) return delayed;
    return [...delayed, ...(await claimFrom('queue', limit - delayed.length))];
  },

  /**
   * Records a batch's outcomes in one statement. Only rows still held by this claim change
   * (`claimed_at` is the claim's stamp): a row whose status webhook already arrived keeps its
   * further status and only gains the wamid. Returns how many rows ended not accepted (to refund).
   */
  async record(db: Db, claimedAt: Date, now: Date, results: SendResult[]): Promise<number> {
    if (results.length === 0) return 0;
    const { rows } = await sql<{ refused: number }>`
      WITH input AS (
        SELECT * FROM unnest(${results.map((r) => r.id)}::bigint[], ${results.map((r) => r.status)}::text[],
          ${results.map((r) => (r.status === 'sent' ? r.wamid : null))}::text[],
          ${results.map((r) => (r.status === 'sent' ? null : JSON.stringify(r.error)))}::jsonb[],
          ${results.map((r) => (r.status === 'delayed' ? r.nextAttemptAt.toISOString() : null))}::timestamptz[])
          AS t(id, status, wamid, error, next_at)
      ), u AS (
        UPDATE broadcast_recipients r SET
          status = CASE WHEN r.status = 'sending' THEN i.status ELSE r.status END,
          provider_message_id = coalesce(r.provider_message_id, i.wamid),
          error = CASE WHEN r.status = 'sending' THEN coalesce(i.error, r.error) ELSE r.error END,
          next_attempt_at = CASE WHEN r.status = 'sending' THEN i.next_at ELSE r.next_attempt_at END,
          sent_at = CASE WHEN i.status = 'sent' THEN coalesce(r.sent_at, ${now}) ELSE r.sent_at END,
          failed_at = CASE WHEN r.status = 'sending' AND i.status IN ('failed', 'no-match-template')
            THEN ${now} ELSE r.failed_at END
        FROM input i
        WHERE r.id = i.id AND r.claimed_at = ${claimedAt}
        RETURNING i.status
      )
      SELECT count(*) FILTER (WHERE status <> 'sent')::int AS refused FROM u`.execute(db);
    return rows[0]?.refused ?? 0;
  },

  /** The channel's pacing grid, shared with the provider drain: see `reserveSendSlots`. */
  reserveSlots(
    db: Db,
    channelId: string,
    count: number,
    rate: number,
  ): Promise<{ firstAt: Date; waitMs: number }> {
    return reserveSendSlots(db, channelId, count, rate);
  },

  /** Takes or keeps a lane: free, ours already, or its holder stopped renewing before `staleBefore`. */
  async acquireLease(
    db: Db,
    broadcastId: string,
    slot: number,
    holder: string,
    now: Date,
    staleBefore: Date,
  ): Promise<boolean> {
    const { rows } = await sql`
      INSERT INTO broadcast_send_leases (broadcast_id, slot, holder, heartbeat_at)
      VALUES (${broadcastId}, ${slot}, ${holder}, ${now})
      ON CONFLICT (broadcast_id, slot) DO UPDATE SET holder = excluded.holder, heartbeat_at = excluded.heartbeat_at
      WHERE broadcast_send_leases.holder = excluded.holder OR broadcast_send_leases.heartbeat_at < ${staleBefore}
      RETURNING 1`.execute(db);
    return rows.length === 1;
  },

  async releaseLease(db: Db, broadcastId: string, slot: number, holder: string): Promise<void> {
    await db
      .deleteFrom('broadcast_send_leases')
      .where('broadcast_id', '=', broadcastId)
      .where('slot', '=', slot)
      .where('holder', '=', holder)
      .execute();
  },

  /** Whether anything is left to claim now, and when the next delayed recipient is due. */
  async pending(
    db: Db,
    broadcastId: string,
    now: Date,
  ): Promise<{ claimable: boolean; nextDelayedAt: Date | null; inFlight: boolean }> {
    const { rows } = await sql<{ queued: boolean; next_delayed: Date | null; in_flight: boolean }>`
      SELECT
        EXISTS (SELECT 1 FROM broadcast_recipients WHERE broadcast_id = ${broadcastId} AND status = 'queue') AS queued,
        (SELECT min(next_attempt_at) FROM broadcast_recipients WHERE broadcast_id = ${broadcastId} AND status = 'delayed') AS next_delayed,
        EXISTS (SELECT 1 FROM broadcast_recipients WHERE broadcast_id = ${broadcastId} AND status = 'sending') AS in_flight`.execute(
      db,
    );
    const row = rows[0];
    const next = row?.next_delayed ?? null;
    return {
      claimable: Boolean(row?.queued) || (next !== null && next <= now),
      nextDelayedAt: next,
      inFlight: Boolean(row?.in_flight),
    };
  },

  /** Completes a running broadcast once no recipient is queued, sending or delayed. */
  async completeIfDone(db: Db, broadcastId: string, now: Date): Promise<boolean> {
    const res = await sql`
      UPDATE broadcasts SET status = 'completed', finished_at = ${now}, updated_at = ${now}
      WHERE id = ${broadcastId} AND status = 'running'
        AND NOT EXISTS (SELECT 1 FROM broadcast_recipients WHERE broadcast_id = ${broadcastId}
          AND status IN ('queue', 'sending', 'delayed'))`.execute(db);
    return Number(res.numAffectedRows ?? 0) > 0;
  },
};
