import type pg from 'pg';
import { presentChat, type ChatRow, loadChatRows } from '../../conversations/index.js';
import { TurnBatcher } from '../../../lib/turn-batcher.js';
import { claimUnassignedChat } from '../../inbox/index.js';
import type { Deps } from '../../../deps.js';
import type { Db } from '../../../db/database.js';
import { progressThrottle } from './progress.js';

/**
 * A customer's message counts as a reply to the broadcast that last reached them on that channel
 * within 24 hours: a template opens a 24-hour business-initiated conversation on WhatsApp, and a
 * message after it is a new conversation that the broadcast did not start. Only the first reply
 * is stamped (`replied_at`); when the broadcast has Self Assign, that first reply's chat goes to
 * the broadcast's creator if nobody has it yet — before routing runs, so it wins over automatic
 * assignment for this conversation.
 */
const WINDOW = '24 hours';

const REPLY_SQL = `
  WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[]) AS t(channel_id, phone, at)
  ), hit AS (
    SELECT DISTINCT ON (i.channel_id, i.phone) r.id, i.at
    FROM input i JOIN broadcast_recipients r
      ON r.channel_id = i.channel_id AND r.phone = i.phone
     AND r.sent_at IS NOT NULL AND r.sent_at > i.at - interval '${WINDOW}'
    ORDER BY i.channel_id, i.phone, r.sent_at DESC
  )
  UPDATE broadcast_recipients r SET replied_at = h.at
  FROM hit h, broadcasts b
  WHERE r.id = h.id AND r.replied_at IS NULL AND b.id = r.broadcast_id
  RETURNING r.channel_id, r.phone, r.broadcast_id, b.self_assign, b.created_by`;

interface ReplyItem {
  channelId: string;
  phone: string;
  at: Date;
}
/** The broadcast a first reply answered, and who gets the chat (Self Assign), or null. */
export type ReplyOutcome = { broadcastId: string; assignTo: string | null } | null;

async function applyReplies(pool: pg.Pool, items: ReplyItem[]): Promise<ReplyOutcome[]> {
  const { rows } = await pool.query<{
    channel_id: string;
    phone: string;
    broadcast_id: string;
    self_assign: boolean;
    created_by: string | null;
  }>({
    name: 'sapa_broadcast_replies_v1',
    text: REPLY_SQL,
    values: [
      items.map((i) => i.channelId),
      items.map((i) => i.phone),
      items.map((i) => i.at.toISOString()),
    ],
  });
  const byKey = new Map(rows.map((r) => [`${r.channel_id}|${r.phone}`, r]));
  return items.map((i) => {
    const r = byKey.get(`${i.channelId}|${i.phone}`);
    return r
      ? { broadcastId: r.broadcast_id, assignTo: r.self_assign ? r.created_by : null }
      : null;
  });
}

const batchers = new WeakMap<pg.Pool, TurnBatcher<ReplyItem, ReplyOutcome>>();
function batcherFor(pool: pg.Pool) {
  const existing = batchers.get(pool);
  if (existing) return existing;
  const created = new TurnBatcher<ReplyItem, ReplyOutcome>(
    500,
    (items) => applyReplies(pool, items),
    (x) => `${x.channelId}|${x.phone}`,
    () => false,
    // A second message of the same customer in the same turn is not the first reply.
    () => null,
  );
  batchers.set(pool, created);
  return created;
}

/**
 * Whether a channel's broadcasts reached anyone in the last 24 hours, cached for 10 s: inbound
 * messages of channels without a recent broadcast (most of them) cost no statement at all.
 */
const CACHE_MS = 10_000;
const recent = new WeakMap<Db, Map<string, { value: boolean; until: number }>>();
async function hasRecentBroadcast(db: Db, channelId: string, now: Date): Promise<boolean> {
  const cache = recent.get(db) ?? new Map<string, { value: boolean; until: number }>();
  recent.set(db, cache);
  const hit = cache.get(channelId);
  if (hit && hit.until > Date.now()) return hit.value;
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const row = await db
    .selectFrom('broadcasts')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('started_at', 'is not', null)
    .where((eb) => eb.or([eb('finished_at', 'is', null), eb('finished_at', '>', since)]))
    .limit(1)
    .executeTakeFirst();
  cache.set(channelId, { value: row !== undefined, until: Date.now() + CACHE_MS });
  return row !== undefined;
}

/**
 * Records a customer's message as a broadcast reply when it is one, and applies Self Assign.
 * Returns the chat as it now is when it was assigned, else null. Called after the message was
 * stored and before routing.
 */
export async function noteBroadcastReply(
  deps: Deps,
  chat: ChatRow,
  phone: string,
  at: Date,
): Promise<ChatRow | null> {
  if (!(await hasRecentBroadcast(deps.db, chat.channel_id, deps.clock.now()))) return null;
  const outcome = await batcherFor(deps.pool).submit({ channelId: chat.channel_id, phone, at });
  if (!outcome) return null;
  progressThrottle(deps).touch(outcome.broadcastId);
  if (!outcome.assignTo || chat.agent_id) return null;
  return assignToCreator(deps, chat, outcome.assignTo);
}

async function assignToCreator(deps: Deps, chat: ChatRow, userId: string): Promise<ChatRow | null> {
  const now = deps.clock.now();
  // Someone (an agent, a concurrent routing) took it meanwhile: theirs stays.
  const before = {
    id: chat.id,
    account_id: chat.account_id,
    agent_id: null,
    division_ids: chat.division_ids,
    agent_division_ids: [],
  };
  const event = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimUnassignedChat(trx, chat.account_id, chat.id, userId, now))) return null;
    const [after] = await loadChatRows(trx, chat.account_id, [chat.id]);
    if (!after) return null;
    const assigned = { type: 'chat.assigned' as const, chat: after, before, by: null };
    // Recorded with the claim (the outbound webhooks' outbox), published after the commit.
    await deps.events.record(trx, assigned);
    return assigned;
  });
  if (!event) return null;
  const after = event.chat;
  deps.events.publish(event);
  deps.events.publish({
    type: 'chat.assign.result',
    userId,
    result: { chatId: chat.id, ok: true, chat: presentChat(after) },
  });
  return after;
}
