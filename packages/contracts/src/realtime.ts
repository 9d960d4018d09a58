import type { Chat, Message, MessageStatus } from './chats.js';

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

export interface IsUserInitiateEvent {
  chatId: string;
  value: boolean;
  windowEndsAt: string | null;
}

/** Acknowledgement of a client event. */
export type Ack<T = unknown> =
  { ok: true; data: T } | { ok: false; message: string; code?: string };
