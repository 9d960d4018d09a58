import type { Chat, Message, MessageStatus } from './chats.js';
import type { WindowRefusal } from './channel-credentials.js';

/** Socket event names, spec §7. */
export const CLIENT_EVENTS = {
  openChat: 'openChat',
  getIsUserInitiate: 'getIsUserInitiate',
  newMessageOut: 'new.message.out',
  sendWelcomeMessage: 'send.welcome.message',
  blockChat: 'block.chat',
  archiveChat: 'archive.chat',
  unarchiveChat: 'unarchive.chat',
} as const;

export const SERVER_EVENTS = {
  messageStatus: 'message.status',
  /** A message changed after it was shown (Instagram: the customer unsent it); `ChatMessageEvent`. */
  messageUpdated: 'message.updated',
  statusUpdated: 'status.updated',
  assignChatResult: 'assign.chat.result',
  balanceCheck: 'balance.check',
  isUserInitiate: 'isUserInitiate',
  newMessageIn: 'new.message.in',
  chat: 'chat',
  messageOut: 'message.out',
  messageResolvedCreated: 'message.resolved.created',
  newMessageBroadcast: 'new.message.broadcast',
  newMessagePushReply: 'new.message.push.reply',
  chatBlocked: 'chat.blocked',
  chatArchived: 'chat.archived',
  chatUnarchived: 'chat.unarchived',
  chatAssigned: 'chat.assigned',
  errorMessage: 'error.message',
  readChat: 'read.chat',
  welcomeMessageOut: 'welcome.message.out',
} as const;

export interface ChatMessageEvent {
  chat: Chat;
  message: Message;
}

export interface MessageStatusEvent {
  chatId: string;
  messageId: string;
  status: MessageStatus;
  error?: { code: number | null; message: string };
}

export interface ErrorMessageEvent {
  chatId: string;
  messageId?: string;
  message: string;
  code?: number | null;
}

export interface ReadChatEvent {
  chatId: string;
  userId: string;
}

/**
 * Which reply window applies to a person's reply now. `open`: the standard 24 hours after the
 * customer's last message; `human_agent`: Messenger/Instagram's 7 days after it, replies sent
 * with Meta's HUMAN_AGENT tag (when the channel allows it); `closed`: nothing but what
 * `outsideWindow` says (WhatsApp: templates), `refusal` tells why; `none`: the channel has no
 * window. `endsAt`: when the current phase ends (null when closed or none).
 */
export interface ComposerWindow {
  phase: 'none' | 'open' | 'human_agent' | 'closed';
  endsAt: string | null;
  outsideWindow: 'templates' | 'human_agent_replies' | null;
  refusal: WindowRefusal | null;
}

export interface IsUserInitiateEvent {
  chatId: string;
  /** A person may send a message (not a template) now. */
  value: boolean;
  /** When the standard 24-hour window ends (or ended). */
  windowEndsAt: string | null;
  /** Always sent by the server (issue 17); optional for clients written before it. */
  window?: ComposerWindow;
}

/** Acknowledgement of a client event. */
export type Ack<T = unknown> =
  { ok: true; data: T } | { ok: false; message: string; code?: string };
