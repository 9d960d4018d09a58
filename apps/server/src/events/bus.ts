import type {
  AssignChatResultEvent,
  BalanceCheckEvent,
  BroadcastProgressEvent,
  ErrorMessageEvent,
  Message,
  MessageStatus,
  Order,
  Presence,
} from '@sapa/contracts';
import type { ChatRow, MessageRow } from '../modules/inbox/presenters.js';

/** What routing needs to know about a chat: whose screens may show it. */
export type ChatAudienceRow = Pick<
  ChatRow,
  'id' | 'account_id' | 'agent_id' | 'division_ids' | 'agent_division_ids'
>;

/** Who did something, as events name them. */
export interface Actor {
  _id: string;
  name: string;
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
  | { type: 'balance.updated'; accountId: string; saldo: number };

export type DomainEventListener = (event: DomainEvent) => void;

export class EventBus {
  private readonly listeners = new Set<DomainEventListener>();

  subscribe(listener: DomainEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
