import type { Deps } from '../../../deps.js';
import type { DomainEvent } from '../../../events/bus.js';
import { loadReportAccounts } from '../account-context.js';
import type { Fact } from '../facts.js';
import { writeFacts } from '../facts.repo.js';
import { countMessages } from '../message-counts.repo.js';
import { messageFacts } from '../message-facts.js';
import { batchQueue } from '../runtime.js';
import { ticketCloseFacts } from '../ticket-facts.js';
import { localDay } from '../working-hours.js';

type MessageRow = Extract<DomainEvent, { type: 'message.created' }>['message'];
interface MessageItem {
  message: MessageRow;
  accountId: string;
  contactId: string;
}
type Item = MessageItem | { ticket: string };

/** Facts `countMessages` writes itself for every message of a batch. */
const COUNTED: ReadonlySet<Fact['kind']> = new Set(['message_in', 'message_out', 'contact_active']);

/**
 * A contact's activity of a month is written once (its key), but nearly every message would try
 * again: this process remembers the months it wrote and does not ask again. Only a saving; the
 * key decides.
 */
const SEEN_LIMIT = 200_000;

/** Sapa's note in a conversation: not a message (message-facts.ts). */
const isNote = (m: MessageRow) => m.from_me && m.is_system && m.status === 'received';

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
 * in those same transactions) and `chat.resolved` (a ticket closed). One batch per 100 ms: one
 * statement counts its messages, and the few facts that need tickets are read and written
 * together.
 */
export function listenToConversationsForReports(deps: Deps): void {
  const seen = new Set<string>();
  const queue = batchQueue<Item>(
    deps,
    'report facts',
    async (items) => {
      const messages: MessageItem[] = [];
      const tickets: string[] = [];
      for (const item of items)
        if ('message' in item) messages.push(item);
        else tickets.push(item.ticket);
      // The contact's month of each message, as its fact's key ('<contact>:<YYYY-MM>').
      const accounts = await loadReportAccounts(
        deps.db,
        messages.map((m) => m.accountId),
      );
      const months = messages.flatMap(({ message, accountId, contactId }) => {
        const tz = accounts.get(accountId)?.timezone;
        if (!tz || isNote(message)) return [];
        return [`${contactId}:${localDay(message.sent_at, tz).slice(0, 7)}`];
      });
      // Every message is counted in one statement; only those whose facts need their tickets
      // (a customer's message that opened one, a person's reply) are read back (decision 75).
      const [withTickets, fromTickets] = await Promise.all([
        countMessages(
          deps.pool,
          messages.map((m) => String(m.message.id)),
          { asyncCommit: true, activeKnown: months.filter((k) => seen.has(k)) },
        ),
        ticketCloseFacts(deps.db, deps.pool, tickets),
      ]);
      if (seen.size > SEEN_LIMIT) seen.clear();
      for (const k of months) seen.add(k);
      const fromMessages = (await messageFacts(deps.db, deps.pool, withTickets)).filter(
        (f) => !COUNTED.has(f.kind),
      );
      await writeFacts(deps.pool, [...fromMessages, ...fromTickets], { asyncCommit: true });
    },
    1,
    GATHER_MS,
  );
  deps.events.subscribe((event) => {
    if (event.type === 'message.created')
      queue.push({
        message: event.message,
        accountId: event.chat.account_id,
        contactId: event.chat.contact_id,
      });
    else if (event.type === 'chat.resolved' && event.ticketId)
      queue.push({ ticket: event.ticketId });
  });
}
