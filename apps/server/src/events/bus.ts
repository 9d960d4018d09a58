import type {
  AssignChatResultEvent,
  BalanceCheckEvent,
  BroadcastProgressEvent,
  ErrorMessageEvent,
  Message,
  MessageStatus,
  Order,
  Presence,
  Service,
  WabasicStateEvent,
} from '@sapa/contracts';
import type { DeliveryStatus, TemplateStatusChange } from '../channels/port.js';
import type { ProviderErrorInfo } from '../channels/errors.js';
import type { ChatRow, MessageRow } from '../modules/conversations/index.js';
import type { ChannelType } from '../db/schema-messaging.js';
import type { Db } from '../db/database.js';

/** What routing needs to know about a chat: whose screens may show it. */
export type ChatAudienceRow = Pick<
  ChatRow,
  'id' | 'account_id' | 'agent_id' | 'division_ids' | 'agent_division_ids'
>;

/** Who did something, as events name them. */
export interface Actor {
  _id: string;
  name: string;
  /** Set when an API key acted: `_id` is then the key's id, not a user's. */
  apiKey?: true;
}

/**
 * Where an outgoing message came from: the agent's screen (socket, or its REST fallback) or an
 * API integration calling `POST /api/messages`; the latter is announced as `new.message.push.reply`.
 */
export type MessageOrigin = 'socket' | 'rest';

/**
 * What services announce after they commit. The realtime module maps each to the spec's socket
 * event names and to the rooms allowed to see it; services never talk to sockets.
 */
export type DomainEvent =
  | { type: 'message.created'; chat: ChatRow; message: MessageRow; origin?: MessageOrigin }
  /** A stored message changed after the fact (the customer unsent it; a CSAT card got its comment). */
  | { type: 'message.updated'; chat: ChatRow; message: MessageRow }
  | {
      type: 'message.status';
      chat: ChatAudienceRow;
      messageId: string;
      status: MessageStatus;
      error?: Message['error'];
    }
  | {
      type: 'message.error';
      chat: ChatAudienceRow;
      userId: string | null;
      error: ErrorMessageEvent;
    }
  | { type: 'chat.read'; chat: ChatRow; userId: string }
  /**
   * Assignment or division changed; `before` is the audience the chat had until now. `by` is
   * null for automatic assignment (routing).
   */
  | { type: 'chat.assigned'; chat: ChatRow; before: ChatAudienceRow; by: Actor | null }
  /** The outcome of an assignment, for the screens of the user who asked. */
  | { type: 'chat.assign.result'; userId: string; result: AssignChatResultEvent }
  /** Labels, flag or unblock: the chat as it now is (`chat`). */
  | { type: 'chat.updated'; chat: ChatRow }
  | { type: 'chat.archived' | 'chat.unarchived' | 'chat.blocked'; chat: ChatRow }
  /** A ticket was resolved: gray, unassigned; `before` still reaches the agent who had it. */
  | {
      type: 'chat.resolved';
      chat: ChatRow;
      before: ChatAudienceRow;
      ticketId: string | null;
      by: Actor;
    }
  | { type: 'balance.check'; userId: string; event: BalanceCheckEvent }
  /** A user's presence changed (routing module); managers of the account and the user hear it. */
  | { type: 'presence.updated'; accountId: string; presence: Presence }
  /** The automatic welcome message of a new conversation was queued (system message). */
  | { type: 'welcome.message.out'; chat: ChatRow; message: MessageRow }
  /** A broadcast's counts or state changed: the account's managers and its creator hear it. */
  | {
      type: 'broadcast.progress';
      accountId: string;
      creatorId: string | null;
      event: BroadcastProgressEvent;
    }
  /** An order's status or invoice changed: the account's admins and the buyer hear it. */
  | { type: 'order.updated'; accountId: string; order: Order }
  /** The account's balance changed (payment, usage, refund, operator): its managers hear it. */
  | { type: 'balance.updated'; accountId: string; saldo: number }
  /** A channel's health changed (needs attention, or ok again): the account's admins hear it. */
  | { type: 'channel.health'; accountId: string; service: Service }
  /** A linked WhatsApp basic number's state or QR changed (issue 20): the account's admins. */
  | { type: 'wabasic.state'; accountId: string; event: WabasicStateEvent }
  /**
   * Something on the live floor changed (at most every 2 s per account): the account's managers
   * and the named agents fetch the dashboard again.
   */
  | { type: 'dashboard.updated'; accountId: string; agentIds: string[]; at: Date }
  /** A contact was added or edited through the API (outbound webhooks hear it; no socket). */
  | {
      type: 'contact.created' | 'contact.updated';
      accountId: string;
      contact: { id: string; name: string; phone: string | null; channel: string | null };
    };

export type DomainEventListener = (event: DomainEvent) => void;

/**
 * Writes what an event must leave behind in the transaction of the change itself (the outbound
 * webhooks' outbox): it commits or rolls back with the change, so no crash falls between them.
 */
export type InTransactionWriter = (trx: Db, event: DomainEvent) => Promise<void>;

/** A send's delivery status that its sender tagged (`callbackData`): not an inbox message's. */
export interface TaggedSendStatus {
  providerMessageId: string;
  status: DeliveryStatus;
  error: ProviderErrorInfo | null;
  timestamp: Date;
  callbackData: string;
}

