import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Reserves `count` consecutive send slots, `1/rate` s apart, on the channel's pacing grid, in
 * one atomic statement: they start at the grid's next free slot or now, whichever is later, so
 * slots nobody used are gone rather than saved. Concurrent callers, in this process or another,
 * broadcast lanes and the provider drain alike, serialise on the channel's row and get
 * back-to-back, never overlapping, slots: together they stay within the number's throughput.
 * Time is the database's (`clock_timestamp()`, read after the row lock), so workers on hosts
 * whose clocks disagree still share one grid; `waitMs` is how long after this answer the first
 * slot comes.
 */
export async function reserveSendSlots(
  db: Db,
  channelId: string,
  count: number,
  rate: number,
): Promise<{ firstAt: Date; waitMs: number }> {
  const span = sql`make_interval(secs => ${count / rate}::float8)`;
  const { rows } = await sql<{ first_at: Date; wait_ms: number }>`
    INSERT INTO broadcast_send_pace AS p (channel_id, next_slot_at)
    VALUES (${channelId}, clock_timestamp() + ${span})
    ON CONFLICT (channel_id) DO UPDATE
      SET next_slot_at = greatest(p.next_slot_at, clock_timestamp()) + ${span}
    RETURNING p.next_slot_at - ${span} AS first_at,
      (extract(epoch FROM (p.next_slot_at - ${span} - clock_timestamp())) * 1000)::float8 AS wait_ms`.execute(
    db,
  );
  const row = rows[0]!;
  return { firstAt: row.first_at, waitMs: Math.max(0, row.wait_ms) };
}
