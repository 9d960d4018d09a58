import type { Deps } from '../../../deps.js';
import type { DomainEvent } from '../../../events/bus.js';
import { presenceChanged } from '../presence-rollup.js';
import { batchQueue } from '../runtime.js';

/** The dashboard is told at most this often per account (it fetches the floor again). */
export const DASHBOARD_EVERY_MS = 2_000;

interface Slot {
  last: number;
  timer: NodeJS.Timeout | null;
  agents: Set<string>;
}

/** Which account an event touches the floor of, and the agents whose own queue it touches. */
function floorTouch(event: DomainEvent): { accountId: string; agents: string[] } | null {
  switch (event.type) {
    case 'message.created':
    case 'chat.updated':
      return {
        accountId: event.chat.account_id,
        agents: event.chat.agent_id ? [event.chat.agent_id] : [],
      };
    case 'chat.assigned':
    case 'chat.resolved':
      return {
        accountId: event.chat.account_id,
        agents: [event.chat.agent_id, event.before.agent_id].filter((a): a is string => !!a),
      };
    case 'presence.updated':
      return { accountId: event.accountId, agents: [event.presence.userId] };
    case 'balance.updated':
      return { accountId: event.accountId, agents: [] };
    default:
      return null;
  }
}

/**
 * The live floor: `dashboard.updated` to an account's managers (and the agents concerned) when
 * its chats, tickets, presence or balance change, at most every 2 s per account; and time
 * online, from presence changes.
 */
export function listenToFloorForReports(deps: Deps): void {
  const slots = new Map<string, Slot>();
  const fire = (accountId: string, slot: Slot) => {
    slot.timer = null;
    slot.last = Date.now();
    const agentIds = [...slot.agents];
    slot.agents.clear();
    deps.events.publish({ type: 'dashboard.updated', accountId, agentIds, at: deps.clock.now() });
  };
  const presence = batchQueue<{ accountId: string; userId: string; online: boolean; at: Date }>(
    deps,
    'report time online',
    async (items) => {
      for (const item of items) await presenceChanged(deps.db, deps.pool, item);
    },
    1,
  );
  deps.events.subscribe((event) => {
    if (event.type === 'presence.updated')
      presence.push({
        accountId: event.accountId,
        userId: event.presence.userId,
        online: event.presence.online,
        at: deps.clock.now(),
      });
    const touch = floorTouch(event);
    if (!touch) return;
    const slot = slots.get(touch.accountId) ?? { last: 0, timer: null, agents: new Set<string>() };
    slots.set(touch.accountId, slot);
    for (const a of touch.agents) slot.agents.add(a);
    if (slot.timer) return;
    const wait = Math.max(0, slot.last + DASHBOARD_EVERY_MS - Date.now());
    slot.timer = setTimeout(() => fire(touch.accountId, slot), wait);
    slot.timer.unref();
  });
}
