import type { ErrorMessageEvent, Message, MessageStatus } from '@sapa/contracts';
import type { ChatRow, MessageRow } from '../modules/inbox/presenters.js';

/** What routing needs to know about a chat: whose screens may show it. */
export type ChatAudienceRow = Pick<
  ChatRow,
  'id' | 'account_id' | 'agent_id' | 'division_ids' | 'agent_division_ids'
>;

/**
 * What services announce after they commit. The realtime module maps each to the spec's socket
 * event names and to the rooms allowed to see it; services never talk to sockets.
 */
export type DomainEvent =
  | { type: 'message.created'; chat: ChatRow; message: MessageRow }
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
  | { type: 'chat.read'; chat: ChatRow; userId: string };

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
