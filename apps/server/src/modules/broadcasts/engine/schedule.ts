import type { Transaction } from 'kysely';
import type { Deps } from '../../../deps.js';
import type { Database } from '../../../db/schema.js';

/**
 * Schedules a draft (or re-schedules a scheduled) broadcast to start at `startAt` — now or later.
 * Runs in the creator's transaction: the 'broadcast.start' job is enqueued with it, so a
 * committed schedule always has its start job, and a rolled-back one never does. A start job
 * lost anyway (a wiped queue) is caught by the sweep, which starts due broadcasts too.
 */
export async function scheduleBroadcast(
  deps: Deps,
  trx: Transaction<Database>,
  broadcastId: string,
  startAt: Date,
): Promise<void> {
  const now = deps.clock.now();
  await trx
    .updateTable('broadcasts')
    .set({ status: 'scheduled', scheduled_at: startAt, pause_reason: null, updated_at: now })
    .where('id', '=', broadcastId)
    .where('status', 'in', ['draft', 'scheduled'])
    .execute();
  const delaySeconds = Math.max(0, Math.ceil((startAt.getTime() - now.getTime()) / 1000));
  await deps.jobs.enqueue(
    'broadcast.start',
    { broadcastId },
    delaySeconds > 0 ? { startAfterSeconds: delaySeconds } : {},
    trx,
  );
}
