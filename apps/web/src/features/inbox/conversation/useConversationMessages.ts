import { useMemo } from 'react';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Message } from '@sapa/contracts';
import { useMessages } from '../api';
import { flattenMessages } from '../cache';
import {
  fetchMessageById,
  fetchNewerMessages,
  fetchOlderMessages,
  isNotFound,
  keyAfter,
} from './messagesApi';

/**
 * The messages the conversation shows, in one of two modes:
 * - live: the newest page and older pages as the agent scrolls up (the cache the socket feeds);
 * - jump: opened at a target message (a search hit, a quoted message): the target with the page
 *   before it, older pages upwards and newer pages downwards until the present.
 * The jump keeps its own cache entry so live events cannot splice new messages into a view of
 * the past; once the jump has reached the present, live messages join the view again.
 */

export type JumpParam = { direction: 'around' | 'older' | 'newer'; key: string };
export interface JumpPage {
  /** Oldest first. */
  data: Message[];
  /** startKey for the page before this one; null when nothing is older. */
  olderKey: string | null;
  /** startKey for the page after this one (direction newer); null at the present. */
  newerKey: string | null;
}
/** pages[0] is the newest page, like the live cache (newer pages are prepended). */
export type JumpPages = InfiniteData<JumpPage, unknown>;

export type TargetErrorKind = 'notFound' | 'failed';

export class TargetMessageError extends Error {
  constructor(readonly kind: TargetErrorKind) {
    super(kind);
    this.name = 'TargetMessageError';
  }
}

export const jumpKey = (chatId: string, targetId: string) =>
  ['inbox', 'jump', chatId, targetId] as const;

async function fetchAround(chatId: string, targetId: string, signal: AbortSignal) {
  let target: Message;
  try {
    target = await fetchMessageById(targetId, signal);
  } catch (error) {
    throw new TargetMessageError(isNotFound(error) ? 'notFound' : 'failed');
  }
  // A hit from another chat (or a stale link) is not in this conversation.
  if (target.chatId !== chatId) throw new TargetMessageError('notFound');
  let page;
  try {
    page = await fetchOlderMessages(chatId, keyAfter(target._id), signal);
  } catch {
    throw new TargetMessageError('failed');
  }
  const data = page.data.some((m) => m._id === target._id) ? page.data : [...page.data, target];
  return { data, olderKey: page.nextKey, newerKey: target._id };
}

export async function fetchJumpPage(
  chatId: string,
  param: JumpParam,
  signal: AbortSignal,
): Promise<JumpPage> {
  if (param.direction === 'around') return fetchAround(chatId, param.key, signal);
  if (param.direction === 'older') {
    const page = await fetchOlderMessages(chatId, param.key, signal);
    return { data: page.data, olderKey: page.nextKey, newerKey: null };
  }
  const page = await fetchNewerMessages(chatId, param.key, signal);
  // olderKey lets a refetch (cache invalidation) walk back down from this page.
  return { data: page.data, olderKey: page.data[0]?._id ?? null, newerKey: page.nextKey };
}

function flattenJump(data: JumpPages | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  for (let i = data.pages.length - 1; i >= 0; i -= 1) {
    for (const m of data.pages[i]?.data ?? []) {
      if (seen.has(m._id)) continue;
      seen.add(m._id);
      out.push(m);
    }
  }
  return out;
}

function numericId(id: string): bigint | null {
  return /^\d+$/.test(id) ? BigInt(id) : null;
}

/**
 * The jump view with what the live cache knows: newer copies (statuses, failures) replace the
 * jumped ones, and at the present the live tail (new and optimistic messages) is appended.
 */
export function mergeJumpWithLive(
  jumped: readonly Message[],
  live: readonly Message[],
  atPresent: boolean,
): Message[] {
  const liveById = new Map(live.map((m) => [m._id, m]));
  const out = jumped.map((m) => liveById.get(m._id) ?? m);
  if (!atPresent) return out;
  const ids = new Set(out.map((m) => m._id));
  let newest: bigint | null = null;
  for (const m of out) {
    const id = numericId(m._id);
    if (id !== null && (newest === null || id > newest)) newest = id;
  }
  for (const m of live) {
    if (ids.has(m._id)) continue;
    const id = numericId(m._id);
    if (id === null || newest === null || id > newest) out.push(m);
  }
  return out;
}

export interface EdgeState {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  load: () => void;
}

export interface MessageView {
  mode: 'live' | 'jump';
  status: 'pending' | 'error' | 'ready';
  messages: Message[];
  older: EdgeState;
  /** Only while a jump has not reached the present. */
  newer: EdgeState | null;
  targetError: TargetErrorKind | null;
  retry: () => void;
}

export function useConversationMessages(chatId: string, targetId: string | null): MessageView {
  const live = useMessages(chatId);
  const jump = useInfiniteQuery({
    queryKey: jumpKey(chatId, targetId ?? ''),
    queryFn: ({ pageParam, signal }) => fetchJumpPage(chatId, pageParam, signal),
    initialPageParam: { direction: 'around', key: targetId ?? '' } as JumpParam,
    getNextPageParam: (last): JumpParam | undefined =>
      last.olderKey ? { direction: 'older', key: last.olderKey } : undefined,
    getPreviousPageParam: (first): JumpParam | undefined =>
      first.newerKey ? { direction: 'newer', key: first.newerKey } : undefined,
    enabled: targetId !== null,
    staleTime: Infinity,
    // Every failure here has its own message and a retry button; no silent second attempt.
    retry: false,
  });

  const liveMessages = useMemo(() => flattenMessages(live.data), [live.data]);
  const jumpFailed = targetId !== null && jump.isError && !jump.data;
  const jumping = targetId !== null && !jumpFailed;
  const atPresent = !jump.hasPreviousPage;
  const jumpMessages = useMemo(
    () => (jumping ? mergeJumpWithLive(flattenJump(jump.data), liveMessages, atPresent) : []),
    [jumping, jump.data, liveMessages, atPresent],
  );

  if (!jumping) {
    return {
      mode: 'live',
      status: live.isPending ? 'pending' : live.isError && !live.data ? 'error' : 'ready',
      messages: liveMessages,
      older: {
        hasMore: live.hasNextPage,
        loading: live.isFetchingNextPage,
        failed: live.isFetchNextPageError,
        load: () => {
          if (!live.isFetching) void live.fetchNextPage();
        },
      },
      newer: null,
      targetError:
        jumpFailed && jump.error instanceof TargetMessageError
          ? jump.error.kind
          : jumpFailed
            ? 'failed'
            : null,
      retry: () => void live.refetch(),
    };
  }

  return {
    mode: 'jump',
    status: jump.isPending ? 'pending' : 'ready',
    messages: jumpMessages,
    older: {
      hasMore: jump.hasNextPage,
      loading: jump.isFetchingNextPage,
      failed: jump.isFetchNextPageError,
      load: () => {
        if (!jump.isFetching) void jump.fetchNextPage();
      },
    },
    newer: atPresent
      ? null
      : {
          hasMore: true,
          loading: jump.isFetchingPreviousPage,
          failed: jump.isFetchPreviousPageError,
          load: () => {
            if (!jump.isFetching) void jump.fetchPreviousPage();
          },
        },
    targetError: null,
    retry: () => void jump.refetch(),
  };
}
