import { MESSAGES, type Chat, type ChatLabelsBody } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { badRequest } from '../../../http/errors.js';
import type { Caller } from '../../auth/principal.js';
import { presentChat } from '../../conversations/index.js';
import { changeVisibleChat } from './change.js';
import { chatActionsRepo, type ChatPatch } from './repo.js';

/** Archive, unarchive, block, unblock: what each writes and which event announces it. */
const STATE_CHANGES = {
  archive: { patch: { is_archive: true }, event: 'chat.archived' },
  unarchive: { patch: { is_archive: false }, event: 'chat.unarchived' },
  block: { patch: { blocked: true }, event: 'chat.blocked' },
  // The spec has no `chat.unblocked`; the plain `chat` event refreshes the row everywhere.
  unblock: { patch: { blocked: false }, event: 'chat.updated' },
} as const satisfies Record<
  string,
  { patch: ChatPatch; event: 'chat.archived' | 'chat.unarchived' | 'chat.blocked' | 'chat.updated' }
>;

export type ChatStateChange = keyof typeof STATE_CHANGES;

export async function changeChatState(
  deps: Deps,
  principal: Caller,
  chatId: string,
  change: ChatStateChange,
): Promise<{ chat: Chat }> {
  const { patch, event } = STATE_CHANGES[change];
  const { after } = await changeVisibleChat(deps, principal, chatId, (trx, chat, now) =>
    chatActionsRepo.updateChat(trx, principal.accountId, chat.id, patch, now),
  );
  deps.events.publish({ type: event, chat: after });
  return { chat: presentChat(after) };
}

/** Replaces the chat's labels; every id must be a label of the caller's account. */
export async function setChatLabels(
  deps: Deps,
  principal: Caller,
  body: ChatLabelsBody,
): Promise<{ chat: Chat }> {
  const labelIds = [...new Set(body.labelIds.map((id) => id.toLowerCase()))];
  const { after } = await changeVisibleChat(
    deps,
    principal,
    body.chatId,
    async (trx, chat, now) => {
      const known = await chatActionsRepo.countLabels(trx, principal.accountId, labelIds);
      if (known !== labelIds.length)
        throw badRequest(MESSAGES.labelNotFound, 'LABEL_NOT_FOUND', [
          { path: 'labelIds', message: MESSAGES.labelNotFound },
        ]);
      await chatActionsRepo.updateChat(
        trx,
        principal.accountId,
        chat.id,
        { labels: labelIds },
        now,
      );
    },
  );
  deps.events.publish({ type: 'chat.updated', chat: after });
  return { chat: presentChat(after) };
}

export async function setChatFlag(
  deps: Deps,
  principal: Caller,
  body: { chatId: string; flag: Chat['flag'] },
): Promise<{ chat: Chat }> {
  const { after } = await changeVisibleChat(deps, principal, body.chatId, (trx, chat, now) =>
    chatActionsRepo.updateChat(trx, principal.accountId, chat.id, { flag: body.flag }, now),
  );
  deps.events.publish({ type: 'chat.updated', chat: after });
  return { chat: presentChat(after) };
}
