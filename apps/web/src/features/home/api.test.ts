import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { makeUser } from '../../test/fixtures';
import { DASHBOARD_SECOND_READ_MS, dashboardKeys, refreshDashboard, summarizeTeam } from './api';

describe('summarizeTeam', () => {
  it('counts active members by role and pending invitations apart', () => {
    expect(
      summarizeTeam([
        makeUser({ role: 'admin' }),
        makeUser({ role: 'agent' }),
        makeUser({ role: 'agent' }),
        makeUser({ role: 'supervisor', status: 'invited' }),
        makeUser({ role: 'agent', status: 'deactivated' }),
      ]),
    ).toEqual({ admin: 1, supervisor: 0, agent: 2, active: 3, invited: 1 });
  });
});

describe('refreshDashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the floor at once and once more after a burst of events settles', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    refreshDashboard(queryClient);
    refreshDashboard(queryClient);
    expect(invalidate).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(DASHBOARD_SECOND_READ_MS - 1);
    expect(invalidate).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(3);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: dashboardKeys.all });
    vi.advanceTimersByTime(10 * DASHBOARD_SECOND_READ_MS);
    expect(invalidate).toHaveBeenCalledTimes(3);
  });
});
