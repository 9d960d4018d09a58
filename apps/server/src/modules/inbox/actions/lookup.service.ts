import type { Chat } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { viewerOf } from '../../../realtime/viewer.js';
import type { Caller } from '../../auth/principal.js';
import { presentChat } from '../../conversations/index.js';
import { getVisibleChat } from '../read.service.js';
import { chatActionsRepo } from './repo.js';

/** `GET /chats/:id`: the chat if the caller may see it, else 404 'No active chatroom'. */
export async function getChat(deps: Deps, principal: Caller, chatId: string): Promise<Chat> {
  return presentChat(await getVisibleChat(deps, principal, chatId));
}

/** `GET /chats/active`: chats still being worked on (not archived, blocked or resolved). */
export async function countActiveChats(deps: Deps, principal: Caller): Promise<{ total: number }> {
  return { total: await chatActionsRepo.countActive(deps.db, viewerOf(principal)) };
}

/** `GET /chats/unread`: chats with unread messages, one per chat whatever their count. */
export async function countUnreadChats(deps: Deps, principal: Caller): Promise<{ total: number }> {
  return { total: await chatActionsRepo.countUnread(deps.db, viewerOf(principal)) };
}
