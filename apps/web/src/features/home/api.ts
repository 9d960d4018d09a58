import { useEffect } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { dashboardSchema, onboardingSchema, type User } from '@sapa/contracts';
import { api } from '../../lib/http';
import { watchDashboard } from '../../lib/socket';
import { dashboardKeys } from './keys';

export interface TeamSummary {
  admin: number;
  supervisor: number;
  agent: number;
  active: number;
  invited: number;
}

export function summarizeTeam(members: readonly User[]): TeamSummary {
  const summary: TeamSummary = { admin: 0, supervisor: 0, agent: 0, active: 0, invited: 0 };
  for (const member of members) {
    if (member.status === 'active') {
      summary.active += 1;
      summary[member.role] += 1;
    } else if (member.status === 'invited') {
      summary.invited += 1;
    }
  }
  return summary;
}

/** Everyone who can take chats (§7: roles agent, admin, supervisor; perpage 1000). */
export function useTeamSummary() {
  return useQuery({
    queryKey: ['home', 'team'],
    queryFn: () =>
      api.get<{ data: User[] }>('/users/agent', {
        params: { role: 'agent,admin,supervisor', includeMe: true, perpage: 1000 },
      }),
    select: (answer) => summarizeTeam(answer.data),
  });
}

/**
 * The setup checklist (GET /onboarding, admins). Steps are done on other pages or by other people,
 * so it is read again whenever the dashboard opens or the window regains focus.
 */
export function useOnboarding() {
  return useQuery({
    queryKey: ['home', 'onboarding'],
    queryFn: async () => onboardingSchema.parse(await api.get<unknown>('/onboarding')),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
}

export { dashboardKeys };

/**
 * The live floor (`GET /api/dashboard`): the server sends `dashboard.updated` when the floor
 * changes (lib/socketEvents fetches it again); the minute's poll only catches what a lost
 * connection missed and keeps "longest wait" moving. While the floor is shown the socket watches
 * it (`dashboard.watch`, again after a reconnect; `dashboard.unwatch` when it goes).
 */
export function useDashboard(enabled: boolean) {
  useEffect(() => (enabled ? watchDashboard() : undefined), [enabled]);
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: async () => dashboardSchema.parse(await api.get<unknown>('/dashboard')),
    enabled,
    refetchInterval: 60_000,
    staleTime: 0,
  });
}

/** How long after `dashboard.updated` the floor is read once more (see refreshDashboard). */
export const DASHBOARD_SECOND_READ_MS = 3_000;
let secondRead: ReturnType<typeof setTimeout> | null = null;

/**
 * `dashboard.updated`: read the floor now, and once more a moment later. The event leaves with
 * the change itself, while today's figures are written by the reports' listeners just after it
 * (batched), so the first read can be a message early; the second brings them without waiting
 * for the minute's poll. A burst of events still gives two reads.
 */
export function refreshDashboard(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  if (secondRead) clearTimeout(secondRead);
  secondRead = setTimeout(() => {
    secondRead = null;
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  }, DASHBOARD_SECOND_READ_MS);
}
