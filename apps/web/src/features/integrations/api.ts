import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  channelHealthEventSchema,
  serviceListSchema,
  serviceSchema,
  webhookInfoSchema,
  type CreateServiceBody,
  type CreateWhatsappServiceBody,
  type Service,
  type UpdateServiceBody,
} from '@sapa/contracts';
import { api } from '../../lib/http';

export const serviceKeys = {
  all: ['services'] as const,
  list: () => ['services', 'list'] as const,
  byChannel: (channel: Service['channel']) => ['services', 'channel', channel] as const,
  webhookInfo: () => ['services', 'webhook-info'] as const,
};

/** Every connected channel of the account (spec §7 GET services). */
export function useServices() {
  return useQuery({
    queryKey: serviceKeys.list(),
    queryFn: async () => serviceListSchema.parse(await api.get<unknown>('services')).data,
  });
}

/** The account's channels of one kind (GET services/all/:channel). */
export function useChannelServices(channel: Service['channel']) {
  return useQuery({
    queryKey: serviceKeys.byChannel(channel),
    queryFn: async () =>
      serviceListSchema.parse(await api.get<unknown>(`services/all/${channel}`)).data,
  });
}

export function useWhatsappServices() {
  return useChannelServices('whatsapp');
}

/** Where Meta must send webhooks, and the token it must echo (admins only). */
export function useWebhookInfo() {
  return useQuery({
    queryKey: serviceKeys.webhookInfo(),
    queryFn: async () => webhookInfoSchema.parse(await api.get<unknown>('services/webhook-info')),
    staleTime: Infinity,
  });
}

export function useCreateWhatsappService() {
  return useCreateService<CreateWhatsappServiceBody>();
}

/** Connects a channel of any kind; the body's `channel` tells the server which. */
export function useCreateService<B extends CreateServiceBody = CreateServiceBody>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) =>
      serviceSchema.parse(await api.post<unknown>('services', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

function replaceService(list: Service[] | undefined, service: Service): Service[] | undefined {
  return list?.map((s) => (s._id === service._id ? service : s));
}

/** Puts a changed channel into every cached list at once. */
function putService(queryClient: QueryClient, service: Service): void {
  for (const [key] of queryClient.getQueriesData<Service[]>({ queryKey: serviceKeys.all })) {
    if (key[1] === 'webhook-info') continue;
    queryClient.setQueryData<Service[]>(key, (list) => replaceService(list, service));
  }
}

function useServiceMutation<V>(call: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => serviceSchema.parse(await call(vars)),
    onSuccess: (service) => putService(queryClient, service),
  });
}

/** Enables or disables a channel. */
export function useToggleService() {
  return useServiceMutation((id: string) =>
    api.post<unknown>(`services/toggle/${encodeURIComponent(id)}`),
  );
}

/** Sets how many broadcast messages a second the number sends. */
export function useUpdateService() {
  return useServiceMutation(({ id, body }: { id: string; body: UpdateServiceBody }) =>
    api.patch<unknown>(`services/${encodeURIComponent(id)}`, { body }),
  );
}

/** Stops the channel sending and receiving; its history stays. */
export function useDisconnectService() {
  return useServiceMutation((id: string) =>
    api.post<unknown>(`services/${encodeURIComponent(id)}/disconnect`),
  );
}

/** Asks Meta again and connects the channel back. */
export function useReconnectService() {
  return useServiceMutation((id: string) =>
    api.post<unknown>(`services/${encodeURIComponent(id)}/reconnect`),
  );
}

/** Deletes a disconnected channel: it frees the plan's limit; its chats stay, archived. */
export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`services/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

/**
 * `channel.health` (admins only, lib/socketEvents.ts): a channel turned "needs attention" or
 * healthy again. The channel in the event replaces the cached one, so every list showing it
 * changes at once. The channel, or null when the payload was not one.
 */
export function applyChannelHealth(queryClient: QueryClient, payload: unknown): Service | null {
  const parsed = channelHealthEventSchema.safeParse(payload);
  if (!parsed.success) {
    void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
    return null;
  }
  putService(queryClient, parsed.data.service);
  return parsed.data.service;
}
