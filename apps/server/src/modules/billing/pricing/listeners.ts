import type { Deps } from '../../../deps.js';
import type { DomainEvent, EventBus } from '../../../events/bus.js';
import { ledgerRepo } from '../ledger.repo.js';
import {
  billConversation,
  billConversations,
  collectOwed,
  refundConversation,
  type BalanceChange,
} from './conversations.js';
import { checkLowBalance } from './low-balance.js';
import { billActiveContacts, type ActiveContact } from './mau.js';
import { DEAD_STATUSES, usageRepo } from './usage.repo.js';

/**
 * Usage charges ride on the domain events, after the commit of what they charge for: nothing
 * is added to ingest or sending. The bus is in memory, so an event can be lost in a crash; the
 * sweeper (sweeper.ts) finds and bills what was missed, with the same idempotent references.
 */

const DEAD: ReadonlySet<string> = new Set(DEAD_STATUSES);
/** Balance announcements per account at most this often (a broadcast charges many times a second). */
const ANNOUNCE_EVERY_MS = 250;

interface PricingRuntime {
  inFlight: Set<Promise<unknown>>;
  announce: Map<string, { at: number; timer: NodeJS.Timeout | null }>;
  inbound: ActiveContact[];
  inboundScheduled: boolean;
  outbound: number[];
  outboundScheduled: boolean;
}

const runtimes = new WeakMap<EventBus, PricingRuntime>();

function runtimeOf(bus: EventBus): PricingRuntime {
  let rt = runtimes.get(bus);
  if (!rt) {
    rt = {
      inFlight: new Set(),
      announce: new Map(),
      inbound: [],
      inboundScheduled: false,
      outbound: [],
      outboundScheduled: false,
    };
    runtimes.set(bus, rt);
  }
  return rt;
}

function track(deps: Deps, work: () => Promise<unknown>): void {
  const rt = runtimeOf(deps.events);
  const p: Promise<unknown> = work()
    .catch((err: unknown) => deps.log.error({ err }, 'usage charge failed; the sweeper retries'))
    .finally(() => rt.inFlight.delete(p));
  rt.inFlight.add(p);
}

/** Resolves once every charge, refund and announcement started so far has finished. */
export async function usageIdle(deps: Pick<Deps, 'events'>): Promise<void> {
  const rt = runtimeOf(deps.events);
  while (rt.inFlight.size > 0) await Promise.allSettled([...rt.inFlight]);
}

/**
 * Publishes `balance.updated` for an account after its ledger moved (charges, refunds, a
 * broadcast's claims): coalesced per account, at most every 250 ms, with the balance read after
 * the commit so the last announcement is always the current balance.
 */
export function noteBalanceChanged(deps: Deps, accountId: string): void {
  const rt = runtimeOf(deps.events);
  const slot = rt.announce.get(accountId) ?? { at: 0, timer: null };
  rt.announce.set(accountId, slot);
  if (slot.timer) return;
  const wait = Math.max(0, slot.at + ANNOUNCE_EVERY_MS - Date.now());
  let done: () => void = () => undefined;
  track(deps, () => new Promise<void>((resolve) => (done = resolve)));
  slot.timer = setTimeout(() => {
    slot.timer = null;
    slot.at = Date.now();
    track(deps, async () => {
      try {
        const last = await ledgerRepo.last(deps.db, accountId);
        deps.events.publish({
          type: 'balance.updated',
          accountId,
          saldo: last ? Number(last.balance_after) : 0,
        });
      } finally {
        done();
      }
    });
  }, wait);
}

function afterChanges(deps: Deps, changes: (BalanceChange | null)[]): void {
  for (const c of changes) if (c?.moved) noteBalanceChanged(deps, c.accountId);
}

/** Inbound messages of one event-loop turn are billed together (one price lookup per batch). */
function queueInbound(deps: Deps, item: ActiveContact): void {
  const rt = runtimeOf(deps.events);
  rt.inbound.push(item);
  if (rt.inboundScheduled) return;
  rt.inboundScheduled = true;
  track(
    deps,
    () =>
      new Promise<void>((resolve, reject) =>
        setImmediate(() => {
          const batch = rt.inbound;
          rt.inbound = [];
          rt.inboundScheduled = false;
          billActiveContacts(deps, batch)
            .then((changes) => afterChanges(deps, changes))
            .then(resolve, reject);
        }),
      ),
  );
}

/** Business messages per batch: one transaction holds this many chats' locks at most. */
const OUTBOUND_BATCH = 200;

/**
 * Business messages of one event-loop turn are billed together (billConversations: one
 * transaction finds the few that open a conversation). If the batch fails, each is billed on its
 * own, as before; the sweeper still catches anything a crash lost.
 */
function queueOutbound(deps: Deps, messageId: number): void {
  const rt = runtimeOf(deps.events);
  rt.outbound.push(messageId);
  if (rt.outboundScheduled) return;
  rt.outboundScheduled = true;
  track(
    deps,
    () =>
      new Promise<void>((resolve, reject) =>
        setImmediate(() => {
          const batch = rt.outbound;
          rt.outbound = [];
          rt.outboundScheduled = false;
          billOutbound(deps, batch).then(resolve, reject);
        }),
      ),
  );
}

async function billOutbound(deps: Deps, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += OUTBOUND_BATCH) {
    const chunk = ids.slice(i, i + OUTBOUND_BATCH);
    const changes = await billConversations(deps, chunk).catch(async (err: unknown) => {
      deps.log.warn({ err }, 'batched usage charge failed; charging one by one');
      const each: (BalanceChange | null)[] = [];
      for (const id of chunk) each.push(await billConversation(deps, id));
      return each;
    });
    afterChanges(deps, changes);
  }
}

function onEvent(deps: Deps, event: DomainEvent): void {
  if (event.type === 'message.created') {
    const { chat, message } = event;
    if (message.from_me) queueOutbound(deps, message.id);
    else
      queueInbound(deps, {
        accountId: chat.account_id,
        contactId: chat.contact_id,
        at: message.sent_at,
      });
  } else if (event.type === 'message.status' && DEAD.has(event.status)) {
    const messageId = Number(event.messageId);
    track(deps, async () => afterChanges(deps, [await refundConversation(deps, messageId)]));
  } else if (event.type === 'balance.updated') {
    const { accountId, saldo } = event;
    track(deps, async () => {
      // Money arrived (or moved): first what is owed, then the alert on what is left.
      if (await usageRepo.hasOwed(deps.db, accountId)) {
        const change = await collectOwed(deps, accountId);
        if (change) return afterChanges(deps, [change]);
      }
      await checkLowBalance(deps, accountId, saldo);
    });
  }
}

const registered = new WeakSet<EventBus>();

/** Attaches usage charging to this process's event bus (once per bus, whatever calls it). */
export function registerUsageCharges(deps: Deps): void {
  if (registered.has(deps.events)) return;
  registered.add(deps.events);
  deps.events.subscribe((event) => onEvent(deps, event));
}
