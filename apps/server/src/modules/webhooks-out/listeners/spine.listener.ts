import type { Deps } from '../../../deps.js';
import type { DomainEvent } from '../../../events/bus.js';
import { recordWanted } from '../interest.js';
import type { OutboxEvent } from '../outbox.js';

/** The statuses receivers hear about (queueing and the like stay inside Sapa). */
const FORWARDED: ReadonlySet<string> = new Set(['sent', 'delivered', 'read', 'failed']);

const actor = (by: { _id: string; name: string } | null) =>
  by ? { id: by._id, name: by.name } : null;

/**
 * The spine's events (statuses of sends, assignment, resolving, broadcasts, contacts), turned
 * into outbox rows. Those the owning service `record`s in its transaction are written there,
 * with the change; automatic routing's `chat.assigned` and a status webhook's `message.status`
 * by their own batched statements (`webhook_record_events`); the rest right after their commit
 * (the send job's `sent` and `failed`), where a process killed in between loses that one event.
 */
export function outboxEventsOf(event: DomainEvent, now: Date): OutboxEvent[] {
  switch (event.type) {
    case 'message.status': {
      if (!FORWARDED.has(event.status)) return [];
      return [
        {
          accountId: event.chat.account_id,
          type: 'message.status',
          chatId: event.chat.id,
          at: now,
          dedupeKey: `message.status:${event.messageId}:${event.status}`,
          data: {
            messageId: event.messageId,
            status: event.status,
            error: event.error
              ? { code: event.error.code ?? null, reason: event.error.message }
              : null,
          },
        },
      ];
    }
    case 'chat.assigned':
      return [
        {
          accountId: event.chat.account_id,
          type: 'chat.assigned',
          chatId: event.chat.id,
          at: now,
          data: {
            agentId: event.chat.agent_id,
            divisionIds: event.chat.division_ids,
            by: actor(event.by),
          },
        },
      ];
    case 'chat.resolved': {
      const base = { accountId: event.chat.account_id, chatId: event.chat.id, at: now };
      const events: OutboxEvent[] = [
        {
          ...base,
          type: 'chat.resolved',
          data: { ticketId: event.ticketId, by: actor(event.by) },
        },
      ];
      if (event.ticketId)
        events.push({
          ...base,
          type: 'ticket.closed',
          dedupeKey: `ticket.closed:${event.ticketId}`,
          data: { ticketId: event.ticketId, by: actor(event.by) },
        });
      return events;
    }
    case 'broadcast.progress': {
      const { event: p } = event;
      if (p.status !== 'completed') return [];
      return [
        {
          accountId: event.accountId,
          type: 'broadcast.completed',
          at: now,
          dedupeKey: `broadcast.completed:${p.broadcastId}`,
          data: {
            broadcastId: p.broadcastId,
            status: p.status,
            counts: p.counts,
            reason: p.reason,
          },
        },
      ];
    }
    case 'contact.created':
    case 'contact.updated':
      return [
        {
          accountId: event.accountId,
          type: event.type,
          at: now,
          data: {
            contactId: event.contact.id,
            name: event.contact.name,
            phone: event.contact.phone,
            channel: event.contact.channel,
          },
        },
      ];
    default:
      return [];
  }
}

export function listenToSpine(deps: Deps): void {
  // The transactional outbox: rows committed with the change, so a crash between the change and
  // the delivery loses nothing. The sequence comes from an upsert of the chat's counter row,
  // whose lock is held to the commit: two transactions on one chat number in commit order.
  deps.events.onRecord(async (trx, event) => {
    const now = deps.clock.now();
    await recordWanted(deps, trx, outboxEventsOf(event, now), now);
  });
  // One chain per chat (or per account for the others), so a chat's events take their sequence
  // numbers in the order they were published (`sent` before `delivered`), not in the order
  // concurrent inserts happen to finish.
  const chains = new Map<string, Promise<void>>();
  deps.events.subscribe((event) => {
    // Written in its transaction already: writing it again would duplicate it.
    if (deps.events.wasRecorded(event)) return;
    const now = deps.clock.now();
    for (const e of outboxEventsOf(event, now)) {
      const key = e.chatId ?? e.accountId;
      const next = (chains.get(key) ?? Promise.resolve())
        .then(async () => void (await recordWanted(deps, deps.db, [e], now)))
        .catch((err: unknown) => deps.log.error({ err, type: e.type }, 'webhook event not queued'));
      chains.set(key, next);
      void next.then(() => {
        if (chains.get(key) === next) chains.delete(key);
      });
    }
  });
}
