import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { MESSAGES, SERVER_EVENTS, type IsUserInitiateEvent } from '@sapa/contracts';
import {
  flattenMessages,
  inboxKeys,
  DEFAULT_CHAT_FILTER,
  type ChatFilter,
  type ChatPages,
  type MessagePages,
} from '../features/inbox/cache';
import { chatPages, makeChat, makeMessage, messagePages } from '../features/inbox/testFixtures';
import { SERVER_EVENT_HANDLERS, type RealtimeContext } from './socketEvents';

const ALL: ChatFilter = { ...DEFAULT_CHAT_FILTER, assignee: 'ALL', searchText: '' };
const MINE: ChatFilter = { ...DEFAULT_CHAT_FILTER, assignee: 'MINE', searchText: '' };

function setup(activeChatId: string | null = null) {
  const queryClient = new QueryClient();
  const ctx: RealtimeContext = {
    queryClient,
    userId: 'user-1',
    viewer: { role: 'agent', divisionOnlyView: false },
    activeChatId,
    resolvedChatIds: new Set(),
    markRead: vi.fn(),
    notifyError: vi.fn(),
    notifySuccess: vi.fn(),
    alert: vi.fn(),
  };
  const emit = (event: string, payload: unknown) => SERVER_EVENT_HANDLERS[event]?.(ctx, payload);
  return { queryClient, ctx, emit };
}

describe('socket event table', () => {
  const other = makeChat({ _id: 'other' });
  const chat = makeChat({ unreadCount: 1 });

  it('new.message.in moves the chat up in every list (by its own filter) and appends the message', () => {
    const { queryClient, emit } = setup();
    queryClient.setQueryData<ChatPages>(inboxKeys.chatList(ALL), chatPages([other]));
    queryClient.setQueryData<ChatPages>(inboxKeys.chatList(MINE), chatPages([other]));
    queryClient.setQueryData<MessagePages>(inboxKeys.messages(chat._id), messagePages([]));
    const unassigned = { ...chat, agentId: null, agent: null, lastMessage: 'Ada stok?' };
    emit(SERVER_EVENTS.newMessageIn, { chat: unassigned, message: makeMessage({ _id: '55' }) });

    const all = queryClient.getQueryData<ChatPages>(inboxKeys.chatList(ALL));
    expect(all?.pages[0]?.data.map((c) => c._id)).toEqual([chat._id, 'other']);
    // Not the agent's chat: it stays out of MINE.
    const mine = queryClient.getQueryData<ChatPages>(inboxKeys.chatList(MINE));
    expect(mine?.pages[0]?.data.map((c) => c._id)).toEqual(['other']);
    const messages = queryClient.getQueryData<MessagePages>(inboxKeys.messages(chat._id));
    expect(flattenMessages(messages).map((m) => m._id)).toEqual(['55']);
    // A customer message opens WhatsApp's window.
    expect(queryClient.getQueryData<IsUserInitiateEvent>(inboxKeys.window(chat._id))?.value).toBe(
      true,
    );
  });

  it('marks the open chat read as its messages arrive', () => {
    const { queryClient, ctx, emit } = setup(chat._id);
    queryClient.setQueryData<ChatPages>(inboxKeys.chatList(ALL), chatPages([]));
    emit(SERVER_EVENTS.newMessageIn, { chat: { ...chat, unreadCount: 2 }, message: makeMessage() });
    expect(ctx.markRead).toHaveBeenCalledWith(chat._id);
    const all = queryClient.getQueryData<ChatPages>(inboxKeys.chatList(ALL));
    expect(all?.pages[0]?.data[0]?.unreadCount).toBe(0);
  });

  it('message.status updates the ticks; read.chat clears the unread badge', () => {
    const { queryClient, emit } = setup();
    queryClient.setQueryData<ChatPages>(inboxKeys.chatList(ALL), chatPages([chat]));
    queryClient.setQueryData<MessagePages>(
      inboxKeys.messages(chat._id),
      messagePages([makeMessage({ _id: '9', fromMe: true, status: 'sent' })]),
    );
    emit(SERVER_EVENTS.messageStatus, { chatId: chat._id, messageId: '9', status: 'read' });
    emit(SERVER_EVENTS.readChat, { chatId: chat._id, userId: 'user-2' });
    const messages = queryClient.getQueryData<MessagePages>(inboxKeys.messages(chat._id));
    expect(flattenMessages(messages)[0]?.status).toBe('read');
    const all = queryClient.getQueryData<ChatPages>(inboxKeys.chatList(ALL));
    expect(all?.pages[0]?.data[0]?.unreadCount).toBe(0);
  });

  it('error.message fails the message and, for the 24-hour refusal, closes the window', () => {
    const { queryClient, ctx, emit } = setup();
    queryClient.setQueryData<MessagePages>(
      inboxKeys.messages(chat._id),
      messagePages([makeMessage({ _id: '9', fromMe: true, status: 'queue' })]),
    );
    emit(SERVER_EVENTS.errorMessage, {
      chatId: chat._id,
      messageId: '9',
      message: MESSAGES.windowClosedCode,
      code: 131047,
    });
    const messages = queryClient.getQueryData<MessagePages>(inboxKeys.messages(chat._id));
    expect(flattenMessages(messages)[0]?.status).toBe('failed');
    expect(queryClient.getQueryData<IsUserInitiateEvent>(inboxKeys.window(chat._id))?.value).toBe(
      false,
    );
    expect(ctx.notifyError).toHaveBeenCalledWith(MESSAGES.windowClosedCode);
  });

  it('an unreadable payload refetches instead of corrupting the cache', () => {
    const { queryClient, emit } = setup();
    const data = chatPages([chat]);
    queryClient.setQueryData<ChatPages>(inboxKeys.chatList(ALL), data);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    emit(SERVER_EVENTS.newMessageIn, { chat: { _id: 'broken' } });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.all });
    expect(queryClient.getQueryData(inboxKeys.chatList(ALL))).toBe(data);
  });
});
