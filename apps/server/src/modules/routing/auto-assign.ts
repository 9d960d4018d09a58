import type { Deps } from '../../deps.js';
import { presentChat, type ChatRow } from '../conversations/index.js';
import { assignRepo, type AssignItem } from './assign.repo.js';
import type { Db } from '../../db/database.js';
import { LaneBatcher } from './lane-batcher.js';
import type { RoutingSettings } from './settings.js';

/** The chat as routing saw it; the assignment only lands if it is still so. */
export interface RoutedChat {
  id: string;
  account_id: string;
  agent_id: string | null;
  division_ids: string[];
}

interface Request {
  chat: RoutedChat;
  assign: AssignItem;
  /** The divisions it is routed within, as a sort key ('*': any agent). */
  scope: string;
}

/** Chats per statement: bounds how long one batch holds the routing locks. */
const MAX_BATCH = 500;

// One batcher per database (tests run several apps in one process), one lane per account: an
// account's arrivals are assigned by one statement at a time, whatever their divisions. Lanes per
// division ran more, smaller statements (each loading candidates and taking locks), which was
// slower on two cores (decision 15).
const batchers = new WeakMap<Db, LaneBatcher<Request, ChatRow | null>>();
function batcherFor(deps: Deps): LaneBatcher<Request, ChatRow | null> {
  const existing = batchers.get(deps.db);
  if (existing) return existing;
  // Every request of a lane is of the lane's account.
  const created = new LaneBatcher<Request, ChatRow | null>(MAX_BATCH, (_key, requests) =>
    assignBatch(deps, requests[0]?.chat.account_id ?? '', requests),
  );
  batchers.set(deps.db, created);
  return created;
}

/**
 * Picks and assigns an agent under the routing lock (see assignRepo.assignMany), batched with
 * the other arrivals of the same account, so concurrent arrivals balance against each other's
 * assignments. Unassigned chats go to online agents, then (if allowed) offline ones, then the
 * fallback agent; a chat waiting for an offline agent moves only to an online one. Announced as
 * `chat.assigned` to every screen and `assign.chat.result` to the agent's.
 */
export async function autoAssign(
  deps: Deps,
  s: RoutingSettings,
  chat: RoutedChat,
): Promise<ChatRow | null> {
  if (chat.agent_id ? !s.autoHandover : !s.autoAssign) return null;
  const divisions = s.divisionRouting && chat.division_ids.length ? chat.division_ids : null;
  const scope = divisions ? [...divisions].sort().join(',') : '*';
  return batcherFor(deps).submit(chat.account_id, {
    chat,
    scope,
    assign: {
      chatId: chat.id,
      expectedAgentId: chat.agent_id,
      expectedDivisionIds: chat.division_ids,
      routeDivisionIds: divisions,
      // A handover goes to an online agent only; never to another offline one or the fallback.
      allowOffline: chat.agent_id === null && s.allowOffline,
      fallbackAgentId: chat.agent_id === null ? s.fallbackAgent : null,
    },
  });
}

/** One statement assigns the batch; one query reads the assigned chats back for the events. */
async function assignBatch(
  deps: Deps,
  accountId: string,
  arrivals: Request[],
): Promise<(ChatRow | null)[]> {
  // Grouped by scope, in arrival order within each: the function works out who may take a chat
  // once per run of equal scopes.
  const order = arrivals.map((_, i) => i);
  order.sort((a, b) => compareScopes(arrivals[a]!.scope, arrivals[b]!.scope) || a - b);
  const requests = order.map((i) => arrivals[i]!);
  const outcomes = await assignSorted(deps, accountId, requests);
  const byArrival: (ChatRow | null)[] = arrivals.map(() => null);
  order.forEach((arrival, i) => (byArrival[arrival] = outcomes[i] ?? null));
  return byArrival;
}

const compareScopes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function assignSorted(
  deps: Deps,
  accountId: string,
  requests: Request[],
): Promise<(ChatRow | null)[]> {
  const agents = await assignRepo.assignMany(
    deps.pool,
    accountId,
    requests.map((r) => r.assign),
    deps.clock.now(),
  );
  const assigned = requests.filter((_, i) => agents[i]);
  if (assigned.length === 0) return requests.map(() => null);
  const previousAgents = [
    ...new Set(assigned.flatMap((r) => (r.chat.agent_id ? [r.chat.agent_id] : []))),
  ];
  const [rows, previousDivisions] = await Promise.all([
    assignRepo.assignedChats(deps.pool, accountId, [...new Set(assigned.map((r) => r.chat.id))]),
    Promise.all(previousAgents.map((id) => assignRepo.divisionsOf(deps.db, id))),
  ]);
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  const divisionsOf = new Map(previousAgents.map((id, i) => [id, previousDivisions[i] ?? []]));
  return requests.map((r, i) => {
    const after = agents[i] ? rowOf.get(r.chat.id) : undefined;
    if (!after?.agent_id) return null;
    const { chat } = r;
    const before = {
      id: chat.id,
      account_id: accountId,
      agent_id: chat.agent_id,
      division_ids: chat.division_ids,
      agent_division_ids: chat.agent_id ? (divisionsOf.get(chat.agent_id) ?? []) : [],
    };
    const assignedEvent = { type: 'chat.assigned' as const, chat: after, before, by: null };
    // Its outbox rows were written by the assigning statement (assignRepo.assignMany).
    deps.events.markRecorded(assignedEvent);
    deps.events.publish(assignedEvent);
    deps.events.publish({
      type: 'chat.assign.result',
      userId: after.agent_id,
      result: { chatId: chat.id, ok: true, chat: presentChat(after) },
    });
    return after;
  });
}
