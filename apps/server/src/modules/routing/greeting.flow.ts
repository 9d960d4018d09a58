import { greetingMessageText } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { type ChatRow, type MessageRow, loadChatRows } from '../conversations/index.js';
import { assignRepo } from './assign.repo.js';
import { sendAutoMessage } from './auto-message.js';
import { loadGreeting } from './greeting.repo.js';
import { autoAssign } from './auto-assign.js';
import type { RoutingSettings } from './settings.js';

/** What greeting assignment did with a message; 'none' leaves routing to the other rules. */
export type GreetingOutcome = 'none' | 'asked' | 'waiting' | 'routed';

type Division = { id: string; name: string };

/**
 * The division a reply chooses: a button or list reply whose id is the division's id or its
 * number, or text that is the number ("2") or the division's name.
 */
export function chosenDivision(divisions: Division[], message: MessageRow): Division | null {
  const reply = (message.payload as { reply?: { id?: unknown } }).reply;
  const candidates = [typeof reply?.id === 'string' ? reply.id : null, message.text]
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().replace(/[.)]$/, ''));
  for (const value of candidates) {
    const byId = divisions.find((d) => d.id === value);
    if (byId) return byId;
    if (/^\d+$/.test(value)) {
      const byNumber = divisions[Number(value) - 1];
      if (byNumber) return byNumber;
    }
    const byName = divisions.find((d) => d.name.toLowerCase() === value.toLowerCase());
    if (byName) return byName;
  }
  return null;
}

/**
 * Greeting assignment for a chat with neither agent nor division: the conversation's first
 * message gets the greeting (its divisions numbered); a later reply in the same window that
 * chooses one puts the chat in that division and, with auto-assignment on, assigns one of the
 * division's agents. Until then the chat waits for the choice.
 */
export async function handleGreeting(
  deps: Deps,
  s: RoutingSettings,
  chat: ChatRow,
  message: MessageRow,
  window: { start: Date; isNew: boolean },
): Promise<GreetingOutcome> {
  const greeting = await loadGreeting(deps.db, chat.account_id);
  if (!greeting || greeting.divisions.length === 0) return 'none';
  if (window.isNew) {
    const text = greetingMessageText(
      greeting.text,
      greeting.divisions.map((d) => d.name),
    );
    await sendAutoMessage(deps, chat, 'greeting', window.start, text);
    return 'asked';
  }
  const asked = await deps.db
    .selectFrom('chat_auto_messages')
    .select('chat_id')
    .where('chat_id', '=', chat.id)
    .where('kind', '=', 'greeting')
    .where('window_start', '=', window.start)
    .executeTakeFirst();
  if (!asked) return 'none';
  const division = chosenDivision(greeting.divisions, message);
  if (!division) return 'waiting';

  const assigned = await deps.db.transaction().execute(async (trx) => {
    const locked = await assignRepo.lockChat(trx, chat.account_id, chat.id);
    // Someone routed it meanwhile (an agent, a concurrent reply): their choice stands.
    if (!locked || locked.agent_id || locked.division_ids.length) return null;
    const [before] = await loadChatRows(trx, chat.account_id, [chat.id]);
    await trx
      .updateTable('chats')
      .set({ division_ids: [division.id], updated_at: deps.clock.now() })
      .where('account_id', '=', chat.account_id)
      .where('id', '=', chat.id)
      .execute();
    const [after] = await loadChatRows(trx, chat.account_id, [chat.id]);
    if (!before || !after) return null;
    const event = { type: 'chat.assigned' as const, chat: after, before, by: null };
    // Recorded with the change (the outbound webhooks' outbox), published after the commit.
    await deps.events.record(trx, event);
    return event;
  });
  if (!assigned) return 'none';
  deps.events.publish(assigned);
  // The customer chose: the division's agents get it, whatever isRouteDivision says.
  if (s.autoAssign)
    await autoAssign(
      deps,
      { ...s, divisionRouting: true },
      { id: chat.id, account_id: chat.account_id, agent_id: null, division_ids: [division.id] },
    );
  return 'routed';
}
