import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../deps.js';

/**
 * How long a finished event (every delivery delivered, or failed for good) keeps its body,
 * deliveries and delivery log: long past the retry schedule's ~3 days, so an admin can still
 * look up and replay a week-old failure. docs/API.md says so.
 */
export const WEBHOOK_RETENTION_DAYS = 30;
/** Events per DELETE: bounds how long one statement holds its locks and its WAL burst. */
const PURGE_BATCH = 2000;
/** Batches per run at most; the next run (hourly) carries on. */
const MAX_BATCHES = 50;

/**
 * Deletes events older than the retention whose deliveries are all finished, in bounded
 * batches, oldest first; their deliveries and attempts go with them (ON DELETE CASCADE). An
 * event with a delivery still pending is kept whatever its age.
 */
export async function purgeFinishedEvents(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * 86_400_000);
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const result = await sql`
      DELETE FROM webhook_events WHERE id = ANY (ARRAY(
        SELECT e.id FROM webhook_events e
        WHERE e.created_at < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                          WHERE d.event_id = e.id AND d.state = 'pending')
        ORDER BY e.created_at LIMIT ${PURGE_BATCH}))`.execute(db);
    const n = Number(result.numAffectedRows ?? 0n);
    total += n;
    if (n < PURGE_BATCH) break;
  }
  return total;
}

export async function runWebhookPurge(deps: Pick<Deps, 'db' | 'clock' | 'log'>): Promise<number> {
  const purged = await purgeFinishedEvents(deps.db, deps.clock.now());
  if (purged) deps.log.info({ purged }, 'webhook events past their retention purged');
  return purged;
}

export async function registerWebhookPurge(deps: Deps): Promise<void> {
  await deps.jobs.work('webhooks.purge', async () => void (await runWebhookPurge(deps)), 1);
  await deps.jobs.schedule('webhooks.purge', '23 * * * *', {});
}
