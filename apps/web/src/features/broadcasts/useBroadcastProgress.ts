import { useEffect } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  BROADCAST_PROGRESS_EVENT,
  broadcastProgressEventSchema,
  type Broadcast,
  type BroadcastList,
  type BroadcastProgressEvent,
} from '@sapa/contracts';
import { onServerEvent } from '../../lib/socket';
import { broadcastKeys } from './api';

const FINISHED = new Set(['completed', 'cancelled']);

export function applyProgress(b: Broadcast, e: BroadcastProgressEvent): Broadcast {
  return { ...b, status: e.status, counts: e.counts, pauseReason: e.reason };
}

/**
 * Follows `broadcast.progress` (the engine's live counts) into the cached list pages and the
 * open result page, so progress bars move without polling. A broadcast that moves between tabs
 * (it finished) makes both tab lists refetch.
 */
export function useBroadcastProgress(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onServerEvent(BROADCAST_PROGRESS_EVENT, (payload) => {
        const parsed = broadcastProgressEventSchema.safeParse(payload);
        if (!parsed.success) return;
        const event = parsed.data;
        queryClient.setQueryData<Broadcast>(broadcastKeys.one(event.broadcastId), (b) =>
          b ? applyProgress(b, event) : b,
        );
        let moved = false;
        for (const tab of ['scheduled', 'finished'] as const) {
          queryClient.setQueryData<InfiniteData<BroadcastList>>(broadcastKeys.list(tab), (data) =>
            data
              ? {
                  ...data,
                  pages: data.pages.map((page) => ({
                    ...page,
                    data: page.data.map((b) => {
                      if (b._id !== event.broadcastId) return b;
                      if (FINISHED.has(event.status) !== (tab === 'finished')) moved = true;
                      return applyProgress(b, event);
                    }),
                  })),
                }
              : data,
          );
        }
        if (moved) void queryClient.invalidateQueries({ queryKey: ['broadcasts', 'list'] });
      }),
    [queryClient],
  );
}
