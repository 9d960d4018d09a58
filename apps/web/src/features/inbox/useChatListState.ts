import { useCallback, useMemo } from 'react';
import type { Chat } from '@sapa/contracts';
import { useChatList } from './api';
import type { ChatFilter } from './cache';

/** The chat list as the list pane draws it: rows, and which of the spec's §8 states it is in. */
export interface ChatListState {
  chats: Chat[];
  /** The first page is on its way. */
  loading: boolean;
  /** The first page failed: 'Our server is not responding properly'. */
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last load-more failed: 'Failed to load more chats. Please try again.' */
  loadMoreFailed: boolean;
  /** Asks for the next page unless one is on its way, none is left, or the last one failed. */
  loadMore: () => void;
  /** Tries again whatever failed. */
  retry: () => void;
}

export function useChatListState(filter: ChatFilter): ChatListState {
  const query = useChatList(filter);
  const chats = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const failed = query.isError && !query.data;
  const loadMoreFailed = query.isFetchNextPageError;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;

  const loadMore = useCallback(() => {
    // A failed page is only retried by the agent's click, never by scrolling in a loop.
    if (!hasNextPage || isFetchingNextPage || loadMoreFailed) return;
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, loadMoreFailed, fetchNextPage]);

  const retry = useCallback(() => {
    if (failed) void refetch();
    else void fetchNextPage();
  }, [failed, refetch, fetchNextPage]);

  const loading = query.isPending;
  // One object per change, so the memoized list pane skips renders that change nothing here
  // (opening a chat re-renders the page through the router).
  return useMemo(
    () => ({
      chats,
      loading,
      failed,
      hasMore: hasNextPage,
      loadingMore: isFetchingNextPage,
      loadMoreFailed,
      loadMore,
      retry,
    }),
    [chats, loading, failed, hasNextPage, isFetchingNextPage, loadMoreFailed, loadMore, retry],
  );
}
