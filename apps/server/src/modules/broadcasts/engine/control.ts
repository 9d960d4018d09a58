import type { Selectable } from 'kysely';
import type { Deps } from '../../../deps.js';
import type { BroadcastsTable } from '../../../db/schema-broadcasts.js';
import { engineOptionsFor } from './options.js';
import { emitProgress } from './progress.js';
import { startBroadcast } from './start.js';

export type BroadcastRow = Selectable<BroadcastsTable>;

/** 'conflict': the broadcast exists but its state does not allow the action (e.g. completed). */
export type ControlResult =
  | { kind: 'ok'; broadcast: BroadcastRow }
  | { kind: 'not-found' }
  | { kind: 'conflict'; broadcast: BroadcastRow };

async function load(deps: Deps, accountId: string, broadcastId: string) {
  return deps.db
    .selectFrom('broadcasts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', broadcastId)
    .executeTakeFirst();
}

async function finish(
  deps: Deps,
  accountId: string,
  broadcastId: string,
  changed: boolean,
): Promise<ControlResult> {
  const broadcast = await load(deps, accountId, broadcastId);
  if (!broadcast) return { kind: 'not-found' };
  if (!changed) return { kind: 'conflict', broadcast };
  await emitProgress(deps, broadcastId);
  return { kind: 'ok', broadcast };
}

/**
 * Stops claiming: lanes see the status at their next claim and end; batches already in flight
 * finish and are recorded. A scheduled broadcast paused before its start does not start.
 */
export async function pauseBroadcast(
  deps: Deps,
  accountId: string,
  broadcastId: string,
): Promise<ControlResult> {
  const now = deps.clock.now();
  const res = await deps.db
    .updateTable('broadcasts')
    .set({ status: 'paused', pause_reason: null, updated_at: now })
    .where('account_id', '=', accountId)
    .where('id', '=', broadcastId)
    .where('status', 'in', ['running', 'scheduled'])
    .executeTakeFirst();
  return finish(deps, accountId, broadcastId, Number(res.numUpdatedRows) > 0);
}

/**
 * Continues a paused broadcast through the same path as a start: the balance is checked again
 * (a broadcast paused for 'Insufficient Balance' resumes once topped up, or pauses again), and
 * one whose start time is still ahead goes back to waiting for it.
 */
export async function resumeBroadcast(
  deps: Deps,
  accountId: string,
  broadcastId: string,
): Promise<ControlResult> {
  const now = deps.clock.now();
  const o = engineOptionsFor(deps);
  const resumed = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('broadcasts')
      .set({ status: 'scheduled', pause_reason: null, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', broadcastId)
      .where('status', '=', 'paused')
      .returning(['scheduled_at'])
      .executeTakeFirst();
    if (!row) return false;
    const wait = row.scheduled_at
      ? Math.ceil((row.scheduled_at.getTime() - now.getTime()) / 1000)
      : 0;
    if (wait > 0)
      await deps.jobs.enqueue('broadcast.start', { broadcastId }, { startAfterSeconds: wait }, trx);
    return true;
  });
  if (resumed) await startBroadcast(deps, broadcastId, o);
  return finish(deps, accountId, broadcastId, resumed);
}

/** Cancels what has not been sent: queued and delayed recipients become 'cancelled'. */
export async function cancelBroadcast(
  deps: Deps,
  accountId: string,
  broadcastId: string,
): Promise<ControlResult> {
  const now = deps.clock.now();
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('broadcasts')
      .set({ status: 'cancelled', pause_reason: null, finished_at: now, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', broadcastId)
      .where('status', 'in', ['draft', 'scheduled', 'running', 'paused'])
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('broadcast_recipients')
      .set({ status: 'cancelled', next_attempt_at: null })
      .where('broadcast_id', '=', broadcastId)
      .where('status', 'in', ['queue', 'delayed'])
      .execute();
    return true;
  });
  return finish(deps, accountId, broadcastId, cancelled);
}
