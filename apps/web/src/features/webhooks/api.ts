import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  type WebhookDelivery,
  type WebhookEndpointCreateBody,
  type WebhookEndpointUpdateBody,
  type WebhookEndpointWithSecret,
} from '@sapa/contracts';
import { api } from '../../lib/http';

/** How often the delivery log refetches while a delivery still waits for an attempt. */
export const PENDING_POLL_MS = 2_000;
const PAGE_SIZE = 20;

export const webhookKeys = {
  endpoints: ['webhook-endpoints'] as const,
  deliveries: (endpointId: string) => ['webhook-endpoints', endpointId, 'deliveries'] as const,
  latest: (endpointId: string) => ['webhook-endpoints', endpointId, 'latest'] as const,
};

const path = (id: string) => `webhook-endpoints/${encodeURIComponent(id)}`;

export function useWebhookEndpoints(enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.endpoints,
    queryFn: async ({ signal }) =>
      webhookEndpointListSchema.parse(await api.get<unknown>('webhook-endpoints', { signal })),
    select: (answer) => answer.data,
    enabled,
  });
}

const anyPending = (deliveries: readonly WebhookDelivery[]) =>
  deliveries.some((d) => d.state === 'pending');

/** The endpoint's log, newest first, page by page; refreshes itself while any is pending. */
export function useDeliveries(endpointId: string) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      webhookDeliveryListSchema.parse(
        await api.get<unknown>(`${path(endpointId)}/deliveries`, {
          params: { perpage: PAGE_SIZE, startKey: pageParam },
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextKey,
    refetchInterval: (query) =>
      anyPending(query.state.data?.pages.flatMap((p) => p.data) ?? []) ? PENDING_POLL_MS : false,
  });
}

/** The newest delivery alone, for the endpoint's "last delivery" line. */
export function useLatestDelivery(endpointId: string) {
  return useQuery({
    queryKey: webhookKeys.latest(endpointId),
    queryFn: async ({ signal }) =>
      webhookDeliveryListSchema.parse(
        await api.get<unknown>(`${path(endpointId)}/deliveries`, {
          params: { perpage: 1 },
          signal,
        }),
      ),
    select: (answer) => answer.data[0] ?? null,
    refetchInterval: (query) =>
      anyPending(query.state.data?.data ?? []) ? PENDING_POLL_MS : false,
  });
}

/** Every change to an endpoint can change its card and its log: refetch them all. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
}

export function useCreateEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: WebhookEndpointCreateBody): Promise<WebhookEndpointWithSecret> =>
      webhookEndpointWithSecretSchema.parse(await api.post<unknown>('webhook-endpoints', { body })),
    onSuccess: invalidate,
  });
}

export function useUpdateEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: WebhookEndpointUpdateBody }) =>
      webhookEndpointSchema.parse(await api.patch<unknown>(path(id), { body })),
    onSuccess: invalidate,
  });
}

export function useRotateSecret() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string): Promise<WebhookEndpointWithSecret> =>
      webhookEndpointWithSecretSchema.parse(await api.post<unknown>(`${path(id)}/rotate-secret`)),
    onSuccess: invalidate,
  });
}

export function useDeleteEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(path(id)),
    onSuccess: invalidate,
  });
}

export function useSendTestEvent(endpointId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api.post<unknown>(`${path(endpointId)}/test`),
    onSuccess: invalidate,
  });
}

export function useReplayDelivery(endpointId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<unknown>(`${path(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`),
    onSuccess: invalidate,
  });
}
