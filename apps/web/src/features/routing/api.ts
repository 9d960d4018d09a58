import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PRESENCE_UPDATED_EVENT,
  greetingResponseSchema,
  greetingSchema,
  handoverSettingsSchema,
  presenceListSchema,
  presenceSchema,
  type GreetingBody,
  type HandoverSettings,
  type Presence,
  type User,
} from '@sapa/contracts';
import { api } from '../../lib/http';
import { onServerEvent } from '../../lib/socket';
import { upsertPresence } from './routingForm';

export const routingKeys = {
  handover: ['routing', 'handover'] as const,
  greeting: ['routing', 'greeting'] as const,
  agents: ['routing', 'agents'] as const,
  team: ['presence', 'team'] as const,
};

export function useHandover() {
  return useQuery({
    queryKey: routingKeys.handover,
    queryFn: async ({ signal }) =>
      handoverSettingsSchema.parse(await api.get<unknown>('settings/handover', { signal })),
  });
}

export function useSaveHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<HandoverSettings>) =>
      handoverSettingsSchema.parse(await api.post<unknown>('settings/handover', { body })),
    onSuccess: (next) => queryClient.setQueryData(routingKeys.handover, next),
  });
}

export function useGreeting() {
  return useQuery({
    queryKey: routingKeys.greeting,
    queryFn: async ({ signal }) =>
      greetingResponseSchema.parse(await api.get<unknown>('greeting', { signal })).data,
  });
}

export function useSaveGreeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GreetingBody) =>
      greetingSchema.parse(await api.post<unknown>('greeting', { body })),
    onSuccess: (next) => queryClient.setQueryData(routingKeys.greeting, next),
  });
}

export function useDeleteGreeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>('greeting'),
    onSuccess: () => queryClient.setQueryData(routingKeys.greeting, null),
  });
}

/** Who a chat may fall back to (spec §7 `users/agent?perpage=1000`): active members only. */
export function useFallbackCandidates() {
  return useQuery({
    queryKey: routingKeys.agents,
    queryFn: ({ signal }) =>
      api.get<{ data: User[] }>('users/agent', {
        params: { role: 'agent,admin,supervisor', includeMe: true, perpage: 1000 },
        signal,
      }),
    select: (answer) => answer.data,
  });
}

/** Everyone's presence, kept live by `presence.updated` (sent to admins and supervisors). */
export function useTeamPresence() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onServerEvent(PRESENCE_UPDATED_EVENT, (payload: unknown) => {
        const parsed = presenceSchema.safeParse(payload);
        if (!parsed.success) return;
        queryClient.setQueryData<Presence[]>(routingKeys.team, (list) =>
          list ? upsertPresence(list, parsed.data) : list,
        );
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: routingKeys.team,
    queryFn: async ({ signal }) =>
      presenceListSchema.parse(await api.get<unknown>('presence', { signal })).data,
  });
}
