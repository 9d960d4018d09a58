import type { Deps } from '../../../deps.js';
import type { Fact } from '../facts.js';
import { writeFacts } from '../facts.repo.js';
import { messageFacts } from '../message-facts.js';
import { batchQueue } from '../runtime.js';
import { ticketCloseFacts } from '../ticket-facts.js';

type Item = { message: string } | { ticket: string };

/**
 * A contact's activity of a month is written once (its key), but nearly every message would try
 * again: this process remembers what it wrote and skips those. Only a saving; the key decides.
 */
const SEEN_LIMIT = 200_000;

/**
 * Facts wait this long to go together: a few large statements cost ingest far less than one per
 * event-loop turn (the reports are live to within a fraction of a second either way). 250 ms was
 * tried: it rewrites rollup rows less often, but at ingest's full rate a 100 ms batch already
 * holds about 200 messages, so it saved only a few per cent of the listener's WAL and measured
 * no better.
 */
const GATHER_MS = 100;

/**
 * Conversation facts ride on what the inbox announces after its commits: `message.created`
 * (a customer's message, a person's reply, an automatic message; tickets open and are answered
 * in those same transactions) and `chat.resolved` (a ticket closed). One batch per event-loop
 * turn: one context read and one write for all of them.
 */
export function listenToConversationsForReports(deps: Deps): void {
  const seen = new Set<string>();
  const key = (f: Fact) => `${f.accountId}|${f.sourceId}`;
  const queue = batchQueue<Item>(
    deps,
    'report facts',
    async (items) => {
      const messages: string[] = [];
      const tickets: string[] = [];
      for (const item of items)
        if ('message' in item) messages.push(item.message);
        else tickets.push(item.ticket);
      const [fromMessages, fromTickets] = await Promise.all([
        messageFacts(deps.db, deps.pool, messages),
        ticketCloseFacts(deps.db, deps.pool, tickets),
      ]);
      const facts = [...fromMessages, ...fromTickets].filter(
        (f) => f.kind !== 'contact_active' || !seen.has(key(f)),
      );
      await writeFacts(deps.pool, facts, { asyncCommit: true, justCommitted: true });
      if (seen.size > SEEN_LIMIT) seen.clear();
      for (const f of facts) if (f.kind === 'contact_active') seen.add(key(f));
    },
    1,
    GATHER_MS,
  );
  deps.events.subscribe((event) => {
    if (event.type === 'message.created') queue.push({ message: String(event.message.id) });
    else if (event.type === 'chat.resolved' && event.ticketId)
      queue.push({ ticket: event.ticketId });
  });
}
