import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BALANCE_UPDATED_EVENT,
  CHANNEL_HEALTH_EVENT,
  chatSchema,
  DASHBOARD_UPDATED_EVENT,
  LIMITS,
  ORDER_UPDATED_EVENT,
  MESSAGES,
  SERVER_EVENTS,
  WABASIC_STATE_EVENT,
  type Chat,
  type IsUserInitiateEvent,
  type Role,
} from '@sapa/contracts';
import {
  applyMessageStatus,
  replaceMessage,
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
import {
  anyListHas,
  applyChatResult,
  isChatFilter,
  refreshOpened,
  updateChatLists,
} from '../features/inbox/chatListCache';
import { removeChat, replaceChat } from '../features/inbox/actions/listReducers';
import { applyBalanceUpdated, applyOrderUpdated } from '../features/billing/cache';
import { i18n } from './i18n';
import { applySaldoToStanding } from '../features/pricing/api';
import { applyChannelHealth } from '../features/integrations/api';
import { applyWabasicState } from '../features/integrations/whatsapp-basic/cache';
import { refreshDashboard } from '../features/home/api';
import {
  assignResultEvent,
  chatAssignedEvent,
  chatChangedEvent,
  chatMessageEvent,
  errorMessageEvent,
  isUserInitiateEvent,
  messageResolvedEvent,
  messageStatusEvent,
  readChatEvent,
} from './socketEventSchemas';

/** Who is looking: the spec's §4 rules differ by role and by division-only view. */
export interface RealtimeViewer {
  role: Role;
  divisionOnlyView: boolean;
}

/** Why a chat just left the agent's lists (spec §4); shown above the list for 60 s. */
export interface InboxAlertEvent {
  chatId: string;
  kind: 'assignedToAnother' | 'conversationResolved' | 'contactBlocked';
  /** The chat's name, for '{name} has been assigned to another agent'. */
  name: string;
}

/** What the event handlers may touch: the cache, who is signed in, and which chat is open. */
export interface RealtimeContext {
  queryClient: QueryClient;
  userId: string | null;
  /** null until the session's user is known; the §4 removal rules then do not apply. */
  viewer: RealtimeViewer | null;
  activeChatId: string | null;
  /**
   * Chats resolved while a supervisor or division-only user watched the ALL view (spec §4
   * "remembered as resolved"): a late event about them must not bring them back.
   */
  resolvedChatIds: Set<string>;
  /** Tells the server the open chat was read (emits `openChat`). */
  markRead: (chatId: string) => void;
  /** Shows a red toast; `text` is the server's English message. */
  notifyError: (text: string) => void;
  /** Shows a green toast; `text` is already translated. Same id, one toast. */
  notifySuccess: (text: string, id?: string) => void;
  /** Raises an inbox alert above the chat list. */
  alert: (alert: InboxAlertEvent) => void;
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

/** Supervisors and division-only users lose resolved chats from ALL (spec §4). */
function forgetsResolvedInAll(viewer: RealtimeViewer | null): boolean {
  return !!viewer && (viewer.role === 'supervisor' || viewer.divisionOnlyView);
}

/**
 * A chat remembered as resolved stays out of ALL while it is still resolved (gray); once the
 * customer writes again it is open again and comes back.
 */
function keptOut(ctx: RealtimeContext, chat: Chat, filter: ChatFilter): boolean {
  if (!ctx.resolvedChatIds.has(chat._id)) return false;
  if (chat.flag !== 'gray') {
    ctx.resolvedChatIds.delete(chat._id);
    return false;
  }
  return filter.assignee === 'ALL' && forgetsResolvedInAll(ctx.viewer);
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
  updateChatLists(ctx.queryClient, (data, filter) =>
    keptOut(ctx, chat, filter) ? data : upsertChat(data, chat, filter, ctx.userId),
  );
  refreshOpened(ctx.queryClient, chat);
  updateMessages(ctx, chat._id, (data) => upsertMessage(data, message));
  if (!message.fromMe && chat.channel === 'whatsapp') {
    // A customer message opens (or extends) WhatsApp's 24-hour window.
    const window: IsUserInitiateEvent = {
      chatId: chat._id,
      value: true,
      windowEndsAt: new Date(message.timestamp + LIMITS.customerWindowMs).toISOString(),
    };
    ctx.queryClient.setQueryData(inboxKeys.window(chat._id), window);
  } else if (!message.fromMe && (chat.channel === 'messenger' || chat.channel === 'instagram')) {
    // A page customer's message restarts both the 24 hours and the human agent's 7 days; the
    // server knows whether this channel uses the tag, so ask it.
    void ctx.queryClient.invalidateQueries({ queryKey: inboxKeys.window(chat._id) });
  }
}

/** Spec §4 "Assignment": agents and division-only users lose chats assigned to someone else. */
function onChatAssigned(ctx: RealtimeContext, payload: unknown): void {
  const parsed = chatAssignedEvent.safeParse(payload);
  if (!parsed.success) return resync(ctx, SERVER_EVENTS.chatAssigned, parsed.error);
  const { chat, by } = parsed.data;
  const viewer = ctx.viewer;
  const restricted = !!viewer && (viewer.role === 'agent' || viewer.divisionOnlyView);
  const toSomeoneElse = chat.agentId !== null && chat.agentId !== ctx.userId;
  if (restricted && toSomeoneElse) {
    const hadIt =
      anyListHas(ctx.queryClient, chat._id) ||
      ctx.activeChatId === chat._id ||
      parsed.data.previousAgentId === ctx.userId;
    updateChatLists(ctx.queryClient, (data) => removeChat(data, chat._id));
    refreshOpened(ctx.queryClient, chat);
    // The one who reassigned it knows already.
    if (hadIt && by?._id !== ctx.userId) {
      ctx.alert({
        chatId: chat._id,
        kind: 'assignedToAnother',
        name: chat.name || chat.identifier,
      });
    }
    return;
  }
  updateChatLists(ctx.queryClient, (data, filter) =>
    keptOut(ctx, chat, filter) ? data : replaceChat(data, chat, filter, ctx.userId),
  );
  refreshOpened(ctx.queryClient, chat);
}

/** Spec §4 "Resolved event". */
function onResolved(ctx: RealtimeContext, payload: unknown): void {
  const parsed = messageResolvedEvent.safeParse(payload);
  if (!parsed.success) return resync(ctx, SERVER_EVENTS.messageResolvedCreated, parsed.error);
  const { chat, by } = parsed.data;
  const viewer = ctx.viewer;
  const leavesAll = forgetsResolvedInAll(viewer);
  const agent = viewer?.role === 'agent';
  const agentHadIt =
    agent &&
    (anyListHas(ctx.queryClient, chat._id, (f) => f.assignee !== 'ALL') ||
      ctx.activeChatId === chat._id);
  const watchingAll = ctx.queryClient
    .getQueriesData<ChatPages>({ queryKey: inboxKeys.chatLists() })
    .some(([key]) => isChatFilter(key[2]) && key[2].assignee === 'ALL');
  if (leavesAll && watchingAll) ctx.resolvedChatIds.add(chat._id);
  updateChatLists(ctx.queryClient, (data, filter) => {
    if (leavesAll && filter.assignee === 'ALL') return removeChat(data, chat._id);
    if (agent && filter.assignee !== 'ALL') return removeChat(data, chat._id);
    return replaceChat(data, chat, filter, ctx.userId);
  });
  refreshOpened(ctx.queryClient, chat);
  void ctx.queryClient.invalidateQueries({ queryKey: ['tickets'] });
  if (agentHadIt && by?._id !== ctx.userId) {
    ctx.alert({ chatId: chat._id, kind: 'conversationResolved', name: chat.name });
  }
}

/** Spec §4 "Block": the chat leaves every list, with an alert for whoever had it. */
function onBlocked(ctx: RealtimeContext, payload: unknown): void {
  const parsed = chatChangedEvent.safeParse(payload);
  if (!parsed.success) return resync(ctx, SERVER_EVENTS.chatBlocked, parsed.error);
  const { chat } = parsed.data;
  const hadIt = anyListHas(ctx.queryClient, chat._id) || ctx.activeChatId === chat._id;
  updateChatLists(ctx.queryClient, (data) => removeChat(data, chat._id));
  refreshOpened(ctx.queryClient, chat);
  if (hadIt) ctx.alert({ chatId: chat._id, kind: 'contactBlocked', name: chat.name });
}

/** Spec §4 "Archive/unarchive": lists follow their own archive filter. */
function onArchiveChange(ctx: RealtimeContext, event: string, payload: unknown): void {
  const parsed = chatChangedEvent.safeParse(payload);
  if (!parsed.success) return resync(ctx, event, parsed.error);
  const { chat } = parsed.data;
  updateChatLists(ctx.queryClient, (data, filter) =>
    keptOut(ctx, chat, filter) ? data : replaceChat(data, chat, filter, ctx.userId),
  );
  refreshOpened(ctx.queryClient, chat);
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

  [SERVER_EVENTS.newMessageBroadcast]: (ctx, payload) =>
    onChatMessage(ctx, SERVER_EVENTS.newMessageBroadcast, payload),

  [SERVER_EVENTS.newMessagePushReply]: (ctx, payload) =>
    onChatMessage(ctx, SERVER_EVENTS.newMessagePushReply, payload),

  [SERVER_EVENTS.messageUpdated]: (ctx, payload) => {
    const parsed = chatMessageEvent.safeParse(payload);
    if (!parsed.success) return resync(ctx, SERVER_EVENTS.messageUpdated, parsed.error);
    const { chat, message } = parsed.data;
    // In place: an unsent message keeps its spot in the thread and the chat its spot in lists.
    updateMessages(ctx, chat._id, (data) => replaceMessage(data, message));
    updateChatLists(ctx.queryClient, (data, filter) =>
      keptOut(ctx, chat, filter) ? data : replaceChat(data, chat, filter, ctx.userId),
    );
    refreshOpened(ctx.queryClient, chat);
  },

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
    updateChatLists(ctx.queryClient, (data) =>
      patchChat(data, parsed.data.chatId, { unreadCount: 0 }),
    );
  },

  [SERVER_EVENTS.isUserInitiate]: (ctx, payload) => {
    const parsed = isUserInitiateEvent.safeParse(payload);
    if (!parsed.success) return resync(ctx, SERVER_EVENTS.isUserInitiate, parsed.error);
    ctx.queryClient.setQueryData(inboxKeys.window(parsed.data.chatId), parsed.data);
  },

  [SERVER_EVENTS.chat]: (ctx, payload) => {
    const parsed = chatSchema.safeParse(payload);
    // Some emitters wrap it as {chat}; accept both rather than resync on every such event.
    const wrapped = parsed.success ? null : chatChangedEvent.safeParse(payload);
    const chat = parsed.success ? parsed.data : wrapped?.success ? wrapped.data.chat : null;
    if (!chat) return resync(ctx, SERVER_EVENTS.chat, parsed.error ?? new z.ZodError([]));
    // Labels, flags, unblock: nothing was said, so the chat keeps its place in the list.
    updateChatLists(ctx.queryClient, (data, filter) =>
      keptOut(ctx, chat, filter) ? data : replaceChat(data, chat, filter, ctx.userId),
    );
    refreshOpened(ctx.queryClient, chat);
  },

  [SERVER_EVENTS.chatAssigned]: onChatAssigned,

  [SERVER_EVENTS.assignChatResult]: (ctx, payload) => {
    const parsed = assignResultEvent.safeParse(payload);
    if (!parsed.success) return resync(ctx, SERVER_EVENTS.assignChatResult, parsed.error);
    const event = parsed.data;
    if (!event.ok) return ctx.notifyError(event.message ?? MESSAGES.someError);
    if (event.chat) applyChatResult(ctx.queryClient, event.chat, ctx.userId);
    const name = event.chat?.agent?.name;
    // Same id as the REST answer's toast, so the actor sees one.
    ctx.notifySuccess(
      name ? i18n.t('chatActions:assign.doneTo', { name }) : i18n.t('chatActions:assign.done'),
      `assign-${event.chatId}`,
    );
  },

  [SERVER_EVENTS.messageResolvedCreated]: onResolved,

  [SERVER_EVENTS.chatBlocked]: onBlocked,

  [SERVER_EVENTS.chatArchived]: (ctx, payload) =>
    onArchiveChange(ctx, SERVER_EVENTS.chatArchived, payload),

  [SERVER_EVENTS.chatUnarchived]: (ctx, payload) =>
    onArchiveChange(ctx, SERVER_EVENTS.chatUnarchived, payload),

  [SERVER_EVENTS.balanceCheck]: (ctx) => ctx.notifyError(MESSAGES.insufficientBalance),

  // Issue 16: the money pages (balance, orders, ledger) and the balance banner follow payments,
  // charges and refunds.
  [BALANCE_UPDATED_EVENT]: (ctx, payload) => {
    const saldo = applyBalanceUpdated(ctx.queryClient, payload);
    if (saldo !== null) applySaldoToStanding(ctx.queryClient, saldo);
  },

  [ORDER_UPDATED_EVENT]: (ctx, payload) => applyOrderUpdated(ctx.queryClient, payload),

  // Admins only: a channel needs attention (Meta refused its token) or works again.
  [CHANNEL_HEALTH_EVENT]: (ctx, payload) => {
    const service = applyChannelHealth(ctx.queryClient, payload);
    if (service?.health.status === 'needs_attention')
      ctx.notifyError(i18n.t('integrations:health.toast', { name: service.name }));
  },

  // Issue 20 (admins): a linked number's state or QR changed; the pages follow without polling,
  // and a number the phone unlinked is said wherever the admin is.
  [WABASIC_STATE_EVENT]: (ctx, payload) => {
    const change = applyWabasicState(ctx.queryClient, payload);
    if (change?.newlyLoggedOut)
      ctx.notifyError(i18n.t('integrations:wabasic.toast', { name: change.status.name ?? '' }));
  },

  // Issue 18: the floor changed (at most every 2 s per account); the dashboard fetches it again.
  [DASHBOARD_UPDATED_EVENT]: (ctx) => refreshDashboard(ctx.queryClient),
};
