import { MESSAGES } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import type { Db } from '../../../db/database.js';
import type { Actor, DomainEvent } from '../../../events/bus.js';
import { notFound } from '../../../http/errors.js';
import { viewerOf } from '../../../realtime/viewer.js';
import { isKeyCaller, type Caller } from '../../auth/principal.js';
import type { ChatRow } from '../../conversations/index.js';
import { chatActionsRepo } from './repo.js';

export interface ChatChange<T> {
  /** The chat as it was when locked: who could see it until now. */
  before: ChatRow;
  /** The chat after the commit, as events and answers show it. */
  after: ChatRow;
  result: T;
}

/**
 * Every chat action runs here: the chat is locked only if the caller may see it (else 404, also
 * for other accounts' chats), the change is applied in the same transaction, and the chat is
 * reloaded under the lock so events carry what is stored. `announce`'s events are recorded in
 * the transaction (the outbound webhooks' outbox) and published after the commit.
 */
export async function changeVisibleChat<T>(
  deps: Deps,
  principal: Caller,
  chatId: string,
  apply: (trx: Db, chat: ChatRow, now: Date) => Promise<T>,
  announce: (change: ChatChange<T>) => DomainEvent[] = () => [],
): Promise<ChatChange<T>> {
  const viewer = viewerOf(principal);
  const now = deps.clock.now();
  const { change, events } = await deps.db.transaction().execute(async (trx) => {
    const locked = await chatActionsRepo.lockVisibleChat(trx, viewer, chatId);
    if (!locked) throw notFound(MESSAGES.noActiveChatroom);
    const result = await apply(trx, locked, now);
    const after = await chatActionsRepo.loadChat(trx, principal.accountId, chatId);
    if (!after) throw notFound(MESSAGES.noActiveChatroom);
    const change: ChatChange<T> = { before: locked, after, result };
    const events = announce(change);
    for (const event of events) await deps.events.record(trx, event);
    return { change, events };
  });
  for (const event of events) deps.events.publish(event);
  return change;
}

/** A person, or an API key by its id and "API key <name>" (it is never a user). */
export const actorOf = (principal: Caller): Actor =>
  isKeyCaller(principal)
    ? { _id: principal.apiKey.id, name: principal.name, apiKey: true }
    : { _id: principal.userId, name: principal.name };
