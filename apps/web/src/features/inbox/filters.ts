import { CHANNEL_TYPES, CHAT_FLAGS, LIMITS } from '@sapa/contracts';
import { z } from 'zod';
import type { QueryValue } from '../../lib/http';
import { getChatState, setChatState } from '../../lib/storage';
import { ASSIGNEES, DEFAULT_CHAT_FILTER, type Assignee, type ChatFilter } from './cache';

/** The filters the popover sets; assignment and search have their own controls. */
export type ListFilters = Omit<ChatFilter, 'assignee' | 'searchText'>;

export const DEFAULT_LIST_FILTERS: ListFilters = {
  channel: DEFAULT_CHAT_FILTER.channel,
  resolved: DEFAULT_CHAT_FILTER.resolved,
  flag: DEFAULT_CHAT_FILTER.flag,
  label: DEFAULT_CHAT_FILTER.label,
  isArchive: DEFAULT_CHAT_FILTER.isArchive,
  unread: DEFAULT_CHAT_FILTER.unread,
};

export type FilterKey = keyof ListFilters;
export const FILTER_KEYS = Object.keys(DEFAULT_LIST_FILTERS) as FilterKey[];

/** Search text that actually searches: trimmed, and empty means "not searching". */
export function searchNeedle(filter: Pick<ChatFilter, 'searchText'>): string {
  return filter.searchText.trim();
}

/** Spec §9: 50 first, 20 per load-more, 150 whenever the list is a search. */
export function chatPageSize(filter: Pick<ChatFilter, 'searchText'>, startKey: string | null) {
  if (searchNeedle(filter)) return LIMITS.chatPageSearch;
  return startKey ? LIMITS.chatPageMore : LIMITS.chatPageFirst;
}

/**
 * The query string of `GET chats/paginate` (spec §7) for one filter. Unset filters are left out
 * so the server applies no condition; `isArchive` is always sent because "not archived" is itself
 * the default view.
 */
export function chatListParams(
  filter: ChatFilter,
  startKey: string | null,
): Record<string, QueryValue> {
  const needle = searchNeedle(filter);
  return {
    perpage: chatPageSize(filter, startKey),
    startKey: startKey ?? undefined,
    searchText: needle || undefined,
    assignee: filter.assignee,
    isArchive: filter.isArchive,
    unread: filter.unread ? true : undefined,
    channel: filter.channel ?? undefined,
    label: filter.label ?? undefined,
    flag: filter.flag ?? undefined,
    resolved: filter.resolved ?? undefined,
  };
}

/** Filters that differ from the default view, in display order (one chip each). */
export function activeFilterKeys(filters: ListFilters): FilterKey[] {
  return FILTER_KEYS.filter((key) => filters[key] !== DEFAULT_LIST_FILTERS[key]);
}

export function clearFilter(filters: ListFilters, key: FilterKey): ListFilters {
  return { ...filters, [key]: DEFAULT_LIST_FILTERS[key] };
}

/**
 * "Resolved" means a gray flag (spec §4: resolving sets gray). A flag choice that contradicts
 * the resolved choice would always give an empty list, so picking one clears the other.
 */
export function setFilter<K extends FilterKey>(
  filters: ListFilters,
  key: K,
  value: ListFilters[K],
): ListFilters {
  const next = { ...filters, [key]: value };
  if (key === 'flag' && value !== null) next.resolved = null;
  if (key === 'resolved' && value !== null) next.flag = null;
  return next;
}

// ---- persistence (spec §3: chat state lives in local storage)

// Every field falls back on its own, so a stale or hand-edited value resets only itself instead
// of making the whole stored state unreadable.
const storedFiltersSchema = z.object({
  channel: z.enum(CHANNEL_TYPES).nullable().catch(null),
  resolved: z.boolean().nullable().catch(null),
  flag: z.enum(CHAT_FLAGS).nullable().catch(null),
  label: z.string().min(1).nullable().catch(null),
  isArchive: z.boolean().catch(false),
  unread: z.boolean().catch(false),
});

export const chatStateSchema = z.object({
  assignee: z.enum(ASSIGNEES).optional().catch(undefined),
  filters: storedFiltersSchema.optional().catch(undefined),
  /** The agent closed the "turn on notifications" prompt; don't ask again on this device. */
  notifyPromptDismissed: z.boolean().optional().catch(undefined),
});
export type ChatState = z.infer<typeof chatStateSchema>;

/** Spec §6: allChat makes ALL the default view, otherwise MINE; a stored choice wins. */
export function initialAssignee(state: ChatState | null, allChat: boolean | undefined): Assignee {
  return state?.assignee ?? (allChat ? 'ALL' : 'MINE');
}

export function initialFilters(state: ChatState | null): ListFilters {
  return { ...DEFAULT_LIST_FILTERS, ...(state?.filters ?? {}) };
}

export function readChatState(): ChatState | null {
  return getChatState(chatStateSchema);
}

/** Changes part of the stored chat state and keeps the rest. */
export function updateChatState(patch: Partial<ChatState>): void {
  setChatState({ ...(readChatState() ?? {}), ...patch });
}
