import type pg from 'pg';
import type { Deps } from '../../../deps.js';
import type { DeliveryStatus, ProviderErrorInfo } from '../../../channels/types.js';
import { forwardOnlyCondition, statusRank } from '../../conversations/index.js';
import { TurnBatcher } from '../../../lib/turn-batcher.js';
import { progressThrottle } from './progress.js';
import { recipientIdOfCallback } from './send.js';

/**
 * Status webhooks of broadcast sends, found by the callback data (the recipient id) rather than
 * by wamid: a status that arrives before the worker stored the wamid (the race every fast send
 * has) or after the worker died (recovery.ts) still lands on its row, and stores the wamid.
 * Forward only, by the inbox's rule: a row in flight ('sending') counts as 'queue'; sent <
 * delivered < read; failed terminal with Meta's error. Each timestamp is kept from the first
 * status that implies it, even when statuses arrive out of order.
 */
const CURRENT = `(CASE WHEN r.status IN ('sending', 'delayed', 'queue') THEN 'queue' ELSE r.status END)`;
const BATCH_SQL = `
  WITH input AS (
    SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::text[], $5::int[], $6::jsonb[], $7::timestamptz[])
      AS t(id, channel_id, wamid, status, rank, error, at)
  ), locked AS MATERIALIZED (
    SELECT r.id FROM broadcast_recipients r JOIN input i ON r.id = i.id AND r.channel_id = i.channel_id
    ORDER BY r.id FOR NO KEY UPDATE OF r
  )
  UPDATE broadcast_recipients r SET
    status = CASE WHEN ${forwardOnlyCondition(CURRENT, 'i.status', 'i.rank')} THEN i.status ELSE r.status END,
    provider_message_id = coalesce(r.provider_message_id, i.wamid),
    error = CASE WHEN i.status = 'failed' AND ${forwardOnlyCondition(CURRENT, 'i.status', 'i.rank')}
      THEN i.error ELSE r.error END,
    next_attempt_at = NULL,
    sent_at = CASE WHEN i.status <> 'failed' THEN coalesce(r.sent_at, i.at) ELSE r.sent_at END,
    delivered_at = CASE WHEN i.status IN ('delivered', 'read') THEN coalesce(r.delivered_at, i.at) ELSE r.delivered_at END,
    read_at = CASE WHEN i.status = 'read' THEN coalesce(r.read_at, i.at) ELSE r.read_at END,
    failed_at = CASE WHEN i.status = 'failed' AND ${forwardOnlyCondition(CURRENT, 'i.status', 'i.rank')}
      THEN coalesce(r.failed_at, i.at) ELSE r.failed_at END
  FROM input i JOIN locked l ON true
  WHERE l.id = r.id AND r.id = i.id
  RETURNING r.id::text AS id, r.broadcast_id`;

/** A send's status as ingest hands it over (the inbox's StatusUpdate fits). */
export interface BroadcastStatus {
  providerMessageId: string;
  status: DeliveryStatus;
  error: ProviderErrorInfo | null;
  timestamp: Date;
  callbackData: string | null;
}

export interface RecipientStatusItem {
  channelId: string;
  recipientId: string;
  s: Omit<BroadcastStatus, 'callbackData'>;
}

/** The broadcast a status landed on, or null when no row of that channel has that id. */
export type RecipientStatusOutcome = { broadcastId: string } | null;

export async function applyRecipientStatuses(
  pool: pg.Pool,
  items: RecipientStatusItem[],
): Promise<RecipientStatusOutcome[]> {
  const { rows } = await pool.query<{ id: string; broadcast_id: string }>({
    name: 'sapa_broadcast_recipient_status_v1',
    text: BATCH_SQL,
    values: [
      items.map((x) => x.recipientId),
      items.map((x) => x.channelId),
      items.map((x) => x.s.providerMessageId),
      items.map((x) => x.s.status),
      items.map((x) => statusRank(x.s.status)),
      items.map((x) => (x.s.error ? JSON.stringify(x.s.error) : null)),
      items.map((x) => x.s.timestamp.toISOString()),
    ],
  });
  const byId = new Map(rows.map((r) => [r.id, r.broadcast_id]));
  return items.map((x) => {
    const broadcastId = byId.get(String(x.recipientId));
    return broadcastId ? { broadcastId } : null;
  });
}

const batchers = new WeakMap<pg.Pool, TurnBatcher<RecipientStatusItem, RecipientStatusOutcome>>();

/** One statement per event-loop turn; a row's repeats in a turn are reduced to the furthest. */
function batcherFor(pool: pg.Pool) {
  const existing = batchers.get(pool);
  if (existing) return existing;
  const created = new TurnBatcher<RecipientStatusItem, RecipientStatusOutcome>(
    500,
    (items) => applyRecipientStatuses(pool, items),
    (x) => `${x.channelId}|${x.recipientId}`,
    (current, candidate) => statusRank(candidate.s.status) > statusRank(current.s.status),
    (chosen) => chosen,
  );
  batchers.set(pool, created);
  return created;
}

/**
 * Applies a status webhook to its broadcast recipient when its callback data names one. Returns
 * false when the status is not a broadcast send's, so the caller treats it as a message's.
 */
export async function ingestBroadcastStatus(
  deps: Deps,
  channelId: string,
  s: BroadcastStatus,
): Promise<boolean> {
  const recipientId = recipientIdOfCallback(s.callbackData);
  if (!recipientId) return false;
  const outcome = await batcherFor(deps.pool).submit({ channelId, recipientId, s });
  if (outcome) progressThrottle(deps).touch(outcome.broadcastId);
  return true;
}
