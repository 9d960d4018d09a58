import { sql } from 'kysely';
import type { BroadcastCounts, BroadcastProgressEvent, RecipientStatus } from '@sapa/contracts';
import { RECIPIENT_STATUSES } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import type { Db } from '../../../db/database.js';

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

/** Reads the broadcast and its counts and announces them (`broadcast.progress`). */
export async function emitProgress(deps: Deps, broadcastId: string): Promise<void> {
  const b = await deps.db
    .selectFrom('broadcasts')
    .select(['account_id', 'created_by', 'status', 'pause_reason'])
    .where('id', '=', broadcastId)
    .executeTakeFirst();
  if (!b) return;
  const event: BroadcastProgressEvent = {
    broadcastId,
    status: b.status,
    counts: await countBroadcastRecipients(deps.db, broadcastId),
    reason: b.status === 'paused' ? b.pause_reason : null,
  };
  deps.events.publish({
    type: 'broadcast.progress',
    accountId: b.account_id,
    creatorId: b.created_by,
    event,
  });
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
