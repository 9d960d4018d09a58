import {
  MESSAGES,
  TEMPLATE_SEND_MESSAGES,
  filledBody,
  filledHeader,
  templateSendIssues,
  type ChatTemplateList,
  type Message,
  type SendTemplateBody,
  type SentTemplatePayload,
} from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import type { MessageOrigin } from '../../../events/bus.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { viewerOf } from '../../../realtime/viewer.js';
import type { Caller } from '../../auth/principal.js';
import { assertMaySend } from '../../billing/pricing/index.js';
import { alreadySent, queueAgentMessage, sendableChat } from '../outgoing.js';
import { chatVisibleTo } from '../../conversations/index.js';
import { presentTemplate } from '../../templates/index.js';
import { inboxTemplatesRepo } from './repo.js';

/** `GET /api/chats/:id/templates`: what the agent may send in this chat. */
export async function listChatTemplates(
  deps: Deps,
  principal: Caller,
  chatId: string,
): Promise<ChatTemplateList> {
  const channelId = await inboxTemplatesRepo.visibleChatChannel(
    deps.db,
    principal.accountId,
    chatId,
    chatVisibleTo(viewerOf(principal)),
  );
  if (!channelId) throw notFound(MESSAGES.noActiveChatroom);
  const rows = await inboxTemplatesRepo.listAccepted(deps.db, principal.accountId, channelId);
  return { data: rows.map(presentTemplate) };
}

/**
 * An approved template sent into a chat. Unlike a free-form message it is not held to the
 * 24-hour window: reopening a conversation after it closed is what templates are for. Stored as
 * a `queue` text message (the filled body, so lists, search and previews read naturally) with
 * the template in its payload; the send job builds Meta's template body from that payload.
 */
export async function sendTemplate(
  deps: Deps,
  principal: Caller,
  body: SendTemplateBody,
  origin: MessageOrigin = 'socket',
): Promise<Message> {
  const { db } = deps;
  const chat = await sendableChat(deps, principal, body.chatId);
  // Message templates are the WhatsApp Cloud API's; Meta's page channels and numbers linked by
  // QR code have none to send.
  if (!deps.channels.portOfChannel(chat.channel)?.capabilities.templates)
    throw badRequest(
      chat.channel === 'whatsapp_basic'
        ? MESSAGES.templatesCloudOnly
        : MESSAGES.templatesWhatsappOnly,
      'TEMPLATES_NOT_SUPPORTED',
    );
  const retried = await alreadySent(deps, principal.accountId, chat.id, body.generatedId);
  if (retried) return retried;

  const row = await inboxTemplatesRepo.findAccepted(
    db,
    principal.accountId,
    chat.channel_id,
    body.templateId,
  );
  if (!row) throw badRequest(TEMPLATE_SEND_MESSAGES.templateNotFound, 'TEMPLATE_NOT_ACCEPTED');
  const template = presentTemplate(row);
  const issues = templateSendIssues(template, body);
  const first = issues[0];
  if (first)
    throw badRequest(
      first.message,
      'VALIDATION',
      issues.map((i) => ({
        path: i.field === 'params' && i.param ? `params.${i.param - 1}` : i.field,
        message: i.message,
      })),
    );
  await assertMaySend(deps, principal, 'template');

  const params = body.params.map((p) => p.trim());
  const headerParam = template.headerParam ? (body.headerParam?.trim() ?? null) : null;
  const sent: SentTemplatePayload = {
    id: template._id,
    name: template.name,
    language: template.language,
    params,
    headerType: template.headerType,
    headerParam,
    headerText: filledHeader(template, headerParam ?? undefined),
    headerMediaUrl:
      template.headerType && template.headerType !== 'text'
        ? (body.headerMediaUrl?.trim() ?? null)
        : null,
    footer: template.footer,
    buttons: template.buttons.map((b) => ({ type: b.type, label: b.label })),
  };
  return queueAgentMessage(
    deps,
    principal,
    chat,
    {
      generatedId: body.generatedId ?? null,
      msgType: 'text',
      text: filledBody(template, params),
      payload: { template: sent },
      attachmentName: null,
      mediaId: null,
      replyTo: null,
    },
    origin,
  );
}
