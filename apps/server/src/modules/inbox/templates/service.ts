import { sql } from 'kysely';
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
import type { Principal } from '../../auth/principal.js';
import { markTicketAnswered } from '../../tickets/repo.js';
import { assertSufficientBalance } from '../actions/balance.js';
import { presentMessage } from '../presenters.js';
import { loadChatRows, loadMessageRows, previewOf } from '../queries.js';
import { chatVisibleTo } from '../visibility-filter.js';
import { presentTemplate } from '../../templates/presenter.js';
import { inboxTemplatesRepo } from './repo.js';

/** The chat as the caller may see it (same rule as `GET /api/chats/:id`), else 404. */
async function visibleChat(deps: Deps, principal: Principal, chatId: string) {
  const chat = await deps.db
    .selectFrom('chats as c')
    .innerJoin('channels as ch', 'ch.id', 'c.channel_id')
    .select(['c.id', 'c.blocked', 'c.channel_id', 'ch.is_enabled'])
    .where('c.account_id', '=', principal.accountId)
    .where('c.id', '=', chatId)
    .where(chatVisibleTo(viewerOf(principal)))
    .executeTakeFirst();
  if (!chat) throw notFound(MESSAGES.noActiveChatroom);
  return chat;
}

/** `GET /api/chats/:id/templates`: what the agent may send in this chat. */
export async function listChatTemplates(
  deps: Deps,
  principal: Principal,
  chatId: string,
): Promise<ChatTemplateList> {
  const chat = await visibleChat(deps, principal, chatId);
  const rows = await inboxTemplatesRepo.listAccepted(deps.db, principal.accountId, chat.channel_id);
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
  principal: Principal,
  body: SendTemplateBody,
  origin: MessageOrigin = 'socket',
): Promise<Message> {
  const { db, clock } = deps;
  const chat = await visibleChat(deps, principal, body.chatId);
  if (chat.blocked) throw badRequest(MESSAGES.chatBlocked, 'CHAT_BLOCKED');
  if (!chat.is_enabled)
    throw badRequest(
      'This channel is disabled. Enable it in Integration to send messages.',
      'CHANNEL_DISABLED',
    );

  if (body.generatedId) {
    const existing = await db
      .selectFrom('messages')
      .select('id')
      .where('chat_id', '=', chat.id)
      .where('generated_id', '=', body.generatedId)
      .executeTakeFirst();
    if (existing) return present(deps, principal.accountId, String(existing.id));
  }

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
  await assertSufficientBalance(deps, principal);

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
  const text = filledBody(template, params);
  const now = clock.now();

  const messageId = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('messages')
      .values({
        account_id: principal.accountId,
        chat_id: chat.id,
        channel_id: chat.channel_id,
        generated_id: body.generatedId ?? null,
        msg_type: 'text',
        text,
        payload: JSON.stringify({ template: sent }),
        status: 'queue',
        from_me: true,
        sender_id: principal.userId,
        sent_at: now,
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    // Spec §4: an outgoing message turns a red flag green, a template like any other.
    await trx
      .updateTable('chats')
      .set({
        last_message_text: previewOf('text', text, null),
        last_message_type: 'text',
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
  const stored = rows[0];
  const chatRow = chats[0];
  if (!stored || !chatRow) throw notFound(MESSAGES.messageNotFound);
  deps.events.publish({ type: 'message.created', chat: chatRow, message: stored, origin });
  return presentMessage(stored);
}

async function present(deps: Deps, accountId: string, id: string): Promise<Message> {
  const [row] = await loadMessageRows(deps.db, accountId, [id]);
  if (!row) throw notFound(MESSAGES.messageNotFound);
  return presentMessage(row);
}
