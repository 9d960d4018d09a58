import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { quickReplyListSchema, quickReplySchema, type QuickReply } from '@sapa/contracts';
import { api } from '../../lib/http';

export const quickReplyKeys = {
  all: ['quick-replies'] as const,
  /** The composer's own copy (features/inbox/conversation/quickReplies.ts). */
  composer: ['inbox', 'quickReplies'] as const,
};

export interface QuickReplyBody {
  shortcut: string;
  text: string;
  mediaId: string | null;
  divisionIds: string[];
}

/** Every quick reply the caller may see (admins: all of them). */
export function useQuickReplyList() {
  return useQuery({
    queryKey: quickReplyKeys.all,
    queryFn: async ({ signal }) =>
      quickReplyListSchema.parse(
        await api.get<unknown>('quick-reply', { params: { perpage: 999 }, signal }),
      ),
    select: (answer) => answer.data,
  });
}

/** A change here must reach the composer's "/" list too. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: quickReplyKeys.all }),
      queryClient.invalidateQueries({ queryKey: quickReplyKeys.composer }),
    ]);
}

export function useSaveQuickReply() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: string | null;
      body: QuickReplyBody;
    }): Promise<QuickReply> =>
      quickReplySchema.parse(
        id
          ? await api.patch<unknown>(`quick-reply/${encodeURIComponent(id)}`, { body })
          : await api.post<unknown>('quick-reply', { body }),
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteQuickReply() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`quick-reply/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
