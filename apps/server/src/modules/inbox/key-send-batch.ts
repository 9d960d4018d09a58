import { sql } from 'kysely';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import { TurnBatcher } from '../../lib/turn-batcher.js';
import { noteAccepted } from '../../lib/accept-gate.js';
import {
  loadChatRows,
  loadMessageRows,
  previewOf,
  type ChatRow,
  type MessageRow,
} from '../conversations/index.js';
import type { OutgoingMessage } from './outgoing.js';

/**
 * API-key sends (issue 19: ≥ 1,000 accepted/s through POST /api/messages). One transaction per
 * send held a pooled connection across six round trips (BEGIN, INSERT, chat, ticket, job,
 * COMMIT); under load each waited on a busy event loop, so the 20 connections sat "idle in
 * transaction" and requests queued for the pool. The sends of one event-loop turn are stored
 * together instead, as ingest does (lib/turn-batcher.ts): one transaction, one INSERT of all the
 * messages, one chat and one ticket UPDATE, one send job for them all. The guarantees are the single
 * send's: every message is stored as `queue` with its send job in the same commit, or none is.
 * Keys only: a person's send may claim the chat (a row lock and its own checks per chat).
 */
export interface KeySend {
  accountId: string;
  chatId: string;
  channelId: string;
  apiKeyId: string;
  m: OutgoingMessage;
  now: Date;
}

/** Sends per transaction: a turn's worth under load, small enough to keep each commit short. */
const MAX_BATCH = 200;
/** Batches at once; arrivals meanwhile go together in the next (they leave pool room for reads). */
const MAX_IN_FLIGHT = 4;

async function storeBatch(deps: Deps, items: KeySend[]): Promise<string[]> {
  return deps.db.transaction().execute(async (trx) => {
    // A multi-row INSERT … RETURNING answers in the order of its VALUES (PostgreSQL inserts them
    // in order; Django's bulk_create relies on the same), so ids map back to items by index.
    const inserted = await trx
      .insertInto('messages')
      .values(
        items.map(({ accountId, chatId, channelId, apiKeyId, m, now }) => ({
          account_id: accountId,
          chat_id: chatId,
          channel_id: channelId,
          generated_id: m.generatedId,
          msg_type: m.msgType,
          text: m.text,
          payload: JSON.stringify(m.payload),
          attachment_name: m.attachmentName,
          media_id: m.mediaId,
          status: 'queue' as const,
          from_me: true,
          sender_id: null,
          api_key_id: apiKeyId,
          reply_to_provider_id: m.replyTo
            ? sql<
                string | null
              >`(SELECT provider_message_id FROM messages WHERE id = ${m.replyTo}::bigint AND chat_id = ${chatId})`
            : null,
          sent_at: now,
        })),
      )
      .returning(sql<string>`id::text`.as('id'))
      .execute();
    if (inserted.length !== items.length) throw new Error('batched send: row count mismatch');
    await updateChats(trx, items);
    await markTicketsAnswered(trx, items);
    // One send job for the batch: the drain claims, paces and marks its messages together.
    await deps.jobs.enqueue(
      'message.send',
      inserted.length === 1
        ? { messageId: inserted[0]!.id, attempt: 0 }
        : { messageIds: inserted.map((r) => r.id), attempt: 0 },
      {},
      trx,
    );
    return inserted.map((r) => r.id);
  });
}

/** Each chat's preview becomes its last message of the batch; a red flag turns green (spec §4). */
async function updateChats(trx: Db, items: KeySend[]): Promise<void> {
  const last = new Map<string, KeySend>();
  for (const item of items) last.set(item.chatId, item);
  const rows = [...last.values()].sort((a, b) => a.chatId.localeCompare(b.chatId));
  // In id order, so two batches touching the same chats lock them in the same order.
  await sql`
    UPDATE chats AS c SET
      last_message_text = v.text, last_message_type = v.type, last_message_from_me = true,
      last_update = v.at, updated_at = v.at,
      flag = CASE WHEN c.flag = 'red' THEN 'green' ELSE c.flag END
    FROM unnest(${rows.map((r) => r.chatId)}::uuid[], ${rows.map((r) => r.accountId)}::uuid[],
      ${rows.map((r) => previewOf(r.m.msgType, r.m.text, r.m.attachmentName))}::text[],
      ${rows.map((r) => r.m.msgType)}::text[], ${rows.map((r) => r.now)}::timestamptz[])
      AS v(id, account_id, text, type, at)
    WHERE c.id = v.id AND c.account_id = v.account_id`.execute(trx);
}

