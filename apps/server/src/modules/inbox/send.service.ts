import { MESSAGES, type Message, type SendMessageBody } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { MessageOrigin } from '../../events/bus.js';
import { badRequest } from '../../http/errors.js';
import type { Principal } from '../auth/principal.js';
import { assertMaySend } from '../billing/pricing/index.js';
import { alreadySent, queueAgentMessage, sendableChat } from './outgoing.js';
import { mayReply } from '../conversations/index.js';

const KIND_BY_MIME: Record<string, 'image' | 'video'> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'video/mp4': 'video',
  'video/ogg': 'video',
};

/**
 * An agent's outgoing message: checked (visibility, block, channel, 24-hour window), stored as
 * `queue` with its send job in one transaction, then announced. The job does the Graph call.
 * May-send (balance, plan, suspension) is checked after the chat's own checks: a send refused for
 * the chat costs no lookup, and a retried generatedId is answered even if the balance fell since.
 */
export async function sendMessage(
  deps: Deps,
  principal: Principal,
  body: SendMessageBody,
  origin: MessageOrigin = 'socket',
): Promise<Message> {
  const { db, clock } = deps;
  const chat = await sendableChat(deps, principal, body.chatId);
  if (!mayReply(deps.channels, chat, clock.now(), 'human'))
    throw badRequest(MESSAGES.windowClosedCode, 'WINDOW_CLOSED');
  const retried = await alreadySent(deps, principal.accountId, chat.id, body.generatedId);
  if (retried) return retried;
  await assertMaySend(deps, principal, origin === 'rest' ? 'api' : 'agent_reply');

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

  return queueAgentMessage(
    deps,
    principal,
    chat,
    {
      generatedId: body.generatedId ?? null,
      msgType,
      text: body.text.trim(),
      payload: {},
      attachmentName,
      mediaId,
      replyTo: body.replyTo ?? null,
    },
    origin,
  );
}
