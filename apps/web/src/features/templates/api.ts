import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  okSchema,
  templateCountSchema,
  templateListSchema,
  templateOptionsSchema,
  templateSchema,
  templateWelcomeSchema,
  type Template,
  type TemplateInput,
  type TemplateList,
  type TemplateStatus,
} from '@sapa/contracts';
import { api } from '../../lib/http';

export const templateKeys = {
  all: ['templates'] as const,
  list: (search: string, status: TemplateStatus | null) =>
    ['templates', 'list', search, status] as const,
  count: ['templates', 'count'] as const,
  one: (id: string) => ['templates', 'one', id] as const,
  welcome: ['templates', 'welcome'] as const,
  accepted: ['templates', 'accepted'] as const,
  languages: ['templates', 'languages'] as const,
};

const PER_PAGE = 20;
/** While Meta reviews a template the list asks again this often, so its verdict shows. */
export const REVIEW_POLL_MS = 3_000;

const hasPending = (pages: TemplateList[] | undefined) =>
  (pages ?? []).some((p) => p.data.some((t) => t.status === 'published'));

/** The account's templates, newest first, 20 at a time; polls while any is under review. */
export function useTemplates(search: string, status: TemplateStatus | null) {
  return useInfiniteQuery({
    queryKey: templateKeys.list(search, status),
    queryFn: async ({ pageParam, signal }) =>
      templateListSchema.parse(
        await api.get<unknown>('hsm', {
          params: {
            perpage: PER_PAGE,
            searchText: search || undefined,
            status: status ?? undefined,
            startKey: pageParam ?? undefined,
          },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextKey,
    refetchInterval: (query) =>
      hasPending((query.state.data as InfiniteData<TemplateList> | undefined)?.pages)
        ? REVIEW_POLL_MS
        : false,
  });
}

export function useTemplateCount(poll: boolean) {
  return useQuery({
    queryKey: templateKeys.count,
    queryFn: async ({ signal }) =>
      templateCountSchema.parse(await api.get<unknown>('hsm/count', { signal })),
    refetchInterval: poll ? REVIEW_POLL_MS : false,
  });
}

/** One template; polls while Meta reviews it so the editor shows the verdict. */
export function useTemplate(id: string | null) {
  return useQuery({
    queryKey: templateKeys.one(id ?? ''),
    queryFn: async ({ signal }) =>
      templateSchema.parse(
        await api.get<unknown>(`hsm/${encodeURIComponent(id ?? '')}`, { signal }),
      ),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'published' ? REVIEW_POLL_MS : false),
  });
}

/** Accepted templates for the welcome choice (an account has a handful). */
export function useAcceptedTemplates() {
  return useQuery({
    queryKey: templateKeys.accepted,
    queryFn: async ({ signal }) =>
      templateListSchema.parse(
        await api.get<unknown>('hsm', { params: { status: 'accepted', perpage: 100 }, signal }),
      ).data,
  });
}

export function useLanguages() {
  return useQuery({
    queryKey: templateKeys.languages,
    queryFn: async ({ signal }) =>
      templateOptionsSchema.parse(await api.get<unknown>('hsm/languages', { signal })).data,
    staleTime: Infinity,
  });
}

export function useWelcome() {
  return useQuery({
    queryKey: templateKeys.welcome,
    queryFn: async ({ signal }) =>
      templateWelcomeSchema.parse(await api.get<unknown>('hsm/welcome', { signal })).template,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templateKeys.all });
}

export function useSaveTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TemplateInput }) =>
      templateSchema.parse(
        id
          ? await api.put<unknown>(`hsm/${encodeURIComponent(id)}`, { body })
          : await api.post<unknown>('hsm', { body }),
      ),
    onSuccess: invalidate,
  });
}

export function usePublishTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string): Promise<Template> =>
      templateSchema.parse(await api.post<unknown>(`hsm/${encodeURIComponent(id)}/publish`)),
    // A refusal can still have changed nothing; refetching either way keeps the list honest.
    onSettled: invalidate,
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) =>
      okSchema.parse(await api.delete<unknown>(`hsm/${encodeURIComponent(id)}`)),
    onSuccess: invalidate,
  });
}

export function useSetWelcome() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (templateId: string | null) =>
      templateWelcomeSchema.parse(await api.post<unknown>('hsm/welcome', { body: { templateId } }))
        .template,
    onSuccess: invalidate,
  });
}
