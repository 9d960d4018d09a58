import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Broadcast } from '@sapa/contracts';
import { broadcastKeys } from './api';

/** A busy broadcast sends a couple of progress events a second; rows refetch at most this often. */
export const RECIPIENTS_REFRESH_MS = 5_000;

/**
 * Keeps the result page's rows and details in step with the live counts. When the counts move,
 * the recipient rows are refetched at most every five seconds, and always once after the last
 * move (a trailing refresh, so the final statuses are never skipped). When the status changes
 * (started, paused, completed), the broadcast itself is refetched too: its start and finish
 * times come with it, not with the progress event.
 */
export function useRefreshOnProgress(b: Broadcast | undefined): void {
  const queryClient = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const seenStatus = useRef<string | null>(null);
  const id = b?._id ?? null;
  const status = b?.status ?? null;
  // Any move counts: sent → delivered → read changes a row, not how many are settled.
  const key = b ? JSON.stringify([b.status, b.counts.byStatus, b.counts.replied]) : '';

  useEffect(() => {
    if (!id || !key) return;
    const refreshRows = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: ['broadcasts', 'recipients', id] });
    };
    const statusChanged = seenStatus.current !== null && seenStatus.current !== status;
    seenStatus.current = status;
    if (statusChanged) {
      void queryClient.invalidateQueries({ queryKey: broadcastKeys.one(id), exact: true });
      refreshRows();
      return;
    }
    const wait = RECIPIENTS_REFRESH_MS - (Date.now() - last.current);
    if (wait <= 0) refreshRows();
    else timer.current ??= setTimeout(refreshRows, wait);
  }, [id, status, key, queryClient]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
