import type pg from 'pg';
import { MESSAGES } from '@sapa/contracts';
import type { DeliveryStatus } from '../../channels/port.js';
import type { StatusUpdate } from './inbound.js';
import type { StatusOutcome } from './ingest-fast.repo.js';
import { forwardOnlyCondition, statusRank } from '../conversations/index.js';
import { TurnBatcher } from '../../lib/turn-batcher.js';

/** The statuses outbound webhooks forward (queueing and the like stay inside Sapa). */
export const WEBHOOK_STATUSES: readonly DeliveryStatus[] = ['sent', 'delivered', 'read', 'failed'];
const FORWARDED_SQL = `(${WEBHOOK_STATUSES.map((x) => `'${x}'`).join(', ')})`;

/** A status's error as the spine's `message.status` event carries it. */
export function statusEventError(
  s: Pick<StatusUpdate, 'error' | 'windowClosed'>,
): { code: number | null; message: string } | undefined {
  if (!s.error) return undefined;
  return {
    code: s.error.code,
    message: s.windowClosed ? MESSAGES.windowClosedCode : s.error.message,
  };
}

/**
 * Status updates that arrive in the same event-loop turn, applied with one statement. Each
 * message moves forward only (sent < delivered < read; failed only from queue/sent/delivered and
 * terminal); message rows are locked in id order so concurrent batches cannot deadlock.
 */
const BATCH_SQL = `
  WITH input AS (
    SELECT * FROM unnest($1::int[], $2::uuid[], $3::text[], $4::text[], $5::int[], $6::jsonb[],
      $7::jsonb[], $8::timestamptz[])
      AS t(ord, channel_id, provider_message_id, status, rank, error, hook_error, at)
  ), locked AS MATERIALIZED (
    SELECT m.id FROM messages m JOIN input i ON m.channel_id = i.channel_id AND m.provider_message_id = i.provider_message_id
    ORDER BY m.id FOR NO KEY UPDATE OF m
  ), u AS (
    UPDATE messages m SET status = i.status, error = coalesce(i.error, m.error)
    FROM input i JOIN locked l ON true
    WHERE l.id = m.id AND m.channel_id = i.channel_id AND m.provider_message_id = i.provider_message_id
      AND ${forwardOnlyCondition('m.status', 'i.status', 'i.rank')}
    RETURNING m.id, m.chat_id, m.sender_id, m.channel_id, m.provider_message_id
  ), hooks AS MATERIALIZED (
    -- The outbound webhooks' message.status events, written by this statement (the outbox's
    -- webhook_record_events, migration 0063): no crash falls between a status and its event.
    -- The payload and dedupe key are webhooks-out/listeners/spine.listener.ts's.
    SELECT webhook_record_events(
      array_agg(c.account_id ORDER BY i.ord), array_agg('message.status'::text ORDER BY i.ord),
      array_agg(c.id ORDER BY i.ord),
      array_agg('message.status:' || u.id || ':' || i.status ORDER BY i.ord),
      array_agg(jsonb_build_object('messageId', u.id::text, 'status', i.status,
        'error', i.hook_error) ORDER BY i.ord),
      array_agg(i.at ORDER BY i.ord), (SELECT max(at) FROM input)) AS queued
    FROM input i
    JOIN u ON u.channel_id = i.channel_id AND u.provider_message_id = i.provider_message_id
    JOIN chats c ON c.id = u.chat_id
    WHERE i.status IN ${FORWARDED_SQL}
  )
  SELECT i.ord, u.id::text AS message_id, u.sender_id, c.id, c.account_id, c.agent_id, c.division_ids,
    coalesce((SELECT array_agg(ud.division_id) FROM user_divisions ud WHERE ud.user_id = c.agent_id), '{}') AS agent_division_ids,
    (u.id IS NOT NULL OR EXISTS (
      SELECT 1 FROM messages k WHERE k.channel_id = i.channel_id AND k.provider_message_id = i.provider_message_id)) AS known
  FROM input i
  LEFT JOIN u ON u.channel_id = i.channel_id AND u.provider_message_id = i.provider_message_id
  LEFT JOIN chats c ON c.id = u.chat_id
  CROSS JOIN hooks`;

type Row = {
  ord: number;
  message_id: string | null;
  sender_id: string | null;
  id: string | null;
  account_id: string | null;
  agent_id: string | null;
  division_ids: string[] | null;
  agent_division_ids: string[] | null;
  known: boolean;
};

export interface StatusItem {
  channelId: string;
  s: Pick<StatusUpdate, 'providerMessageId' | 'status' | 'error' | 'windowClosed'>;
  /** When it was taken in: its webhook event's time. */
  at: Date;
}

/** The `error` of a `message.status` webhook payload (spine.listener.ts writes the same). */
function hookError(s: StatusItem['s']): string | null {
  const e = statusEventError(s);
  return e ? JSON.stringify({ code: e.code ?? null, reason: e.message }) : null;
}

export async function applyStatusBatch(
  pool: pg.Pool,
  items: StatusItem[],
): Promise<StatusOutcome[]> {
  const result = await pool.query<Row>({
    name: 'sapa_ingest_status_batch_v2',
    text: BATCH_SQL,
    values: [
      items.map((_, i) => i),
      items.map((x) => x.channelId),
      items.map((x) => x.s.providerMessageId),
      items.map((x) => x.s.status),
      items.map((x) => statusRank(x.s.status)),
      items.map((x) => (x.s.error ? JSON.stringify(x.s.error) : null)),
      items.map((x) => hookError(x.s)),
      items.map((x) => x.at),
    ],
  });
  const outcomes: StatusOutcome[] = items.map(() => ({ moved: null, known: false }));
  for (const row of result.rows) {
    if (row.message_id && row.id && row.account_id) {
      outcomes[row.ord] = {
        moved: {
          id: row.id,
          account_id: row.account_id,
          agent_id: row.agent_id,
          division_ids: row.division_ids ?? [],
          agent_division_ids: row.agent_division_ids ?? [],
          message_id: row.message_id,
          sender_id: row.sender_id,
        },
        known: true,
      };
    } else outcomes[row.ord] = { moved: null, known: row.known };
  }
  return outcomes;
}

/**
 * Status updates of one event-loop turn applied by one statement; a message's repeats in the
 * batch are reduced to its furthest status (the others are superseded: nothing to announce).
 */
export function statusBatcher(pool: pg.Pool): TurnBatcher<StatusItem, StatusOutcome> {
  return new TurnBatcher<StatusItem, StatusOutcome>(
    200,
    (items) => applyStatusBatch(pool, items),
    (x) => `${x.channelId}|${x.s.providerMessageId}`,
    (current, candidate) => statusRank(candidate.s.status) > statusRank(current.s.status),
    (chosen) => ({ moved: null, known: chosen.known }),
  );
}
