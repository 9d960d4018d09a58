import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Broadcast, BroadcastStatus } from '@sapa/contracts';
import { RECIPIENTS_REFRESH_MS, useRefreshOnProgress } from './useRefreshOnProgress';

const broadcast = (status: BroadcastStatus, delivered: number, read = 0): Broadcast =>
  ({
    _id: 'b-1',
    status,
    counts: { total: 3, byStatus: { queue: 3 - delivered - read, delivered, read }, replied: 0 },
  }) as unknown as Broadcast;

function run(initial: Broadcast) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ b }: { b: Broadcast }) => useRefreshOnProgress(b), {
    wrapper,
    initialProps: { b: initial },
  });
  const keys = () => invalidate.mock.calls.map((c) => JSON.stringify(c[0]?.queryKey));
  return { ...hook, invalidate, keys };
}

const ROWS = JSON.stringify(['broadcasts', 'recipients', 'b-1']);
const ONE = JSON.stringify(['broadcasts', 'one', 'b-1']);

describe('useRefreshOnProgress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refetches the rows once more after the last move, never skipping the final counts', () => {
    const { rerender, keys } = run(broadcast('running', 0));
    expect(keys()).toEqual([ROWS]);
    // Moves inside the five seconds wait; the last of them is fetched when the time is up.
    rerender({ b: broadcast('running', 1) });
    rerender({ b: broadcast('running', 2) });
    expect(keys()).toEqual([ROWS]);
    vi.advanceTimersByTime(RECIPIENTS_REFRESH_MS);
    expect(keys()).toEqual([ROWS, ROWS]);
    vi.advanceTimersByTime(RECIPIENTS_REFRESH_MS * 2);
    expect(keys()).toEqual([ROWS, ROWS]);
  });

  it('follows delivered → read, which leaves the settled count as it was', () => {
    const { rerender, keys } = run(broadcast('completed', 3));
    vi.advanceTimersByTime(RECIPIENTS_REFRESH_MS);
    rerender({ b: broadcast('completed', 2, 1) });
    expect(keys()).toEqual([ROWS, ROWS]);
  });

  it('refetches the broadcast (its start and finish times) and the rows when the status changes', () => {
    const { rerender, keys } = run(broadcast('running', 2));
    rerender({ b: broadcast('completed', 3) });
    expect(keys()).toEqual([ROWS, ONE, ROWS]);
    // The refetched broadcast itself, same status and counts: nothing more.
    rerender({ b: broadcast('completed', 3) });
    vi.advanceTimersByTime(RECIPIENTS_REFRESH_MS * 2);
    expect(keys()).toEqual([ROWS, ONE, ROWS]);
  });
});
