import type { Chat } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import type { Caller } from '../../auth/principal.js';
import { presentChat } from '../../conversations/index.js';
import { actorOf, changeVisibleChat } from './change.js';
import { chatActionsRepo } from './repo.js';

/**
 * Spec §4/§7 resolve: the flag turns gray, the agent is removed and the open ticket is closed by
 * the caller, all in one transaction. A chat without an open ticket (older than tickets, or
 * already resolved) is still set gray and unassigned; `ticketId` is then null.
 * The body's `agentId` is not trusted: the resolver is always the signed-in caller.
 */
export async function resolveTicket(
  deps: Deps,
  principal: Caller,
  chatId: string,
): Promise<{ chat: Chat }> {
  const { after } = await changeVisibleChat(
    deps,
    principal,
    chatId,
    async (trx, chat, now) => {
      await chatActionsRepo.updateChat(
        trx,
        principal.accountId,
        chat.id,
        { flag: 'gray', agent_id: null },
        now,
      );
      return chatActionsRepo.closeOpenTicket(
        trx,
        principal.accountId,
        chat.id,
        principal.userId,
        now,
      );
    },
    ({ before, after, result }) => [
      { type: 'chat.resolved', chat: after, before, ticketId: result, by: actorOf(principal) },
    ],
  );
  return { chat: presentChat(after) };
}
