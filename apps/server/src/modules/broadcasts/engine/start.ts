import { MESSAGES } from '@sapa/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../../deps.js';
import { LedgerService } from '../../billing/ledger.js';
import { maySend, refusalError } from '../../billing/pricing/index.js';
import { channelOff } from '../channel-state.js';
import { unitPriceCents } from './charge.js';
import { kickLanes } from './lane.js';
import type { EngineOptions } from './options.js';
import { emitProgress } from './progress.js';

/**
 * Starts a scheduled broadcast that is due: 'running' with its lanes queued in the same
 * transaction, or 'paused' with 'Insufficient Balance' when the balance does not cover what is
 * left to send, or with the refusal's words when the account may not send at all (pricing's
 * maySend: minimum balance, expired plan, suspended account), or with the channel's reason when
 * it was disconnected meanwhile. Safe to call twice (the start job and the sweep): only a due 'scheduled'
 * broadcast changes. Returns the status it was left in, or null when nothing changed.
 */
export async function startBroadcast(
  deps: Deps,
  broadcastId: string,
  o: Pick<EngineOptions, 'lanes'>,
): Promise<'running' | 'paused' | null> {
  const now = deps.clock.now();
  const b = await deps.db
    .selectFrom('broadcasts as b')
    .innerJoin('channels as c', 'c.id', 'b.channel_id')
    .select(['b.account_id', 'c.disconnected_at', 'c.deleted_at'])
    .where('b.id', '=', broadcastId)
    .executeTakeFirst();
  if (!b) return null;
  // Read before the transaction: the price comes from settings, not from the locked row.
  const [cents, may] = await Promise.all([
    unitPriceCents(deps, b.account_id),
    maySend(deps, b.account_id, 'broadcast'),
  ]);
  // A channel disconnected since the broadcast was scheduled: it waits, paused, for a reconnect.
  const refusal = channelOff(b)?.message ?? (may.ok ? null : refusalError(may).message);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('broadcasts')
      .select(['status', 'scheduled_at'])
      .where('id', '=', broadcastId)
      .forUpdate()
      .executeTakeFirst();
    if (row?.status !== 'scheduled' || (row.scheduled_at && row.scheduled_at > now)) return null;
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM broadcast_recipients
      WHERE broadcast_id = ${broadcastId} AND status IN ('queue', 'delayed')`.execute(trx);
    const remainingCents = (rows[0]?.n ?? 0) * cents;
    const { saldo } = await new LedgerService(deps).balance(b.account_id, trx);
    const enough = refusal === null && Math.round(saldo * 100) >= remainingCents;
    await trx
      .updateTable('broadcasts')
      .set({
        status: enough ? 'running' : 'paused',
        pause_reason: enough ? null : (refusal ?? MESSAGES.insufficientBalance),
        started_at: sql`coalesce(started_at, ${now})`,
        updated_at: now,
      })
      .where('id', '=', broadcastId)
      .execute();
    if (enough) await kickLanes(deps, broadcastId, o, trx);
    return enough ? ('running' as const) : ('paused' as const);
  });
  if (outcome) await emitProgress(deps, broadcastId);
  return outcome;
}
