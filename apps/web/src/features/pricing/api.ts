import { useQuery, type QueryClient } from '@tanstack/react-query';
import { balanceState, type PricingStanding } from '@sapa/contracts';
import { api } from '../../lib/http';

export const pricingKeys = { standing: ['pricing', 'standing'] as const };

/** Balance, threshold, plain prices and sending state of the account (the banner's source). */
export function usePricingStanding(enabled: boolean) {
  return useQuery({
    queryKey: pricingKeys.standing,
    queryFn: () => api.get<PricingStanding>('/pricing/standing'),
    enabled,
    // The socket keeps the balance live; a slow refetch catches plan and suspension changes.
    refetchInterval: 5 * 60_000,
    staleTime: 60_000,
  });
}

/**
 * A new saldo (from `balance.updated`, parsed once in billing/cache.ts): the banner's state
 * follows at once (the same rule as the server's, from contracts); plan and suspension states
 * are left as they were.
 */
export function applySaldoToStanding(queryClient: QueryClient, saldo: number): void {
  queryClient.setQueryData<PricingStanding>(pricingKeys.standing, (current) => {
    if (!current) return current;
    const state =
      current.state === 'expired' || current.state === 'suspended'
        ? current.state
        : balanceState(saldo, current.minimumBalance, current.lowBalanceThreshold);
    return { ...current, saldo, state };
  });
}
