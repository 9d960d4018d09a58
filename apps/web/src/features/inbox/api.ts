import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  CLIENT_EVENTS,
  LIMITS,
  uploadedMediaSchema,
  type Message,
  type SendMessageBody,
} from '@sapa/contracts';
import type { z } from 'zod';
import { api } from '../../lib/http';
import { emitWithAck, isSocketConnected } from '../../lib/socket';
import { inboxKeys, type ChatFilter, type ChatPage, type MessagePage } from './cache';

export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

export function fetchChats(
  filter: ChatFilter,
  startKey: string | null,
  signal?: AbortSignal,
): Promise<ChatPage> {
  const searching = filter.searchText.trim() !== '';
  const perpage = searching
    ? LIMITS.chatPageSearch
    : startKey
      ? LIMITS.chatPageMore
      : LIMITS.chatPageFirst;
  return api.get<ChatPage>('chats/paginate', {
    params: {
      perpage,
      startKey: startKey ?? undefined,
      searchText: searching ? filter.searchText.trim() : undefined,
      assignee: filter.assignee,
      isArchive: false,
    },
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

/** The chat list, 50 first and 20 per load-more (spec §9). */
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

/** One conversation, newest page first; "next" pages are older messages. */
export function useMessages(chatId: string) {
  return useInfiniteQuery({
    queryKey: inboxKeys.messages(chatId),
    queryFn: ({ pageParam, signal }) => fetchMessages(chatId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextKey,
    staleTime: Infinity,
  });
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
