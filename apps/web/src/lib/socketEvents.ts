import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  chatSchema,
  LIMITS,
  MESSAGES,
  messageSchema,
  messageStatusSchema,
  SERVER_EVENTS,
  type Chat,
  type IsUserInitiateEvent,
} from '@sapa/contracts';
import {
  applyMessageStatus,
  closedWindow,
  inboxKeys,
  markMessageFailed,
  patchChat,
  upsertChat,
  upsertMessage,
  type ChatFilter,
  type ChatPages,
  type MessagePages,
} from '../features/inbox/cache';

/** What the event handlers may touch: the cache, who is signed in, and which chat is open. */
export interface RealtimeContext {
  queryClient: QueryClient;
  userId: string | null;
  activeChatId: string | null;
  /** Tells the server the open chat was read (emits `openChat`). */
  markRead: (chatId: string) => void;
  /** Shows a red toast; `text` is the server's English message. */
  notifyError: (text: string) => void;
}

const chatMessageEvent = z.object({ chat: chatSchema, message: messageSchema });
const messageStatusEvent = z.object({
  chatId: z.string(),
  messageId: z.string(),
  status: messageStatusSchema,
  error: z.object({ code: z.number().nullable(), message: z.string() }).optional(),
});
const errorMessageEvent = z.object({
  chatId: z.string(),
  messageId: z.string().optional(),
  message: z.string(),
  code: z.union([z.number(), z.string()]).nullable().optional(),
});
const readChatEvent = z.object({ chatId: z.string(), userId: z.string() });
const isUserInitiateEvent = z.object({
  chatId: z.string(),
  value: z.boolean(),
  windowEndsAt: z.string().nullable(),
});

function isChatFilter(value: unknown): value is ChatFilter {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as ChatFilter).assignee === 'string' &&
    typeof (value as ChatFilter).searchText === 'string' &&
    typeof (value as ChatFilter).isArchive === 'boolean'
  );
}

/** Runs `update` on every cached chat list with the filter that list was fetched with. */
function updateChatLists(
  ctx: RealtimeContext,
  update: (data: ChatPages | undefined, filter: ChatFilter) => ChatPages | undefined,
): void {
  for (const [key] of ctx.queryClient.getQueriesData<ChatPages>({
    queryKey: inboxKeys.chatLists(),
  })) {
    const filter = key[2];
    if (!isChatFilter(filter)) continue;
    ctx.queryClient.setQueryData<ChatPages>(key, (data) => update(data, filter));
  }
}

function updateMessages(
  ctx: RealtimeContext,
  chatId: string,
  update: (data: MessagePages | undefined) => MessagePages | undefined,
): void {
  ctx.queryClient.setQueryData<MessagePages>(inboxKeys.messages(chatId), update);
}

/** A payload we cannot read means our cache may be behind: fetch the truth instead. */
function resync(ctx: RealtimeContext, event: string, error: z.ZodError): void {
  console.warn(`Unreadable ${event} payload`, error.issues);
  void ctx.queryClient.invalidateQueries({ queryKey: inboxKeys.all });
}

function onChatMessage(ctx: RealtimeContext, event: string, payload: unknown): void {
  const parsed = chatMessageEvent.safeParse(payload);
  if (!parsed.success) return resync(ctx, event, parsed.error);
  const { message } = parsed.data;
  let chat: Chat = parsed.data.chat;
  if (chat._id === ctx.activeChatId && !message.fromMe) {
    // The agent is looking at this chat: it is read as it arrives.
    chat = { ...chat, unreadCount: 0 };
    ctx.markRead(chat._id);
  }
  updateChatLists(ctx, (data, filter) => upsertChat(data, chat, filter, ctx.userId));
  updateMessages(ctx, chat._id, (data) => upsertMessage(data, message));
  if (!message.fromMe && chat.channel === 'whatsapp') {
    // A customer message opens (or extends) WhatsApp's 24-hour window.
    const window: IsUserInitiateEvent = {
      chatId: chat._id,
      value: true,
      windowEndsAt: new Date(message.timestamp + LIMITS.customerWindowMs).toISOString(),
    };
    ctx.queryClient.setQueryData(inboxKeys.window(chat._id), window);
  }
}

type Handler = (ctx: RealtimeContext, payload: unknown) => void;

/**
 * THE table of server events the web app reacts to (spec §7): each one turns a payload into a
 * cache update. Events not listed here are not used by any screen yet.
 */
export const SERVER_EVENT_HANDLERS: Readonly<Record<string, Handler>> = {
  [SERVER_EVENTS.newMessageIn]: (ctx, payload) =>
    onChatMessage(ctx, SERVER_EVENTS.newMessageIn, payload),

  [SERVER_EVENTS.messageOut]: (ctx, payload) =>
    onChatMessage(ctx, SERVER_EVENTS.messageOut, payload),

  [SERVER_EVENTS.messageStatus]: (ctx, payload) => {
    const parsed = messageStatusEvent.safeParse(payload);
    if (!parsed.success) return resync(ctx, SERVER_EVENTS.messageStatus, parsed.error);
    const event = parsed.data;
    updateMessages(ctx, event.chatId, (data) => applyMessageStatus(data, event));
  },

  [SERVER_EVENTS.errorMessage]: (ctx, payload) => {
    const parsed = errorMessageEvent.safeParse(payload);
    if (!parsed.success) return resync(ctx, SERVER_EVENTS.errorMessage, parsed.error);
    const event = parsed.data;
    if (event.messageId !== undefined) {
      const ref = { messageId: event.messageId };
      updateMessages(ctx, event.chatId, (data) => markMessageFailed(data, ref, event.message));
    }
    if (event.message === MESSAGES.windowClosedCode) {
      ctx.queryClient.setQueryData(inboxKeys.window(event.chatId), closedWindow(event.chatId));
    }
    ctx.notifyError(event.message);
  },

  [SERVER_EVENTS.readChat]: (ctx, payload) => {
    const parsed = readChatEvent.safeParse(payload);
    if (!parsed.success) return resync(ctx, SERVER_EVENTS.readChat, parsed.error);
    updateChatLists(ctx, (data) => patchChat(data, parsed.data.chatId, { unreadCount: 0 }));
  },

  [SERVER_EVENTS.isUserInitiate]: (ctx, payload) => {
    const parsed = isUserInitiateEvent.safeParse(payload);
    if (!parsed.success) return resync(ctx, SERVER_EVENTS.isUserInitiate, parsed.error);
    ctx.queryClient.setQueryData(inboxKeys.window(parsed.data.chatId), parsed.data);
  },
};
