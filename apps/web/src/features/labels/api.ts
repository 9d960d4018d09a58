import { useQuery } from '@tanstack/react-query';
import { LIMITS, labelListSchema, type Label } from '@sapa/contracts';
import { api } from '../../lib/http';

export const labelKeys = {
  all: ['labels'] as const,
};

export type LabelList = { data: Label[]; total: number };

export async function fetchLabels(signal?: AbortSignal): Promise<LabelList> {
  return labelListSchema.parse(
    await api.get<unknown>('labels', {
      params: { perpage: LIMITS.labelsPerPage },
      ...(signal ? { signal } : {}),
    }),
  );
}

/**
 * Every label of the account (spec §7 `GET labels?perpage=999`): the chat list's filter and the
 * chips on each row read their names and colours from here. Labels change rarely, so one fetch
 * serves the session until a label mutation invalidates `['labels']`.
 */
export function useLabels() {
  return useQuery({
    queryKey: labelKeys.all,
    queryFn: ({ signal }) => fetchLabels(signal),
    staleTime: 5 * 60_000,
  });
}

/** Labels by id, for rows that only carry ids. */
export function labelsById(labels: readonly Label[] | undefined): Map<string, Label> {
  return new Map((labels ?? []).map((label) => [label._id, label]));
}