/**
 * Events whose listeners the publisher awaits, after its commit and before it answers (ingest
 * answers the provider's webhook only then): what they write is as durable as the webhook,
 * which the provider redelivers on a 5xx. A listener that must not fail the publisher catches
 * its own errors (routing, broadcast replies); one whose failure must bring the webhook back
 * lets them through (broadcast statuses).
 */
export interface AwaitedEventMap {
  /**
   * A customer's message was stored. Listeners run one after another in the order modules
   * define them; one that assigns the chat sets `chat` for those after it (a broadcast's Self
   * Assign before routing).
   */
  'message.received': {
    chat: ChatRow;
    message: MessageRow;
    /** The customer's id on the channel (a phone number on WhatsApp). */
    customerId: string;
    at: Date;
    /**
     * It answers a satisfaction survey (a rating tap, or the comment after it): it opened no
     * ticket, routing leaves it alone, and the csat module records it.
     */
    surveyAnswer: boolean;
  };
  /** A tagged send's status; a listener answers true when the send is its own. */
  'send.status': { channelId: string; status: TaggedSendStatus };
  /** Meta's verdicts on WhatsApp templates, as a webhook brought them (the adapter's events). */
  'template.status': { changes: TemplateStatusChange[] };
  /**
   * A customer rated a survey (modules/csat), after the answer's commit: once per survey, or
   * again when the answer's webhook came back after a failure (listeners key on `surveyId`).
   * `agentId` is who resolved the ticket; `divisionId` the chat's division then. The comment
   * asked for after a rating in the chat arrives later, as `csat.commented`.
   */
  'csat.received': {
    accountId: string;
    surveyId: string;
    ticketId: string;
    chatId: string;
    /** The agent who resolved the ticket (the survey's agent). */
    agentId: string | null;
    channel: ChannelType;
    divisionId: string | null;
    rating: number;
    comment: string | null;
    answeredAt: Date;
    /** When the survey was sent: a response rate counts answers by their survey's send day. */
    sentAt: Date;
  };
  /**
   * A survey went to the customer (queued with its send job in the survey's commit), after that
   * commit; not for a survey skipped with a note. Once per survey, or again by the sweep's retry
   * (listeners key on `surveyId`). Who and where as in `csat.received`.
   */
  'csat.sent': {
    accountId: string;
    surveyId: string;
    ticketId: string;
    chatId: string;
    agentId: string | null;
    channel: ChannelType;
    divisionId: string | null;
    sentAt: Date;
  };
  /**
   * The customer's comment after a rating in the chat was stored (the first text only), after
   * its commit. A comment given with the rating (the public page) rides on `csat.received`.
   */
  'csat.commented': {
    accountId: string;
    surveyId: string;
    comment: string;
    commentedAt: Date;
  };
}

export interface AwaitedResultMap {
  'message.received': void;
  'send.status': boolean;
  'template.status': void;
  'csat.received': void;
  'csat.sent': void;
  'csat.commented': void;
}

export type AwaitedEventType = keyof AwaitedEventMap;
export type AwaitedListener<K extends AwaitedEventType> = (
  event: AwaitedEventMap[K],
) => Promise<AwaitedResultMap[K]>;

type AnyAwaitedListener = (event: unknown) => Promise<unknown>;

export class EventBus {
  private readonly listeners = new Set<DomainEventListener>();
  private readonly awaited = new Map<AwaitedEventType, AnyAwaitedListener[]>();
  private readonly writers = new Set<InTransactionWriter>();
  /** Events `record` ran the writers for: their after-commit listeners leave them alone. */
  private readonly recorded = new WeakSet<DomainEvent>();

  /** Adds a writer `record` runs inside the publisher's transaction. */
  onRecord(writer: InTransactionWriter): () => void {
    this.writers.add(writer);
    return () => this.writers.delete(writer);
  }

  /**
   * The transactional outbox's half of publishing: the owning service calls it inside the
   * transaction of the change, then `publish`es the same event object after the commit (sockets
   * and the other listeners). A writer's failure fails the change.
   */
  async record(trx: Db, event: DomainEvent): Promise<void> {
    for (const writer of this.writers) await writer(trx, event);
    this.recorded.add(event);
  }

  /** Whether `record` already wrote this event inside its transaction. */
  wasRecorded(event: DomainEvent): boolean {
    return this.recorded.has(event);
  }

  subscribe(listener: DomainEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listens to an awaited event; listeners run in the order they were added. */
  on<K extends AwaitedEventType>(type: K, listener: AwaitedListener<K>): () => void {
    const list = this.awaited.get(type) ?? [];
    const entry = listener as AnyAwaitedListener;
    list.push(entry);
    this.awaited.set(type, list);
    return () => {
      const at = list.indexOf(entry);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Runs an awaited event's listeners one after another; their answers, in order. */
  async emit<K extends AwaitedEventType>(
    type: K,
    event: AwaitedEventMap[K],
  ): Promise<AwaitedResultMap[K][]> {
    const results: AwaitedResultMap[K][] = [];
    for (const listener of this.awaited.get(type) ?? [])
      results.push((await listener(event)) as AwaitedResultMap[K]);
    return results;
  }

  publish(event: DomainEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        console.error('event listener failed', err);
      }
    }
  }
}
