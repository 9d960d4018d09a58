import { useMutation, useQueryClient } from '@tanstack/react-query';
import { labelSchema, type Label } from '@sapa/contracts';
import { api } from '../../lib/http';
import { labelKeys } from './api';

export interface LabelBody {
  label: string;
  /** Hex, e.g. #228be6. */
  color: string;
}

/** Palette offered when creating a label; Mantine's 6th shades read well on white and dark. */
export const LABEL_SWATCHES = [
  '#fa5252',
  '#e64980',
  '#be4bdb',
  '#7950f2',
  '#4c6ef5',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#82c91e',
  '#fab005',
  '#fd7e14',
  '#868e96',
] as const;

export function defaultLabelColor(existing: number): string {
  return LABEL_SWATCHES[existing % LABEL_SWATCHES.length] ?? '#228be6';
}

/** Label changes show on every chat row and filter, so the shared ['labels'] list is refetched. */
function useInvalidateLabels() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: labelKeys.all });
}

export function useSaveLabel() {
  const invalidate = useInvalidateLabels();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: LabelBody }): Promise<Label> =>
      labelSchema.parse(
        id
          ? await api.patch<unknown>(`labels/${encodeURIComponent(id)}`, { body })
          : await api.post<unknown>('labels', { body }),
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteLabel() {
  const invalidate = useInvalidateLabels();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`labels/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
