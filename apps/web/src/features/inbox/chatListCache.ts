import type { QueryClient } from '@tanstack/react-query';
import type { Chat } from '@sapa/contracts';
import { inboxKeys, type ChatFilter, type ChatPages } from './cache';
import { listHasChat, replaceChat } from './actions/listReducers';

// Every cached chat list remembers the filter it was fetched with (its query key's third part);
// these walk all of them, for socket events and for the answers of chat actions alike.

export function isChatFilter(value: unknown): value is ChatFilter {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as ChatFilter).assignee === 'string' &&
    typeof (value as ChatFilter).searchText === 'string' &&
    typeof (value as ChatFilter).isArchive === 'boolean'
  );
}

/** Runs `update` on every cached chat list with the filter that list was fetched with. */
export function updateChatLists(
  queryClient: QueryClient,
  update: (data: ChatPages | undefined, filter: ChatFilter) => ChatPages | undefined,
): void {
  for (const [key] of queryClient.getQueriesData<ChatPages>({
    queryKey: inboxKeys.chatLists(),
  })) {
    const filter = key[2];
    if (!isChatFilter(filter)) continue;
    queryClient.setQueryData<ChatPages>(key, (data) => update(data, filter));
  }
}

/** Whether any cached list (optionally only those passing `which`) holds the chat. */
export function anyListHas(
  queryClient: QueryClient,
  chatId: string,
  which: (filter: ChatFilter) => boolean = () => true,
): boolean {
  return queryClient
    .getQueriesData<ChatPages>({ queryKey: inboxKeys.chatLists() })
    .some(([key, data]) => isChatFilter(key[2]) && which(key[2]) && listHasChat(data, chatId));
}

/** The open conversation reads the chat from `opened` once it leaves the lists: keep it fresh. */
export function refreshOpened(queryClient: QueryClient, chat: Chat): void {
  queryClient.setQueryData<Chat>(inboxKeys.opened(chat._id), (old) => (old ? chat : old));
}

/**
 * The answer of a chat action (assign, labels, flag, archive, block, resolve) as the actor's
 * screen applies it: every list moves the chat in, out or in place by its own filter.
 */
export function applyChatResult(queryClient: QueryClient, chat: Chat, userId: string | null): void {
  updateChatLists(queryClient, (data, filter) => replaceChat(data, chat, filter, userId));
  refreshOpened(queryClient, chat);
}
