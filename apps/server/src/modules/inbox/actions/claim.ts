import type { Db } from '../../../db/database.js';
import { lockChat } from '../../conversations/index.js';
import { chatActionsRepo } from './repo.js';

/**
 * Gives a chat nobody has to a user, inside the caller's transaction: false when someone (an
 * agent, a concurrent routing) took it meanwhile, it is blocked, or the user may not take chats.
 * The chat's open ticket follows. The caller announces it after its commit.
 */
export async function claimUnassignedChat(
  trx: Db,
  accountId: string,
  chatId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const locked = await lockChat(trx, accountId, chatId);
  if (!locked || locked.agent_id || locked.blocked) return false;
  if (!(await chatActionsRepo.isAssignableUser(trx, accountId, userId))) return false;
  await chatActionsRepo.updateChat(trx, accountId, chatId, { agent_id: userId }, now);
  await chatActionsRepo.setOpenTicketAgent(trx, accountId, chatId, userId);
  return true;
}
