import type { Chat } from '@sapa/contracts';
import { chatMatchesFilter, type ChatFilter, type ChatPage, type ChatPages } from '../cache';

/**
 * Reducers for chat changes that carry no new message (assignment, labels, flag, archive,
 * block, resolve): unlike `upsertChat` they keep the chat where it is instead of moving it to
 * the top, because nothing new was said in it.
 */

export function removeChat(data: ChatPages | undefined, chatId: string): ChatPages | undefined {
  if (!data) return data;
  if (!data.pages.some((p) => p.data.some((c) => c._id === chatId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.data.some((c) => c._id === chatId)
        ? { ...page, data: page.data.filter((c) => c._id !== chatId) }
        : page,
    ),
  };
}

export function listHasChat(data: ChatPages | undefined, chatId: string): boolean {
  return !!data?.pages.some((p) => p.data.some((c) => c._id === chatId));
}

/**
 * Lists are newest-first by lastUpdate. A chat that now belongs in a list goes to its place among
 * the loaded chats; one older than everything loaded is left for "load more" to bring.
 */
function insertInOrder(data: ChatPages, chat: Chat): ChatPages {
  const pages: ChatPage[] = data.pages.map((p) => ({ ...p, data: [...p.data] }));
  for (const page of pages) {
    const index = page.data.findIndex((c) => c.lastUpdate < chat.lastUpdate);
    if (index >= 0) {
      page.data.splice(index, 0, chat);
      return { ...data, pages };
    }
  }
  const last = pages[pages.length - 1];
  if (!last) return { ...data, pages: [{ data: [chat], nextKey: null }] };
  // Everything is loaded: the chat is simply the oldest one.
  if (last.nextKey === null) {
    last.data.push(chat);
    return { ...data, pages };
  }
  return data;
}

/** Puts the chat's new state in a list: in place, out of it, or into it, by the list's filter. */
export function replaceChat(
  data: ChatPages | undefined,
  chat: Chat,
  filter: ChatFilter,
  userId: string | null,
): ChatPages | undefined {
  if (!data) return data;
  const present = listHasChat(data, chat._id);
  if (!chatMatchesFilter(chat, filter, userId)) return present ? removeChat(data, chat._id) : data;
  if (present) {
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.data.some((c) => c._id === chat._id)
          ? { ...page, data: page.data.map((c) => (c._id === chat._id ? chat : c)) }
          : page,
      ),
    };
  }
  // The server's search may match on more than the client can see: never add to results.
  if (filter.searchText.trim()) return data;
  return insertInOrder(data, chat);
}
