import { sql } from 'kysely';
import { MESSAGES, type Message, type MessageType } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import type { ChatAudienceRow, DomainEvent, MessageOrigin } from '../../events/bus.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { viewerOf } from '../../realtime/viewer.js';
import { isKeyCaller, type Caller } from '../auth/principal.js';
import { TurnBatcher } from '../../lib/turn-batcher.js';
import { markTicketAnswered } from '../tickets/index.js';
import { actorOf } from './actions/change.js';
import { chatActionsRepo } from './actions/repo.js';
import { queueKeySend } from './key-send-batch.js';
import {
  presentMessage,
  loadChatRows,
  loadMessageRows,
  previewOf,
  chatVisibleTo,
  lockChat,
  type ChatRow,
  type MessageRow,
} from '../conversations/index.js';

/**
 * What every agent send shares — a free-form message or a template: the chat the caller may
 * send to, the answer to a retried generatedId, and the one transaction that stores the message
 * as `queue` with its send job.
 */

/** What a send needs to know of its chat and channel. */
function sendableChats(db: Db, accountId: string) {
  return db
    .selectFrom('chats as c')
    .innerJoin('channels as ch', 'ch.id', 'c.channel_id')
    .select([
      'c.id',
      'c.initiate_at',
      'c.blocked',
      'c.channel_id',
      'c.channel',
      'ch.is_enabled',
      'ch.human_agent_replies',
    ])
    .select((eb) =>
      eb
        .or([eb('ch.disconnected_at', 'is not', null), eb('ch.deleted_at', 'is not', null)])
        .as('off'),
    )
    .where('c.account_id', '=', accountId);
}

type SendableChat = NonNullable<
  Awaited<ReturnType<ReturnType<typeof sendableChats>['executeTakeFirst']>>
>;

/**
 * An API key sees every chat of its account, so the chats its sends of one event-loop turn name
 * are read together: one statement per account instead of one per send (issue 19's 1,000 a
 * second). A chat named twice in the turn is read once.
 */
const keyChatBatchers = new WeakMap<
  Db,
  TurnBatcher<{ accountId: string; chatId: string }, SendableChat | null>
>();

function keyChatsOf(db: Db) {
  let batcher = keyChatBatchers.get(db);
  if (!batcher) {
    batcher = new TurnBatcher<{ accountId: string; chatId: string }, SendableChat | null>(
      500,
      async (items) => {
        const byAccount = new Map<string, string[]>();
        for (const i of items)
          byAccount.set(i.accountId, [...(byAccount.get(i.accountId) ?? []), i.chatId]);
        const found = new Map<string, SendableChat>();
        await Promise.all(
          [...byAccount].map(async ([accountId, chatIds]) => {
            const rows = await sendableChats(db, accountId).where('c.id', 'in', chatIds).execute();
            for (const row of rows) found.set(`${accountId}:${row.id}`, row);
          }),
        );
        return items.map((i) => found.get(`${i.accountId}:${i.chatId}`) ?? null);
      },
      (i) => `${i.accountId}:${i.chatId}`,
      () => false,
      (chosen) => chosen,
      4,
    );
    keyChatBatchers.set(db, batcher);
  }
  return batcher;
}

/** The chat, if the caller may see it and it can take a message; else the spec's error. */
export async function sendableChat(deps: Deps, principal: Caller, chatId: string) {
  const chat = isKeyCaller(principal)
    ? await keyChatsOf(deps.db).submit({ accountId: principal.accountId, chatId })
    : await sendableChats(deps.db, principal.accountId)
        .where('c.id', '=', chatId)
        .where(chatVisibleTo(viewerOf(principal)))
        .executeTakeFirst();
  if (!chat) throw notFound(MESSAGES.noActiveChatroom);
  if (chat.blocked) throw badRequest(MESSAGES.chatBlocked, 'CHAT_BLOCKED');
  if (chat.off) throw conflict(MESSAGES.channelDisconnected, 'CHANNEL_DISCONNECTED');
  if (!chat.is_enabled)
    throw badRequest(
      'This channel is disabled. Enable it in Integration to send messages.',
      'CHANNEL_DISABLED',
    );
  return chat;
}

/** A message already stored under this generatedId (a client retry), answered as it is. */
export async function alreadySent(
  deps: Deps,
  accountId: string,
  chatId: string,
  generatedId: string | null | undefined,
): Promise<Message | null> {
  if (!generatedId) return null;
  const existing = await deps.db
    .selectFrom('messages')
    .select('id')
    .where('chat_id', '=', chatId)
    .where('generated_id', '=', generatedId)
    .executeTakeFirst();
  return existing ? presentStored(deps, accountId, String(existing.id)) : null;
}

export interface OutgoingMessage {
  generatedId: string | null;
  msgType: MessageType;
  text: string;
  payload: Record<string, unknown>;
  attachmentName: string | null;
  mediaId: string | null;
  /** Our id of the message this one replies to. */
  replyTo: string | null;
}

/**
 * A reply to a chat nobody holds makes the replier its agent, as peers expect: otherwise the
 * ticket (answered by them) and the chat (still "Unassigned") disagree. The chat row is locked
 * first, so a routing run or a manual assignment racing the reply wins or loses whole. The chat
 * as it was (its audience until now), or null when it already had an agent.
 */
