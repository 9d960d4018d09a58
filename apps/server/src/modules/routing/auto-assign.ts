import type { Deps } from '../../deps.js';
import { presentChat, type ChatRow } from '../inbox/presenters.js';
import { loadChatRows } from '../inbox/queries.js';
import { assignRepo } from './assign.repo.js';
import type { Db } from '../../db/database.js';
import { KeyedQueue } from './keyed-queue.js';
import type { RoutingSettings } from './settings.js';

const queues = new WeakMap<Db, KeyedQueue>();
function queueFor(db: Db): KeyedQueue {
  const existing = queues.get(db);
  if (existing) return existing;
  const created = new KeyedQueue();
  queues.set(db, created);
  return created;
}

/** The chat as routing saw it; the assignment only lands if it is still so. */
export interface RoutedChat {
  id: string;
  account_id: string;
  agent_id: string | null;
  division_ids: string[];
}

/**
 * Picks and assigns an agent under the routing lock (see assignRepo.assign), so concurrent
 * arrivals balance against each other's assignments. Unassigned chats go to online agents, then
 * (if allowed) offline ones, then the fallback agent; a chat waiting for an offline agent moves
 * only to an online one. Announced as `chat.assigned` to every screen and `assign.chat.result`
 * to the agent's.
 */
export async function autoAssign(
  deps: Deps,
  s: RoutingSettings,
  chat: RoutedChat,
): Promise<ChatRow | null> {
  const now = deps.clock.now();
  const accountId = chat.account_id;
  const divisions = s.divisionRouting && chat.division_ids.length ? chat.division_ids : null;
  const scope = divisions ? [...divisions].sort().join(',') : '*';
  if (chat.agent_id ? !s.autoHandover : !s.autoAssign) return null;
  const assigned = await queueFor(deps.db).run(`${accountId}:${scope}`, () =>
    assignRepo.assign(deps.db, {
      accountId,
      chatId: chat.id,
      expectedAgentId: chat.agent_id,
      expectedDivisionIds: chat.division_ids,
      routeDivisionIds: divisions,
      // A handover goes to an online agent only; never to another offline one or the fallback.
      allowOffline: chat.agent_id === null && s.allowOffline,
      fallbackAgentId: chat.agent_id === null ? s.fallbackAgent : null,
      now,
    }),
  );
  if (!assigned) return null;
  const [after, previousDivisions] = await Promise.all([
    loadChatRows(deps.db, accountId, [chat.id]).then((rows) => rows[0]),
    chat.agent_id ? assignRepo.divisionsOf(deps.db, chat.agent_id) : Promise.resolve([]),
  ]);
  if (!after?.agent_id) return null;
  const before = {
    id: chat.id,
    account_id: accountId,
    agent_id: chat.agent_id,
    division_ids: chat.division_ids,
    agent_division_ids: previousDivisions,
  };
  deps.events.publish({ type: 'chat.assigned', chat: after, before, by: null });
  deps.events.publish({
    type: 'chat.assign.result',
    userId: after.agent_id,
    result: { chatId: chat.id, ok: true, chat: presentChat(after) },
  });
  return after;
}
