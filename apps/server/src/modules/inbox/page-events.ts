import { sql } from 'kysely';
import type { Deps } from '../../deps.js';
import type {
  MessageEvent,
  ReactionEvent,
  ReceiptEvent,
  UnsentEvent,
} from '../../channels/port.js';
import { reactionBody } from '../../channels/parse-helpers.js';
import { loadChatRows, loadMessageRows, previewOf } from '../conversations/index.js';
import { toInboxEvents, type InboundMessage, type StatusUpdate } from './inbound.js';
import { ensureChatFast } from './ingest-fast.repo.js';
import type { IngestChannel } from './ingest.repo.js';

/**
 * The conversation events of Meta's page channels (Messenger, Instagram) that are not a
 * customer's message: echoes of what the business sent or reacted, receipts up to a watermark,
 * unsends.
 * Rare next to customers' messages, so plain statements rather than batches.
 */

/**
 * An echo (`is_echo`): something the business sent reached the customer. Sapa's own sends are
 * stored before they go out and linked to their mid by the send job, so their echo (Sapa's app
 * id) adds nothing; anything else (a reply typed in Meta's inbox, another tool) is an outgoing
 * message, stored once by its mid and announced like an agent's. 'own' and 'duplicate' store
 * nothing.
 */
export async function ingestEcho(
  deps: Deps,
  ch: IngestChannel,
  e: MessageEvent,
): Promise<{ outcome: 'stored' | 'duplicate' | 'own'; media: boolean; messageId?: string }> {
  if (deps.config.metaAppId && e.appId === deps.config.metaAppId)
    return { outcome: 'own', media: false };
  // The customer's chat may not exist yet (the business wrote first from Meta's app).
  await ensureChatFast(deps.pool, ch, e.customer, null);
  // Same conversion as a customer's message, for the file kept in payload.media.
  const [asInbox] = toInboxEvents([{ ...e, direction: 'incoming' }]).inbox as InboundMessage[];
  const media = asInbox?.media ?? null;
  const payload = {
    ...e.payload,
    echo: { appId: e.appId },
    ...(media ? { media: { ...media, stored: false } } : {}),
  };
  const stored = await deps.db.transaction().execute(async (trx) => {
    const chat = await trx
      .selectFrom('chats')
      .select(['id', 'account_id'])
      .where('channel_id', '=', ch.id)
      .where('identifier', '=', e.customer.identifier)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!chat) return null;
    const inserted = await trx
      .insertInto('messages')
      .values({
        account_id: chat.account_id,
        chat_id: chat.id,
        channel_id: ch.id,
        provider_message_id: e.providerMessageId,
        msg_type: e.msgType,
        text: e.text,
        payload: JSON.stringify(payload),
        attachment_name: e.attachmentName,
        status: 'sent',
        from_me: true,
        reply_to_provider_id: e.replyToProviderId,
        sent_at: e.timestamp,
        media_pending: Boolean(media),
      })
      .onConflict((oc) => oc.columns(['channel_id', 'provider_message_id']).doNothing())
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirst();
    if (!inserted) return null;
    await trx
      .updateTable('chats')
      .set({
        last_message_text: previewOf(e.msgType, e.text, e.attachmentName),
        last_message_type: e.msgType,
        last_message_from_me: true,
        last_update: sql`GREATEST(last_update, ${e.timestamp})`,
        updated_at: deps.clock.now(),
      })
      .where('id', '=', chat.id)
      .execute();
    return { messageId: inserted.id, chatId: chat.id, accountId: chat.account_id };
  });
  if (!stored) return { outcome: 'duplicate', media: false };
  const [rows, chats] = await Promise.all([
    loadMessageRows(deps.db, stored.accountId, [stored.messageId]),
    loadChatRows(deps.db, stored.accountId, [stored.chatId]),
  ]);
  if (rows[0] && chats[0])
    deps.events.publish({ type: 'message.created', chat: chats[0], message: rows[0] });
  return { outcome: 'stored', media: Boolean(media), messageId: stored.messageId };
}

/**
 * A business's reaction, echoed (`reaction.is_echo`): one a person put in Meta's own apps is
 * kept like a customer's, as an information line naming the emoji and the reacted message, but
 * outgoing, so the thread shows it on that message from the business's side. Sapa sends no
 * reactions, so one with Sapa's app id adds nothing. Meta gives a reaction no id: the target
 * and the time make one, so a redelivery is a duplicate. It is not a turn of the conversation:
 * the chat's preview and order stay as they are.
 */
