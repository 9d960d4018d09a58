import { MESSAGES, type AssignChatBody, type Chat } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { AppError, badRequest } from '../../../http/errors.js';
import type { Caller } from '../../auth/principal.js';
import { presentChat } from '../../conversations/index.js';
import { actorOf, changeVisibleChat } from './change.js';
import { chatActionsRepo, type ChatPatch } from './repo.js';

/**
 * Assign, reassign or unassign a chat and/or route it to a division. Anyone who can see the chat
 * may do it; the agent must be an active user of the account, the division one of its own. The
 * open ticket follows the agent. `chat.assigned` reaches the old and the new audience, and the
 * asker's screens get `assign.chat.result` either way.
 */
export async function assignChat(
  deps: Deps,
  principal: Caller,
  body: AssignChatBody,
): Promise<{ chat: Chat }> {
  try {
    const { after } = await changeVisibleChat(
      deps,
      principal,
      body.chatId,
      async (trx, chat, now) => {
        const patch: ChatPatch = {};
        if (body.agentId !== undefined) {
          if (
            body.agentId !== null &&
            !(await chatActionsRepo.isAssignableUser(trx, principal.accountId, body.agentId))
          )
            throw badRequest(MESSAGES.agentNotFound, 'AGENT_NOT_FOUND', [
              { path: 'agentId', message: MESSAGES.agentNotFound },
            ]);
          patch.agent_id = body.agentId;
        }
        if (body.divisionId !== undefined) {
          if (
            body.divisionId !== null &&
            !(await chatActionsRepo.divisionExists(trx, principal.accountId, body.divisionId))
          )
            throw badRequest(MESSAGES.divisionNotFound, 'DIVISION_NOT_FOUND', [
              { path: 'divisionId', message: MESSAGES.divisionNotFound },
            ]);
          patch.division_ids = body.divisionId ? [body.divisionId] : [];
        }
        await chatActionsRepo.updateChat(trx, principal.accountId, chat.id, patch, now);
        if (body.agentId !== undefined)
          await chatActionsRepo.setOpenTicketAgent(trx, principal.accountId, chat.id, body.agentId);
      },
      ({ before, after }) => [
        { type: 'chat.assigned', chat: after, before, by: actorOf(principal) },
      ],
    );
    const chat = presentChat(after);
    // The asker's own screens hear the answer; an API key has none (it reads the response).
    if (principal.userId)
      deps.events.publish({
        type: 'chat.assign.result',
        userId: principal.userId,
        result: { chatId: chat._id, ok: true, chat },
      });
    return { chat };
  } catch (err) {
    // Refusals are the asker's to see on every screen; server faults go to the error handler.
    if (err instanceof AppError && principal.userId)
      deps.events.publish({
        type: 'chat.assign.result',
        userId: principal.userId,
        result: { chatId: body.chatId, ok: false, message: err.message },
      });
    throw err;
  }
}
