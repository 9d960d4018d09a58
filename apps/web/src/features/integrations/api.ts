import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  serviceListSchema,
  serviceSchema,
  webhookInfoSchema,
  type CreateWhatsappServiceBody,
  type Service,
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

export function useWhatsappServices() {
  return useQuery({
    queryKey: serviceKeys.byChannel('whatsapp'),
    queryFn: async () =>
      serviceListSchema.parse(await api.get<unknown>('services/all/whatsapp')).data,
  });
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWhatsappServiceBody) =>
      serviceSchema.parse(await api.post<unknown>('services', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

function replaceService(list: Service[] | undefined, service: Service): Service[] | undefined {
  return list?.map((s) => (s._id === service._id ? service : s));
}

/** Enables or disables a channel; every cached list shows the answer at once. */
export function useToggleService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      serviceSchema.parse(await api.post<unknown>(`services/toggle/${encodeURIComponent(id)}`)),
    onSuccess: (service) => {
      for (const [key] of queryClient.getQueriesData<Service[]>({ queryKey: serviceKeys.all })) {
        if (key[1] === 'webhook-info') continue;
        queryClient.setQueryData<Service[]>(key, (list) => replaceService(list, service));
      }
    },
  });
}
