import type { InfiniteData } from '@tanstack/react-query';
import type {
  Chat,
  IsUserInitiateEvent,
  Message,
  MessageStatus,
  MessageStatusEvent,
} from '@sapa/contracts';

/**
 * Pure reducers over the inbox's TanStack Query cache. The socket's event table and the composer
 * both go through these, so a live event and an acknowledgement can never disagree about where a
 * chat or a message belongs.
 */

export const ASSIGNEES = ['ALL', 'MINE', 'UNASSIGNED'] as const;
export type Assignee = (typeof ASSIGNEES)[number];

export const FLAG_FILTERS = ['gray', 'red', 'green'] as const;

/**
 * Spec §3 "Chat filter": channel, assignment, resolved, flag, label, isArchive, unread, plus the
 * search box. Every list in the cache is keyed by one of these, so live events can tell whether
 * a chat belongs in it.
 */
export interface ChatFilter {
  assignee: Assignee;
  searchText: string;
  channel: Chat['channel'] | null;
  /** true: only resolved (gray); false: only open (red or green); null: both. */
  resolved: boolean | null;
  flag: Chat['flag'] | null;
  /** A label id. */
  label: string | null;
  isArchive: boolean;
  unread: boolean;
}

export const DEFAULT_CHAT_FILTER: Omit<ChatFilter, 'assignee'> = {
  searchText: '',
  channel: null,
  resolved: null,
  flag: null,
  label: null,
  isArchive: false,
  unread: false,
};

export interface ChatPage {
  data: Chat[];
  nextKey: string | null;
}

export interface MessagePage {
  data: Message[];
  nextKey: string | null;
}

export type ChatPages = InfiniteData<ChatPage>;
/** pages[0] is the newest page; each later page holds older messages (oldest first inside). */
export type MessagePages = InfiniteData<MessagePage>;

export const inboxKeys = {
  all: ['inbox'] as const,
  chatLists: () => ['inbox', 'chats'] as const,
  chatList: (filter: ChatFilter) => ['inbox', 'chats', filter] as const,
  messages: (chatId: string) => ['inbox', 'messages', chatId] as const,
  window: (chatId: string) => ['inbox', 'window', chatId] as const,
  opened: (chatId: string | null) => ['inbox', 'opened', chatId] as const,
};

/** Whether a chat belongs in a list with this filter, as far as the client can tell. */
export function chatMatchesFilter(chat: Chat, filter: ChatFilter, userId: string | null): boolean {
  if (chat.blocked) return false;
  if (chat.isArchive !== filter.isArchive) return false;
  if (filter.assignee === 'MINE' && chat.agentId !== userId) return false;
  if (filter.assignee === 'UNASSIGNED' && chat.agentId !== null) return false;
  if (filter.channel && chat.channel !== filter.channel) return false;
  if (filter.flag && chat.flag !== filter.flag) return false;
  if (filter.resolved === true && chat.flag !== 'gray') return false;
  if (filter.resolved === false && chat.flag === 'gray') return false;
  if (filter.label && !chat.label.includes(filter.label)) return false;
  if (filter.unread && chat.unreadCount === 0) return false;
  const needle = filter.searchText.trim().toLowerCase();
  if (needle) {
    const haystack = `${chat.name} ${chat.identifier}`.toLowerCase();
    if (!haystack.includes(needle)) return false;
  }
  return true;
}

function withoutChat(pages: ChatPage[], chatId: string): ChatPage[] {
  return pages.map((page) =>
    page.data.some((c) => c._id === chatId)
      ? { ...page, data: page.data.filter((c) => c._id !== chatId) }
      : page,
  );
}

/**
 * A chat with news (a message in or out): moves to the top of the list with its new preview,
 * flag and unread count. A chat that no longer matches the list's filter (assigned to someone
 * else, archived) leaves it. Search results are only updated in place, because the server's
 * search may match on more than the client can see.
 */
export function upsertChat(
  data: ChatPages | undefined,
  chat: Chat,
  filter: ChatFilter,
  userId: string | null,
): ChatPages | undefined {
  if (!data) return data;
  const pages = withoutChat(data.pages, chat._id);
  const present = data.pages.some((p) => p.data.some((c) => c._id === chat._id));
  if (!chatMatchesFilter(chat, filter, userId)) return present ? { ...data, pages } : data;
  if (filter.searchText.trim() && !present) return data;
  const [first, ...rest] = pages;
  const top: ChatPage = { data: [chat, ...(first?.data ?? [])], nextKey: first?.nextKey ?? null };
  return { ...data, pages: [top, ...rest] };
}

