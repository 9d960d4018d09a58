import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Who owns a linked number's session (issue 20 §3): a lease row per channel, not an advisory
 * lock. A lock lives as long as its connection, so a process that hangs (paused, swapping,
 * stuck in a GC) keeps the number forever while its TCP connection stays up, and a pooler in
 * transaction mode loses it silently; a lease expires on its own. Times are the database's
 * (`now()`), so clocks of the servers never matter. `epoch` grows with every change of owner
 * and fences the owner's writes (store.ts): a process that lost the lease while paused cannot
 * write the session's keys when it wakes.
 */
export interface Lease {
  channelId: string;
  owner: string;
  epoch: number;
}

export const leases = {
  /**
   * Takes the lease when nobody holds it or it has expired; null when another process holds it.
   * Two processes racing for one expired lease serialise on its row: the second sees the new
   * expiry and gets nothing.
   */
  async acquire(db: Db, channelId: string, owner: string, ttlMs: number): Promise<Lease | null> {
    const row = await sql<{ epoch: number }>`
      INSERT INTO wabasic_leases (channel_id, owner, epoch, expires_at, acquired_at)
      VALUES (${channelId}, ${owner}, 1, now() + ${ttlMs} * interval '1 millisecond', now())
      ON CONFLICT (channel_id) DO UPDATE
        SET owner = EXCLUDED.owner, epoch = wabasic_leases.epoch + 1,
            expires_at = EXCLUDED.expires_at, acquired_at = now()
        WHERE wabasic_leases.expires_at <= now()
      RETURNING epoch`.execute(db);
    const epoch = row.rows[0]?.epoch;
    return epoch === undefined ? null : { channelId, owner, epoch: Number(epoch) };
  },

  /**
   * Extends the leases this process still holds, in one statement; returns the channel ids it
   * kept. A lease that expired is not renewed even if nobody took it yet: once expired, another
   * process may be starting the session, so the owner must stop.
   */
  async renew(db: Db, held: Lease[], ttlMs: number): Promise<Set<string>> {
    if (!held.length) return new Set();
    const owner = held[0]!.owner;
    const ids = held.map((l) => l.channelId);
    const epochs = held.map((l) => l.epoch);
    const rows = await sql<{ channel_id: string }>`
      UPDATE wabasic_leases l SET expires_at = now() + ${ttlMs} * interval '1 millisecond'
      FROM unnest(${ids}::uuid[], ${epochs}::bigint[]) AS h(channel_id, epoch)
      WHERE l.channel_id = h.channel_id AND l.epoch = h.epoch AND l.owner = ${owner}
        AND l.expires_at > now()
      RETURNING l.channel_id`.execute(db);
    return new Set(rows.rows.map((r) => r.channel_id));
  },

  /** Gives the lease up at once (shutdown, link ended) so another process need not wait. */
  async release(db: Db, lease: Lease): Promise<void> {
    await sql`
      UPDATE wabasic_leases SET expires_at = now()
      WHERE channel_id = ${lease.channelId} AND owner = ${lease.owner} AND epoch = ${lease.epoch}
        AND expires_at > now()`.execute(db);
  },

  /** The current holder, if the lease is live (status pages, tests, the benchmark). */
  async holder(db: Db, channelId: string): Promise<Lease | null> {
    const row = await db
      .selectFrom('wabasic_leases')
      .select(['channel_id', 'owner', 'epoch'])
      .where('channel_id', '=', channelId)
      .where(sql<boolean>`expires_at > now()`)
      .executeTakeFirst();
    return row ? { channelId: row.channel_id, owner: row.owner, epoch: Number(row.epoch) } : null;
  },
};
