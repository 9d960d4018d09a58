import type { Chat, IsUserInitiateEvent } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Principal } from '../auth/principal.js';
import { presentChat, loadChatRows, composerWindow } from '../conversations/index.js';
import { getVisibleChat } from './read.service.js';

/**
 * `openChat`: the agent looks at a chat. Clears its unread count, tells the other screens, and
 * asks the provider to mark the customer's latest message read (blue ticks on their phone).
 */
export async function openChat(deps: Deps, principal: Principal, chatId: string): Promise<Chat> {
  const chat = await getVisibleChat(deps, principal, chatId);
  const latest = await deps.db
    .selectFrom('messages')
    .select('provider_message_id')
    .where('chat_id', '=', chat.id)
    .where('from_me', '=', false)
    .where('provider_message_id', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const hadUnread = chat.unread_count > 0;
  await deps.db.transaction().execute(async (trx) => {
    if (hadUnread)
      await trx.updateTable('chats').set({ unread_count: 0 }).where('id', '=', chat.id).execute();
    if (hadUnread && latest?.provider_message_id) {
      await deps.jobs.enqueue(
        'message.mark-read',
        { chatId: chat.id, providerMessageId: latest.provider_message_id },
        {},
        trx,
      );
    }
  });
  const [fresh] = await loadChatRows(deps.db, principal.accountId, [chat.id]);
  const row = fresh ?? chat;
  if (hadUnread) deps.events.publish({ type: 'chat.read', chat: row, userId: principal.userId });
  return presentChat(row);
}

/** `getIsUserInitiate`: is the customer's 24-hour window open, and until when. */
export async function isUserInitiate(
  deps: Deps,
  principal: Principal,
  chatId: string,
): Promise<IsUserInitiateEvent> {
  const chat = await getVisibleChat(deps, principal, chatId);
  const window = composerWindow(deps.channels, chat, deps.clock.now());
  return {
    chatId: chat.id,
    value: window.open,
    windowEndsAt: window.windowEndsAt?.toISOString() ?? null,
  };
}