async function claimIfUnassigned(
  trx: Db,
  principal: Caller,
  chatId: string,
  now: Date,
): Promise<ChatAudienceRow | null> {
  const { accountId, userId } = principal;
  // An API key is not an agent: its sends leave the chat with whoever holds it (or nobody).
  if (userId === null) return null;
  const locked = await lockChat(trx, accountId, chatId);
  if (!locked || locked.agent_id) return null;
  if (!(await chatActionsRepo.isAssignableUser(trx, accountId, userId))) return null;
  await chatActionsRepo.updateChat(trx, accountId, chatId, { agent_id: userId }, now);
  await chatActionsRepo.setOpenTicketAgent(trx, accountId, chatId, userId);
  return {
    id: chatId,
    account_id: accountId,
    agent_id: null,
    division_ids: locked.division_ids,
    agent_division_ids: [],
  };
}

/**
 * Stores the message as `queue` with its send job, claims an unassigned chat for the sender,
 * turns a red flag green (spec §4) and marks the ticket answered, all in one transaction; then
 * announces the claim as `chat.assigned` (every list and header follows, and agents who lose
 * the chat drop it) and the message as `message.created`. Only agents' sends come here:
 * automatic messages and broadcasts have their own paths and never claim a chat.
 */
export async function queueAgentMessage(
  deps: Deps,
  principal: Caller,
  chat: { id: string; channel_id: string },
  m: OutgoingMessage,
  origin: MessageOrigin,
): Promise<Message> {
  const { db } = deps;
  const now = deps.clock.now();
  const apiKeyId = principal.userId === null ? principal.apiKey?.id : undefined;
  let row: MessageRow | undefined;
  let chatRow: ChatRow | undefined;
  let assigned: DomainEvent | null = null;
  if (apiKeyId) {
    // A key claims no chat: its sends are stored and read back together per turn.
    ({ row, chat: chatRow } = await queueKeySend(deps, {
      accountId: principal.accountId,
      chatId: chat.id,
      channelId: chat.channel_id,
      apiKeyId,
      m,
      now,
    }));
  } else {
    const stored = await storeOne(deps, principal, chat, m, now);
    assigned = stored.assigned;
    const [rows, chats] = await Promise.all([
      loadMessageRows(db, principal.accountId, [stored.messageId]),
      loadChatRows(db, principal.accountId, [chat.id]),
    ]);
    row = rows[0];
    chatRow = chats[0];
  }
  if (!row || !chatRow) throw notFound(MESSAGES.messageNotFound);
  if (assigned) deps.events.publish(assigned);
  deps.events.publish({ type: 'message.created', chat: chatRow, message: row, origin });
  return presentMessage(row);
}

/** A person's send: its own transaction, which may claim the chat for them. */
async function storeOne(
  deps: Deps,
  principal: Caller,
  chat: { id: string; channel_id: string },
  m: OutgoingMessage,
  now: Date,
): Promise<{ messageId: string; assigned: DomainEvent | null }> {
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await claimIfUnassigned(trx, principal, chat.id, now);
    const inserted = await trx
      .insertInto('messages')
      .values({
        account_id: principal.accountId,
        chat_id: chat.id,
        channel_id: chat.channel_id,
        generated_id: m.generatedId,
        msg_type: m.msgType,
        text: m.text,
        payload: JSON.stringify(m.payload),
        attachment_name: m.attachmentName,
        media_id: m.mediaId,
        status: 'queue',
        from_me: true,
        sender_id: principal.userId,
        api_key_id: principal.apiKey?.id ?? null,
        reply_to_provider_id: m.replyTo
          ? sql<
              string | null
            >`(SELECT provider_message_id FROM messages WHERE id = ${m.replyTo}::bigint AND chat_id = ${chat.id})`
          : null,
        sent_at: now,
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('chats')
      .set({
        last_message_text: previewOf(m.msgType, m.text, m.attachmentName),
        last_message_type: m.msgType,
        last_message_from_me: true,
        last_update: now,
        flag: sql`CASE WHEN flag = 'red' THEN 'green' ELSE flag END`,
        updated_at: now,
      })
      .where('id', '=', chat.id)
      .execute();
    await markTicketAnswered(trx, {
      accountId: principal.accountId,
      chatId: chat.id,
      agentId: principal.userId,
      at: now,
    });
    await deps.jobs.enqueue('message.send', { messageId: inserted.id, attempt: 0 }, {}, trx);
    // A claim's `chat.assigned` is recorded with it (the outbound webhooks' outbox).
    const [claimedRow] = claimed ? await loadChatRows(trx, principal.accountId, [chat.id]) : [];
    const assigned: DomainEvent | null =
      claimed && claimedRow
        ? { type: 'chat.assigned', chat: claimedRow, before: claimed, by: actorOf(principal) }
        : null;
    if (assigned) await deps.events.record(trx, assigned);
    return { messageId: inserted.id, assigned };
  });
}

async function presentStored(deps: Deps, accountId: string, id: string): Promise<Message> {
  const [row] = await loadMessageRows(deps.db, accountId, [id]);
  if (!row) throw notFound(MESSAGES.messageNotFound);
  return presentMessage(row);
}
