import { useQuery } from '@tanstack/react-query';
import { LIMITS, labelListSchema } from '@sapa/contracts';
import { api } from '../../lib/http';
import { labelKeys } from './api';

/**
 * The settings list also shows how many chats carry each label. Counting costs the server a
 * scan, so only this screen asks for it; the key sits under ['labels'] so every label change
 * refreshes it too.
 */
export function useLabelsWithCounts() {
  return useQuery({
    queryKey: [...labelKeys.all, 'withCounts'] as const,
    queryFn: async ({ signal }) =>
      labelListSchema.parse(
        await api.get<unknown>('labels', {
          params: { perpage: LIMITS.labelsPerPage, withCounts: true },
          signal,
        }),
      ),
  });
}
