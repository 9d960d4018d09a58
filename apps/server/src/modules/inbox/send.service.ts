import {
  MESSAGES,
  WINDOW_REFUSAL_MESSAGES,
  type Message,
  type SendMessageBody,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { MessageOrigin } from '../../events/bus.js';
import { badRequest } from '../../http/errors.js';
import type { Caller } from '../auth/principal.js';
import { assertMaySend } from '../billing/pricing/index.js';
import { alreadySent, queueAgentMessage, sendableChat } from './outgoing.js';
import { replyRefusal } from '../conversations/index.js';

const KIND_BY_MIME: Record<string, 'image' | 'video'> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'video/mp4': 'video',
  'video/ogg': 'video',
};

/**
 * An agent's outgoing message: checked (visibility, block, channel, the channel's reply window:
 * WhatsApp's 24 hours, Meta's 24 hours then 7 days of HUMAN_AGENT replies), stored as
 * `queue` with its send job in one transaction, then announced. The job does the Graph call.
 * May-send (balance, plan, suspension) is checked after the chat's own checks: a send refused for
 * the chat costs no lookup, and a retried generatedId is answered even if the balance fell since.
 */
export async function sendMessage(
  deps: Deps,
  principal: Caller,
  body: SendMessageBody,
  origin: MessageOrigin = 'socket',
): Promise<Message> {
  const { db, clock } = deps;
  const chat = await sendableChat(deps, principal, body.chatId);
  const refusal = replyRefusal(deps.channels, chat, clock.now(), 'human');
  // WhatsApp's refusal keeps the words clients have always matched; Meta's page channels say why.
  if (refusal === 'templates_only') throw badRequest(MESSAGES.windowClosedCode, 'WINDOW_CLOSED');
  if (refusal) throw badRequest(WINDOW_REFUSAL_MESSAGES[refusal], 'WINDOW_CLOSED');
  const retried = await alreadySent(deps, principal.accountId, chat.id, body.generatedId);
  if (retried) return retried;
  await assertMaySend(deps, principal, origin === 'rest' ? 'api' : 'agent_reply');

  let msgType: Message['msgType'] = 'text';
  let attachmentName: string | null = null;
  let mediaId: string | null = null;
  if (body.attachment) {
    const media = await db
      .selectFrom('media')
      .select(['id', 'mime_type', 'filename', 'size_bytes'])
      .where('account_id', '=', principal.accountId)
      .where('id', '=', body.attachment.mediaId)
      .executeTakeFirst();
    if (!media)
      throw badRequest('The attachment was not found. Upload it again.', 'MEDIA_NOT_FOUND');
    msgType = KIND_BY_MIME[media.mime_type] ?? 'document';
    // Each platform's own limits (capabilities.media), said before anything is queued.
    const limit = deps.channels.portOfChannel(chat.channel)?.capabilities.media.kinds[
      msgType === 'document' ? 'document' : msgType
    ];
    if (
      limit === null ||
      (limit &&
        (Number(media.size_bytes) > limit.maxBytes ||
          (limit.mimeTypes !== null && !limit.mimeTypes.includes(media.mime_type))))
    )
      throw badRequest(MESSAGES.attachmentNotAllowed, 'ATTACHMENT_NOT_ALLOWED');
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
