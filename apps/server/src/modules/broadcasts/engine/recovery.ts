import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Deps } from '../../../deps.js';
import { refundSends, unitPriceCents } from './charge.js';

/**
 * Exactly once across a crash.
 *
 * A recipient is marked 'sending' (with `claimed_at`) and charged before its HTTP call, and its
 * outcome is recorded after. A worker that dies in between — or a request that timed out, so
 * nobody knows whether Meta took it — leaves the row 'sending': in doubt. Resending it at once
 * could deliver twice; dropping it could miss it. Meta settles the doubt: every send carries
 * `biz_opaque_callback_data` = the recipient id, echoed in each status webhook of that message,
 * so a send that reached Meta announces itself (statuses.ts moves the row to sent/delivered/read
 * with its wamid, even though the worker never learnt the wamid). A row still 'sending' once
 * the grace period has passed got no status: Meta never accepted it, and it is queued again.
 *
 * The grace period must outlast the HTTP timeout plus Meta's delay before the first status; a
 * status slower than that would still settle the row first if it comes before the resend claims
 * it (the claim only takes 'queue' rows, and the status moves the row out of 'queue').
 * Requeued rows are refunded (they were charged at claim and will be charged again when
 * re-claimed); rows of a broadcast cancelled meanwhile become 'cancelled' instead.
 */
export async function recoverInDoubt(
  deps: Deps,
  graceMs: number,
): Promise<{ broadcastId: string; requeued: number }[]> {
  const cutoff = new Date(deps.clock.now().getTime() - graceMs);
  const found = await sql<{ broadcast_id: string; account_id: string }>`
    SELECT DISTINCT broadcast_id, account_id FROM broadcast_recipients
    WHERE status = 'sending' AND claimed_at < ${cutoff}`.execute(deps.db);
  const out: { broadcastId: string; requeued: number }[] = [];
  for (const { broadcast_id: broadcastId, account_id: accountId } of found.rows) {
    const cents = await unitPriceCents(deps, accountId);
    const n = await deps.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`
        WITH r AS (
          UPDATE broadcast_recipients r
          SET status = CASE WHEN b.status = 'cancelled' THEN 'cancelled' ELSE 'queue' END,
              claimed_at = NULL
          FROM broadcasts b
          WHERE b.id = r.broadcast_id AND r.broadcast_id = ${broadcastId}
            AND r.status = 'sending' AND r.claimed_at < ${cutoff}
          RETURNING 1
        ) SELECT count(*)::int AS n FROM r`.execute(trx);
      const requeued = rows[0]?.n ?? 0;
      await refundSends(
        deps,
        trx,
        accountId,
        broadcastId,
        `broadcast:${broadcastId}:recover:${randomUUID()}`,
        cents,
        requeued,
      );
      return requeued;
    });
    if (n > 0) {
      deps.log.warn(
        { broadcastId, requeued: n },
        'in-doubt broadcast sends without status requeued',
      );
      out.push({ broadcastId, requeued: n });
    }
  }
  return out;
}