/** As markTicketAnswered per send: an open, unanswered ticket is answered (a key is no agent). */
async function markTicketsAnswered(trx: Db, items: KeySend[]): Promise<void> {
  const first = new Map<string, KeySend>();
  for (const item of items) if (!first.has(item.chatId)) first.set(item.chatId, item);
  const rows = [...first.values()];
  await sql`
    UPDATE tickets AS t SET answer_at = v.at
    FROM unnest(${rows.map((r) => r.chatId)}::uuid[], ${rows.map((r) => r.accountId)}::uuid[],
      ${rows.map((r) => r.now)}::timestamptz[]) AS v(chat_id, account_id, at)
    WHERE t.account_id = v.account_id AND t.chat_id = v.chat_id
      AND t.close_at IS NULL AND t.answer_at IS NULL`.execute(trx);
}

/**
 * Stores the batch; if it fails as a whole (one send's generatedId raced a retry of itself, a
 * chat deleted meanwhile), each send is stored on its own, so one bad send fails only itself.
 */
async function storeEach(deps: Deps, items: KeySend[]): Promise<(string | Error)[]> {
  try {
    return await storeBatch(deps, items);
  } catch (err) {
    if (items.length === 1) return [err instanceof Error ? err : new Error(String(err))];
    const out: (string | Error)[] = [];
    for (const item of items)
      out.push(
        await storeBatch(deps, [item]).then(
          (ids) => ids[0]!,
          (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
        ),
      );
    return out;
  }
}

/** What a stored send's answer and announcement need, read once per account for the batch. */
export interface StoredKeySend {
  /** Missing when deleted between the commit and the read: answered as a single send's 404. */
  row: MessageRow | undefined;
  chat: ChatRow | undefined;
}

async function storeAndRead(deps: Deps, items: KeySend[]): Promise<(StoredKeySend | Error)[]> {
  const ids = await storeEach(deps, items);
  const byAccount = new Map<string, { messages: string[]; chats: Set<string> }>();
  ids.forEach((id, i) => {
    if (id instanceof Error) return;
    const item = items[i]!;
    const group = byAccount.get(item.accountId) ?? { messages: [], chats: new Set<string>() };
    group.messages.push(id);
    group.chats.add(item.chatId);
    byAccount.set(item.accountId, group);
  });
  const rows = new Map<string, MessageRow>();
  const chats = new Map<string, ChatRow>();
  await Promise.all(
    [...byAccount].map(async ([accountId, group]) => {
      const [m, c] = await Promise.all([
        loadMessageRows(deps.db, accountId, group.messages),
        loadChatRows(deps.db, accountId, [...group.chats]),
      ]);
      for (const r of m) rows.set(String(r.id), r);
      for (const r of c) chats.set(r.id, r);
    }),
  );
  return ids.map((id, i) => {
    if (id instanceof Error) return id;
    return { row: rows.get(id), chat: chats.get(items[i]!.chatId) };
  });
}

let nextItem = 0;

type KeyBatcher = TurnBatcher<KeySend & { seq: number }, StoredKeySend | Error>;
// One batcher per database (tests run several apps in one process).
const batchers = new WeakMap<Db, KeyBatcher>();

function batcherFor(deps: Deps): KeyBatcher {
  let batcher = batchers.get(deps.db);
  if (!batcher) {
    batcher = new TurnBatcher<KeySend & { seq: number }, StoredKeySend | Error>(
      MAX_BATCH,
      (items) => storeAndRead(deps, items),
      // Every send is its own message: no two are ever merged.
      (item) => String(item.seq),
      () => false,
      (chosen) => chosen,
      MAX_IN_FLIGHT,
    );
    batchers.set(deps.db, batcher);
  }
  return batcher;
}

/** Stores one key send as `queue` with its send job (batched with its turn); its rows as stored. */
export async function queueKeySend(deps: Deps, send: KeySend): Promise<StoredKeySend> {
  noteAccepted();
  const outcome = await batcherFor(deps).submit({ ...send, seq: nextItem++ });
  if (outcome instanceof Error) throw outcome;
  return outcome;
}
