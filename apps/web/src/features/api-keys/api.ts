import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@sapa/contracts';
import { api } from '../../lib/http';

const keysKey = ['api-keys'] as const;

export function useApiKeys(enabled: boolean) {
  return useQuery({
    queryKey: keysKey,
    queryFn: () => api.get<{ data: ApiKey[] }>('/api-keys').then((r) => r.data),
    enabled,
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.post<CreatedApiKey>('/api-keys', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ApiKey>(`/api-keys/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey }),
  });
}