/** Changes a listed chat in place (read marks, flags) without moving it. */
export function patchChat(
  data: ChatPages | undefined,
  chatId: string,
  patch: Partial<Chat>,
): ChatPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.data.some((c) => c._id === chatId)) return page;
    changed = true;
    return { ...page, data: page.data.map((c) => (c._id === chatId ? { ...c, ...patch } : c)) };
  });
  return changed ? { ...data, pages } : data;
}

export function findChat(data: ChatPages | undefined, chatId: string): Chat | null {
  for (const page of data?.pages ?? []) {
    const chat = page.data.find((c) => c._id === chatId);
    if (chat) return chat;
  }
  return null;
}

/** Spec §4: the unread badge counts at most 1 per chat. */
export function unreadBadge(chat: Pick<Chat, 'unreadCount'>): 0 | 1 {
  return chat.unreadCount > 0 ? 1 : 0;
}

// ---- messages

const PROGRESS: Partial<Record<MessageStatus, number>> = {
  queue: 0,
  delayed: 0,
  received: 0,
  sent: 1,
  delivered: 2,
  read: 3,
};

/**
 * Statuses only move forward (the ack saying "queue" can arrive after the "sent" event), and a
 * terminal one (failed, expired, ...) is final.
 */
export function mergeStatus(current: MessageStatus, incoming: MessageStatus): MessageStatus {
  const a = PROGRESS[current];
  const b = PROGRESS[incoming];
  if (a === undefined) return current;
  if (b === undefined) return incoming;
  return b >= a ? incoming : current;
}

function sameMessage(a: Message, b: Message): boolean {
  return a._id === b._id || (a.generatedId !== null && a.generatedId === b.generatedId);
}

function merged(existing: Message, incoming: Message): Message {
  return {
    ...incoming,
    status: mergeStatus(existing.status, incoming.status),
    error: incoming.error ?? existing.error,
  };
}

/** Adds a message to the newest page, or replaces its copy (same _id, or the optimistic bubble). */
export function upsertMessage(
  data: MessagePages | undefined,
  message: Message,
): MessagePages | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.data.some((m) => sameMessage(m, message))) return page;
    found = true;
    return {
      ...page,
      data: page.data.map((m) => (sameMessage(m, message) ? merged(m, message) : m)),
    };
  });
  if (found) return { ...data, pages };
  const [first, ...rest] = data.pages;
  const newest: MessagePage = {
    data: [...(first?.data ?? []), message],
    nextKey: first?.nextKey ?? null,
  };
  return { ...data, pages: [newest, ...rest] };
}

function mapMessages(
  data: MessagePages | undefined,
  match: (m: Message) => boolean,
  change: (m: Message) => Message,
): MessagePages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.data.some(match)) return page;
    changed = true;
    return { ...page, data: page.data.map((m) => (match(m) ? change(m) : m)) };
  });
  return changed ? { ...data, pages } : data;
}

/** A message changed after it was shown (Instagram unsend): its copy is replaced where it is. */
export function replaceMessage(
  data: MessagePages | undefined,
  message: Message,
): MessagePages | undefined {
  return mapMessages(
    data,
    (m) => m._id === message._id,
    () => message,
  );
}

export function applyMessageStatus(
  data: MessagePages | undefined,
  event: MessageStatusEvent,
): MessagePages | undefined {
  return mapMessages(
    data,
    (m) => m._id === event.messageId,
    (m) => {
      const status = mergeStatus(m.status, event.status);
      return { ...m, status, error: status === event.status ? (event.error ?? m.error) : m.error };
    },
  );
}

/** Marks one message failed, found by server id or by the client's generatedId. */
export function markMessageFailed(
  data: MessagePages | undefined,
  ref: { messageId?: string; generatedId?: string },
  reason: string,
): MessagePages | undefined {
  return mapMessages(
    data,
    (m) =>
      (ref.messageId !== undefined && m._id === ref.messageId) ||
      (ref.generatedId !== undefined && m.generatedId === ref.generatedId),
    (m) => ({ ...m, status: 'failed', error: { code: m.error?.code ?? null, message: reason } }),
  );
}

/** Chronological list for display: oldest page first, each page already oldest-first. */
export function flattenMessages(data: MessagePages | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  for (let i = data.pages.length - 1; i >= 0; i -= 1) {
    for (const m of data.pages[i]?.data ?? []) {
      // A message that arrived live can show up again in a later "older" page after a reload.
      if (seen.has(m._id)) continue;
      seen.add(m._id);
      out.push(m);
    }
  }
  return out;
}

/** The 24-hour window as the composer reads it; closes itself when windowEndsAt passes. */
export function isWindowOpen(state: IsUserInitiateEvent | undefined, now: number): boolean {
  if (!state) return true;
  if (!state.value) return false;
  return state.windowEndsAt === null || Date.parse(state.windowEndsAt) > now;
}

export function closedWindow(chatId: string): IsUserInitiateEvent {
  return { chatId, value: false, windowEndsAt: null };
}
