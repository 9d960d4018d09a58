import { useMutation, useQuery } from '@tanstack/react-query';
import type { Product, SubscriptionInfo } from '@sapa/contracts';
import { api } from '../../lib/http';

export function useProducts() {
  return useQuery({
    queryKey: ['billing', 'products'],
    queryFn: () => api.get<{ data: Product[] }>('/product'),
    select: (answer) => answer.data,
  });
}

export function useStartTrial() {
  return useMutation({
    mutationFn: (productCode: string) =>
      api.post<SubscriptionInfo>('/subscription/trial', { body: { productCode, trial: true } }),
  });
}
