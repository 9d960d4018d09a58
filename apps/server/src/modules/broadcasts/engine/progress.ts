import { sql } from 'kysely';
import type { BroadcastCounts, BroadcastProgressEvent, RecipientStatus } from '@sapa/contracts';
import { RECIPIENT_STATUSES } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import type { Db } from '../../../db/database.js';
import type { DomainEvent } from '../../../events/bus.js';
import { engineRepo } from './repo.js';

/** Totals per recipient status and replies, in one scan of the broadcast's rows. */
export async function countBroadcastRecipients(
  db: Db,
  broadcastId: string,
): Promise<BroadcastCounts> {
  const { rows } = await sql<{ status: RecipientStatus; n: number; replied: number }>`
    SELECT status, count(*)::int AS n, count(replied_at)::int AS replied
    FROM broadcast_recipients WHERE broadcast_id = ${broadcastId} GROUP BY status`.execute(db);
  const byStatus = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<
    RecipientStatus,
    number
  >;
  let total = 0;
  let replied = 0;
  for (const row of rows) {
    byStatus[row.status] = row.n;
    total += row.n;
    replied += row.replied;
  }
  return { total, byStatus, replied };
}

type ProgressDomainEvent = Extract<DomainEvent, { type: 'broadcast.progress' }>;

/** The broadcast and its counts as `broadcast.progress` tells them; null when it is gone. */
async function progressOf(db: Db, broadcastId: string): Promise<ProgressDomainEvent | null> {
  const b = await db
    .selectFrom('broadcasts')
    .select(['account_id', 'created_by', 'status', 'pause_reason'])
    .where('id', '=', broadcastId)
    .executeTakeFirst();
  if (!b) return null;
  const event: BroadcastProgressEvent = {
    broadcastId,
    status: b.status,
    counts: await countBroadcastRecipients(db, broadcastId),
    reason: b.status === 'paused' ? b.pause_reason : null,
  };
  return { type: 'broadcast.progress', accountId: b.account_id, creatorId: b.created_by, event };
}

/** Reads the broadcast and its counts and announces them (`broadcast.progress`). */
export async function emitProgress(deps: Deps, broadcastId: string): Promise<void> {
  const event = await progressOf(deps.db, broadcastId);
  if (event) deps.events.publish(event);
}

/**
 * Completes a running broadcast once nothing is left to send (engineRepo.completeIfDone) and
 * records its progress in the same transaction, so the outbound webhooks' `broadcast.completed`
 * commits with the completion; published after the commit. Answers whether it completed.
 */
export async function completeIfDone(deps: Deps, broadcastId: string, now: Date): Promise<boolean> {
  const event = await deps.db.transaction().execute(async (trx) => {
    if (!(await engineRepo.completeIfDone(trx, broadcastId, now))) return null;
    const progress = await progressOf(trx, broadcastId);
    if (progress) await deps.events.record(trx, progress);
    return progress;
  });
  if (event) deps.events.publish(event);
  return event !== null;
}

const INTERVAL_MS = 500;

/**
 * At most one progress event per broadcast per half second from this process, whatever the
 * number of batches and status webhooks: the first change schedules an emission, later ones
 * within the interval ride on it. State changes call `emitProgress` directly instead.
 */
export class ProgressThrottle {
  private readonly pending = new Set<string>();

  constructor(
    private readonly deps: Deps,
    private readonly intervalMs = INTERVAL_MS,
  ) {}

  touch(broadcastId: string): void {
    if (this.pending.has(broadcastId)) return;
    this.pending.add(broadcastId);
    const timer = setTimeout(() => {
      this.pending.delete(broadcastId);
      emitProgress(this.deps, broadcastId).catch((err: unknown) =>
        this.deps.log.warn({ err, broadcastId }, 'broadcast progress not announced'),
      );
    }, this.intervalMs);
    timer.unref();
  }
}

const throttles = new WeakMap<Deps['events'], ProgressThrottle>();

/** The throttle of this process's event bus (tests run several apps in one process). */
export function progressThrottle(deps: Deps): ProgressThrottle {
  const existing = throttles.get(deps.events);
  if (existing) return existing;
  const created = new ProgressThrottle(deps);
  throttles.set(deps.events, created);
  return created;
}
