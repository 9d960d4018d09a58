import { sql } from 'kysely';
import type { Deps } from '../../deps.js';
import type { AutoMessageKind } from '../../db/schema-routing.js';
import {
  loadChatRows,
  loadMessageRows,
  previewOf,
  type ChatRow,
  type MessageRow,
  mayReply,
} from '../conversations/index.js';
import { maySend } from '../billing/pricing/index.js';

/**
 * Sends an automatic message as the system (`is_system`, no sender): stored as `queue` with its
 * send job in one transaction, like an agent's message, and announced as `message.out`. At most
 * one of a kind per chat per conversation window: the record's primary key decides, so two
 * processes racing send it once. Null when it was already sent, the 24-hour window is closed or
 * the account may not send (balance below its minimum, plan expired, account suspended).
 */
export async function sendAutoMessage(
  deps: Deps,
  chat: ChatRow,
  kind: AutoMessageKind,
  windowStart: Date,
  text: string,
): Promise<{ chat: ChatRow; message: MessageRow } | null> {
  const now = deps.clock.now();
  if (!mayReply(deps.channels, chat, now, 'automatic') || chat.blocked) return null;
  // The same rule as an agent's send. The record is not claimed, so the message goes once the
  // account is topped up (or renewed) within the window.
  const may = await maySend(deps, chat.account_id, 'automatic');
  if (!may.ok) {
    deps.log.info({ chatId: chat.id, kind, reason: may.reason }, 'automatic message held');
    return null;
  }
  const messageId = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('chat_auto_messages')
      .values({ chat_id: chat.id, kind, window_start: windowStart, sent_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('chat_id')
      .executeTakeFirst();
    if (!claimed) return null;
    const inserted = await trx
      .insertInto('messages')
      .values({
        account_id: chat.account_id,
        chat_id: chat.id,
        channel_id: chat.channel_id,
        msg_type: 'text',
        text,
        payload: JSON.stringify({}),
        attachment_name: null,
        media_id: null,
        status: 'queue',
        from_me: true,
        is_system: true,
        sender_id: null,
        sent_at: now,
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    // The flag stays as it is: an automatic reply is not an agent's answer, and the ticket stays
    // unanswered for the same reason.
    await trx
      .updateTable('chats')
      .set({
        last_message_text: previewOf('text', text, null),
        last_message_type: 'text',
        last_message_from_me: true,
        last_update: now,
        updated_at: now,
      })
      .where('account_id', '=', chat.account_id)
      .where('id', '=', chat.id)
      .execute();
    await deps.jobs.enqueue('message.send', { messageId: inserted.id, attempt: 0 }, {}, trx);
    return inserted.id;
  });
  if (!messageId) return null;
  const [rows, chats] = await Promise.all([
    loadMessageRows(deps.db, chat.account_id, [messageId]),
    loadChatRows(deps.db, chat.account_id, [chat.id]),
  ]);
  const message = rows[0];
  const after = chats[0];
  if (!message || !after) return null;
  deps.events.publish({ type: 'message.created', chat: after, message });
  return { chat: after, message };
}
