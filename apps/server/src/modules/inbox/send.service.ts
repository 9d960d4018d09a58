import { sql } from 'kysely';
import { MESSAGES, type Message, type SendMessageBody } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { MessageOrigin } from '../../events/bus.js';
import { badRequest, notFound } from '../../http/errors.js';
import { viewerOf } from '../../realtime/viewer.js';
import type { Principal } from '../auth/principal.js';
import { markTicketAnswered } from '../tickets/repo.js';
import { assertSufficientBalance } from './actions/balance.js';
import { presentMessage } from './presenters.js';
import { loadChatRows, loadMessageRows, previewOf } from './queries.js';
import { chatVisibleTo } from './visibility-filter.js';
import { isWindowOpen } from './window.js';

const KIND_BY_MIME: Record<string, 'image' | 'video'> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'video/mp4': 'video',
  'video/ogg': 'video',
};

/**
 * An agent's outgoing message: checked (visibility, block, channel, 24-hour window), stored as
 * `queue` with its send job in one transaction, then announced. The job does the Graph call.
 * The balance is checked after the chat's own checks: a send refused for the chat costs no
 * balance lookup, and a retried generatedId is answered even if the balance fell since.
 */
export async function sendMessage(
  deps: Deps,
  principal: Principal,
  body: SendMessageBody,
  origin: MessageOrigin = 'socket',
): Promise<Message> {
  const { db, clock } = deps;
  const chat = await db
    .selectFrom('chats as c')
    .innerJoin('channels as ch', 'ch.id', 'c.channel_id')
    .select(['c.id', 'c.initiate_at', 'c.blocked', 'c.channel_id', 'c.channel', 'ch.is_enabled'])
    .where('c.account_id', '=', principal.accountId)
    .where('c.id', '=', body.chatId)
    .where(chatVisibleTo(viewerOf(principal)))
    .executeTakeFirst();
  if (!chat) throw notFound(MESSAGES.noActiveChatroom);
  if (chat.blocked) throw badRequest(MESSAGES.chatBlocked, 'CHAT_BLOCKED');
  if (!chat.is_enabled)
    throw badRequest(
      'This channel is disabled. Enable it in Integration to send messages.',
      'CHANNEL_DISABLED',
    );
  if (!isWindowOpen(chat.initiate_at, clock.now()))
    throw badRequest(MESSAGES.windowClosedCode, 'WINDOW_CLOSED');

  if (body.generatedId) {
    const existing = await db
      .selectFrom('messages')
      .select('id')
      .where('chat_id', '=', chat.id)
      .where('generated_id', '=', body.generatedId)
      .executeTakeFirst();
    if (existing) return present(deps, principal.accountId, String(existing.id));
  }
  await assertSufficientBalance(deps, principal);

  let msgType: Message['msgType'] = 'text';
  let attachmentName: string | null = null;
  let mediaId: string | null = null;
  if (body.attachment) {
    const media = await db
      .selectFrom('media')
      .select(['id', 'mime_type', 'filename'])
      .where('account_id', '=', principal.accountId)
      .where('id', '=', body.attachment.mediaId)
      .executeTakeFirst();
    if (!media)
      throw badRequest('The attachment was not found. Upload it again.', 'MEDIA_NOT_FOUND');
    msgType = KIND_BY_MIME[media.mime_type] ?? 'document';
    attachmentName = media.filename;
    mediaId = media.id;
  }

  const now = clock.now();
  const text = body.text.trim();
  const messageId = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('messages')
      .values({
        account_id: principal.accountId,
        chat_id: chat.id,
        channel_id: chat.channel_id,
        generated_id: body.generatedId ?? null,
        msg_type: msgType,
        text,
        payload: JSON.stringify({}),
        attachment_name: attachmentName,
        media_id: mediaId,
        status: 'queue',
        from_me: true,
        sender_id: principal.userId,
        reply_to_provider_id: body.replyTo
          ? sql<
              string | null
            >`(SELECT provider_message_id FROM messages WHERE id = ${body.replyTo}::bigint AND chat_id = ${chat.id})`
          : null,
        sent_at: now,
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    // Spec §4: an outgoing message turns a red flag green.
    await trx
      .updateTable('chats')
      .set({
        last_message_text: previewOf(msgType, text, attachmentName),
        last_message_type: msgType,
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
    return inserted.id;
  });

  const [rows, chats] = await Promise.all([
    loadMessageRows(db, principal.accountId, [messageId]),
    loadChatRows(db, principal.accountId, [chat.id]),
  ]);
  const row = rows[0];
  const chatRow = chats[0];
  if (!row || !chatRow) throw notFound(MESSAGES.messageNotFound);
  deps.events.publish({ type: 'message.created', chat: chatRow, message: row, origin });
  return presentMessage(row);
}

async function present(deps: Deps, accountId: string, id: string): Promise<Message> {
  const [row] = await loadMessageRows(deps.db, accountId, [id]);
  if (!row) throw notFound(MESSAGES.messageNotFound);
  return presentMessage(row);
}
