import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import {
  chatCountSchema,
  CLIENT_EVENTS,
  LIMITS,
  messagePageSchema,
  uploadedMediaSchema,
  type Message,
  type SendMessageBody,
} from '@sapa/contracts';
import type { z } from 'zod';
import { api } from '../../lib/http';
import { emitWithAck, isSocketConnected } from '../../lib/socket';
import { inboxKeys, type ChatFilter, type ChatPage, type MessagePage } from './cache';
import { chatListParams } from './filters';

export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

export function fetchChats(
  filter: ChatFilter,
  startKey: string | null,
  signal?: AbortSignal,
): Promise<ChatPage> {
  return api.get<ChatPage>('chats/paginate', {
    params: chatListParams(filter, startKey),
    // Spec §9: the chat list gives up after 12 s, not the default 30 s.
    timeout: LIMITS.chatListTimeoutMs,
    ...(signal ? { signal } : {}),
  });
}

export function fetchMessages(
  chatId: string,
  startKey: string | null,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return api.get<MessagePage>('messages/paginate', {
    params: {
      chatId,
      perpage: startKey ? LIMITS.messagePageMore : LIMITS.messagePageFirst,
      startKey: startKey ?? undefined,
    },
    ...(signal ? { signal } : {}),
  });
}

/** The chat list: 50 first, 20 per load-more, 150 for a search (spec §9). */
export function useChatList(filter: ChatFilter) {
  return useInfiniteQuery({
    queryKey: inboxKeys.chatList(filter),
    queryFn: ({ pageParam, signal }) => fetchChats(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextKey,
    // The socket keeps the list current; refetching would only reorder under the agent's cursor.
    staleTime: Infinity,
  });
}

export const searchKeys = {
  // Not under inboxKeys.chatLists(): live chat events must not try to insert chats into it.
  messages: (searchText: string) => ['inbox', 'message-search', searchText] as const,
  unread: () => ['inbox', 'unread-count'] as const,
};

export type MessageSearchPage = z.infer<typeof messagePageSchema>;

/** Spec §7: `messages/paginate` with searchText searches the whole history, 10 per page. */
export async function fetchMessageSearch(
  searchText: string,
  startKey: string | null,
  signal?: AbortSignal,
): Promise<MessageSearchPage> {
  return messagePageSchema.parse(
    await api.get<unknown>('messages/paginate', {
      params: {
        searchText,
        perpage: LIMITS.messagePageSearch,
        startKey: startKey ?? undefined,
      },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useMessageSearch(searchText: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: searchKeys.messages(searchText),
    queryFn: ({ pageParam, signal }) => fetchMessageSearch(searchText, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextKey,
    enabled,
    staleTime: 30_000,
  });
}

/** `GET chats/unread`: how many chats wait to be read, for the tab title. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.unread(),
    queryFn: async ({ signal }) =>
      chatCountSchema.parse(await api.get<unknown>('chats/unread', { signal })).total,
    enabled,
    staleTime: Infinity,
    retry: 1,
  });
}

/** One conversation, newest page first; "next" pages are older messages. */
export function messagesQuery(chatId: string) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.messages(chatId),
    queryFn: ({ pageParam, signal }) => fetchMessages(chatId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MessagePage) => last.nextKey,
    staleTime: Infinity,
  });
}

export function useMessages(chatId: string) {
  return useInfiniteQuery(messagesQuery(chatId));
}

/**
 * Starts a conversation's first page as the agent picks it (pointer down, click, arrow key),
 * so the request runs while the conversation pane renders instead of after it. A page already
 * cached is not asked again (the socket keeps it current).
 */
export function prefetchMessages(queryClient: QueryClient, chatId: string): Promise<void> {
  return queryClient.prefetchInfiniteQuery(messagesQuery(chatId));
}

/** The 24-hour window (WhatsApp only), asked over the socket when the chat opens. */
export function useChatWindow(chatId: string, enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.window(chatId),
    queryFn: () => emitWithAck(CLIENT_EVENTS.getIsUserInitiate, { chatId }),
    enabled,
    staleTime: Infinity,
    retry: 1,
  });
}

export async function uploadMedia(file: File): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file);
  return uploadedMediaSchema.parse(await api.post<unknown>('media', { body: form }));
}

/**
 * Sends over the socket (the main path); when the socket is down the same body goes to
 * POST /messages. The server deduplicates on generatedId, so a send that raced a reconnect is
 * still stored once.
 */
export function sendMessage(body: SendMessageBody): Promise<Message> {
  if (isSocketConnected()) return emitWithAck(CLIENT_EVENTS.newMessageOut, body);
  return api.post<Message>('messages', { body });
}
