import { sql } from 'kysely';
import { MESSAGES, chatRefSchema, CLIENT_EVENTS, type Message } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { isAllowed } from '../../policies.js';
import type { Realtime } from '../../realtime/server.js';
import { viewerOf } from '../../realtime/viewer.js';
import type { Principal } from '../auth/principal.js';
import { presentMessage, loadChatRows, chatVisibleTo, mayReply } from '../conversations/index.js';
import { sendAutoMessage } from './auto-message.js';
import { loadRoutingSettings } from './settings.js';

export const WELCOME_NOT_SET = 'Set a welcome message in Settings first';

/**
 * `send.welcome.message`: an agent sends the account's welcome message to a chat they can see,
 * as the system. Still once per conversation window: asking again answers `sent: false`.
 */
export async function sendWelcomeMessage(
  deps: Deps,
  principal: Principal,
  chatId: string,
): Promise<{ sent: boolean; message: Message | null }> {
  const visible = await deps.db
    .selectFrom('chats as c')
    .select('c.id')
    .where('c.account_id', '=', principal.accountId)
    .where('c.id', '=', chatId)
    .where(chatVisibleTo(viewerOf(principal)))
    .executeTakeFirst();
  if (!visible) throw notFound(MESSAGES.noActiveChatroom);
  const [chat] = await loadChatRows(deps.db, principal.accountId, [chatId]);
  if (!chat) throw notFound(MESSAGES.noActiveChatroom);
  if (chat.blocked) throw badRequest(MESSAGES.chatBlocked, 'CHAT_BLOCKED');
  if (!mayReply(deps.channels, chat, deps.clock.now(), 'automatic'))
    throw badRequest(MESSAGES.windowClosedCode, 'WINDOW_CLOSED');
  const { welcomeMessage } = await loadRoutingSettings(deps.db, principal.accountId);
  if (!welcomeMessage) throw badRequest(WELCOME_NOT_SET, 'WELCOME_NOT_SET');

  // The window the customer's messages opened; a chat routing never saw opens one now.
  const opened = await sql<{ window_start: Date }>`
    INSERT INTO chat_windows (chat_id, window_start) VALUES (${chat.id}, ${chat.initiate_at})
    ON CONFLICT (chat_id) DO UPDATE SET window_start = chat_windows.window_start
    RETURNING window_start`.execute(deps.db);
  const start = opened.rows[0]?.window_start ?? chat.initiate_at ?? deps.clock.now();
  const sent = await sendAutoMessage(deps, chat, 'welcome', new Date(start), welcomeMessage);
  if (!sent) return { sent: false, message: null };
  deps.events.publish({ type: 'welcome.message.out', ...sent });
  return { sent: true, message: presentMessage(sent.message) };
}

export function registerRoutingSocketHandlers(deps: Deps, realtime: Realtime): void {
  realtime.on(CLIENT_EVENTS.sendWelcomeMessage, async (principal, payload) => {
    if (!isAllowed('chats.read', principal)) throw forbidden(MESSAGES.forbidden, 'FORBIDDEN');
    const parsed = chatRefSchema.safeParse(payload);
    if (!parsed.success)
      throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid payload', 'VALIDATION');
    return sendWelcomeMessage(deps, principal, parsed.data.chatId);
  });
}
