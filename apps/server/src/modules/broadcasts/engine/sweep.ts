import { sql } from 'kysely';
import type { Deps } from '../../../deps.js';
import { kickLanes } from './lane.js';
import type { EngineOptions } from './options.js';
import { completeIfDone } from './progress.js';
import { recoverInDoubt } from './recovery.js';
import { engineRepo } from './repo.js';
import { startBroadcast } from './start.js';

/**
 * The engine's safety net, idempotent and cheap (partial indexes): starts due broadcasts whose
 * start job was lost, settles in-doubt sends (recovery.ts), restarts lanes whose worker died
 * (lease not renewed), and completes broadcasts whose last rows were settled by webhooks.
 */
export async function runSweep(deps: Deps, o: EngineOptions): Promise<void> {
  const now = deps.clock.now();
  const due = await deps.db
    .selectFrom('broadcasts')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('scheduled_at', '<=', now)
    .execute();
  // Lanes of the broadcasts started here were queued by the start itself.
  const justStarted = new Set<string>();
  for (const { id } of due) if (await startBroadcast(deps, id, o)) justStarted.add(id);

  await recoverInDoubt(deps, o.inDoubtGraceMs);

  const staleBefore = new Date(now.getTime() - o.leaseStaleMs);
  const { rows: running } = await sql<{ id: string; live_lanes: number }>`
    SELECT b.id, (SELECT count(*)::int FROM broadcast_send_leases l
                  WHERE l.broadcast_id = b.id AND l.heartbeat_at >= ${staleBefore}) AS live_lanes
    FROM broadcasts b WHERE b.status = 'running'`.execute(deps.db);
  for (const b of running) {
    if (justStarted.has(b.id)) continue;
    const pending = await engineRepo.pending(deps.db, b.id, now);
    if (pending.claimable) {
      if (b.live_lanes < o.lanes) await kickLanes(deps, b.id, o);
    } else if (!pending.inFlight && !pending.nextDelayedAt) {
      await completeIfDone(deps, b.id, now);
    }
  }
}