export async function ingestReactionEcho(
  deps: Deps,
  ch: IngestChannel,
  e: ReactionEvent,
): Promise<'stored' | 'duplicate' | 'own'> {
  if (deps.config.metaAppId && e.appId === deps.config.metaAppId) return 'own';
  const chat = await deps.db
    .selectFrom('chats')
    .select(['id', 'account_id'])
    .where('channel_id', '=', ch.id)
    .where('account_id', '=', ch.account_id)
    .where('identifier', '=', e.customer.identifier)
    .executeTakeFirst();
  // No conversation, no message of it to react to.
  if (!chat) return 'duplicate';
  const body = reactionBody(e.action === 'react' ? (e.emoji ?? '') : '', e.targetProviderMessageId);
  const inserted = await deps.db
    .insertInto('messages')
    .values({
      account_id: chat.account_id,
      chat_id: chat.id,
      channel_id: ch.id,
      provider_message_id: `reaction:${e.targetProviderMessageId}:page:${e.timestamp.getTime()}`,
      msg_type: body.msgType,
      text: body.text,
      payload: JSON.stringify({ ...body.payload, echo: { appId: e.appId } }),
      status: 'sent',
      from_me: true,
      sent_at: e.timestamp,
    })
    .onConflict((oc) => oc.columns(['channel_id', 'provider_message_id']).doNothing())
    .returning(sql<string>`id::text`.as('id'))
    .executeTakeFirst();
  if (!inserted) return 'duplicate';
  const [rows, chats] = await Promise.all([
    loadMessageRows(deps.db, chat.account_id, [inserted.id]),
    loadChatRows(deps.db, chat.account_id, [chat.id]),
  ]);
  if (rows[0] && chats[0])
    deps.events.publish({ type: 'message.created', chat: chats[0], message: rows[0] });
  return 'stored';
}

/** Outgoing messages one receipt covers, newest first; an old conversation's are already read. */
const RECEIPT_SCAN = 500;

/**
 * A conversation receipt (Messenger `read`/`delivery` with a watermark, Instagram `read` of a
 * mid): the provider ids of Sapa's outgoing messages it moves forward, to go through the status
 * path (forward only, sockets told) one by one like WhatsApp's statuses.
 */
export async function receiptStatuses(
  deps: Deps,
  ch: IngestChannel,
  e: ReceiptEvent,
): Promise<StatusUpdate[]> {
  const ids = new Set(e.providerMessageIds);
  if (e.watermark) {
    const behind = await deps.db
      .selectFrom('messages as m')
      .innerJoin('chats as c', 'c.id', 'm.chat_id')
      .select('m.provider_message_id')
      .where('c.channel_id', '=', ch.id)
      .where('c.identifier', '=', e.customer.identifier)
      .where('m.account_id', '=', ch.account_id)
      .where('m.from_me', '=', true)
      .where('m.provider_message_id', 'is not', null)
      .where('m.sent_at', '<=', e.watermark)
      .where('m.status', 'in', ['sent', 'delivered'])
      .orderBy('m.id', 'desc')
      .limit(RECEIPT_SCAN)
      .execute();
    for (const row of behind) if (row.provider_message_id) ids.add(row.provider_message_id);
  }
  return [...ids].map((providerMessageId) => ({
    kind: 'status',
    channelExternalId: e.channelExternalId,
    providerMessageId,
    status: e.receipt,
    timestamp: e.timestamp,
    recipient: e.customer.identifier,
    error: null,
    windowClosed: false,
    callbackData: null,
  }));
}

/**
 * The customer took a message back (Instagram `is_deleted`): its words and file go from the
 * inbox; the row stays, marked `payload.unsent`, so the thread shows that something was
 * withdrawn. Every part of a message with several attachments (`mid#2`, …) goes with it.
 */
export async function ingestUnsent(deps: Deps, ch: IngestChannel, e: UnsentEvent): Promise<void> {
  const unsent = JSON.stringify({ unsent: { at: e.timestamp.toISOString() } });
  const rows = await deps.db
    .updateTable('messages')
    .set({
      text: '',
      attachment_name: null,
      media_id: null,
      media_pending: false,
      payload: sql`(payload - 'media') || ${unsent}::jsonb`,
    })
    .where('channel_id', '=', ch.id)
    .where('account_id', '=', ch.account_id)
    .where('from_me', '=', false)
    .where((eb) =>
      eb.or([
        eb('provider_message_id', '=', e.providerMessageId),
        eb('provider_message_id', 'like', `${e.providerMessageId.replace(/[\\%_]/g, '\\$&')}#%`),
      ]),
    )
    .returning([sql<string>`id::text`.as('id'), 'chat_id'])
    .execute();
  if (rows.length === 0) return;
  const [messages, chats] = await Promise.all([
    loadMessageRows(
      deps.db,
      ch.account_id,
      rows.map((r) => r.id),
    ),
    loadChatRows(deps.db, ch.account_id, [...new Set(rows.map((r) => r.chat_id))]),
  ]);
  for (const message of messages) {
    const chat = chats.find((c) => c.id === message.chat_id);
    if (chat) deps.events.publish({ type: 'message.updated', chat, message });
  }
}
