import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  broadcastCountsSchema,
  broadcastListSchema,
  broadcastRecipientListSchema,
  broadcastSchema,
  recipientCheckResultSchema,
  templateListSchema,
  type Broadcast,
  type BroadcastCreateBody,
  type BroadcastTab,
  type RecipientCheckResult,
  type RecipientSource,
  type RecipientStatus,
} from '@sapa/contracts';
import { fetchFile, saveBlob, type FileFormat } from '../../lib/download';
import { api } from '../../lib/http';

export const broadcastKeys = {
  all: ['broadcasts'] as const,
  list: (tab: BroadcastTab) => ['broadcasts', 'list', tab] as const,
  one: (id: string) => ['broadcasts', 'one', id] as const,
  counts: (id: string) => ['broadcasts', 'counts', id] as const,
  recipients: (id: string, status: RecipientStatus | null, search: string) =>
    ['broadcasts', 'recipients', id, status, search] as const,
  templates: ['broadcasts', 'templates'] as const,
};

const PER_PAGE = 20;
const RECIPIENTS_PER_PAGE = 50;
// A 100,000-row check parses, validates and stores every row before it answers.
const CHECK_TIMEOUT = 120_000;

export function useBroadcasts(tab: BroadcastTab) {
  return useInfiniteQuery({
    queryKey: broadcastKeys.list(tab),
    queryFn: async ({ pageParam, signal }) =>
      broadcastListSchema.parse(
        await api.get<unknown>('broadcasts', {
          params: { tab, perpage: PER_PAGE, startKey: pageParam ?? undefined },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextKey,
  });
}

export function useBroadcast(id: string) {
  return useQuery({
    queryKey: broadcastKeys.one(id),
    queryFn: async ({ signal }) =>
      broadcastSchema.parse(
        await api.get<unknown>(`broadcasts/${encodeURIComponent(id)}`, { signal }),
      ),
  });
}

export function useRecipients(id: string, status: RecipientStatus | null, search: string) {
  return useInfiniteQuery({
    queryKey: broadcastKeys.recipients(id, status, search),
    queryFn: async ({ pageParam, signal }) =>
      broadcastRecipientListSchema.parse(
        await api.get<unknown>('broadcastrecipients', {
          params: {
            broadcastId: id,
            status: status ?? undefined,
            searchText: search || undefined,
            perpage: RECIPIENTS_PER_PAGE,
            startKey: pageParam ?? undefined,
          },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextKey,
  });
}

export async function fetchCounts(id: string) {
  return broadcastCountsSchema.parse(
    await api.get<unknown>('broadcastrecipients/status', { params: { broadcastId: id } }),
  );
}

/** Accepted templates (the only ones Meta lets a broadcast send), all channels. */
export function useAcceptedTemplates() {
  return useQuery({
    queryKey: broadcastKeys.templates,
    queryFn: async ({ signal }) =>
      templateListSchema.parse(
        await api.get<unknown>('hsm', { params: { status: 'accepted', perpage: 100 }, signal }),
      ).data,
  });
}

export interface CheckInput {
  templateId: string;
  title: string;
  draftId: string | null;
  source: RecipientSource | { type: 'file'; file: File };
}

/** 'Check Now': validates the recipient data on the server, which keeps it as a draft. */
export async function checkRecipients(input: CheckInput): Promise<RecipientCheckResult> {
  const { source } = input;
  if (source.type === 'file') {
    // Fields go before the file: the server reads them as the multipart stream arrives.
    const form = new FormData();
    form.append('templateId', input.templateId);
    if (input.title.trim()) form.append('title', input.title.trim());
    if (input.draftId) form.append('draftId', input.draftId);
    form.append('file', source.file, source.file.name);
    return recipientCheckResultSchema.parse(
      await api.post<unknown>('broadcasts/recipients/check', {
        body: form,
        timeout: CHECK_TIMEOUT,
      }),
    );
  }
  return recipientCheckResultSchema.parse(
    await api.post<unknown>('broadcasts/recipients/check', {
      body: {
        templateId: input.templateId,
        title: input.title.trim() || undefined,
        draftId: input.draftId ?? undefined,
        source,
      },
      timeout: CHECK_TIMEOUT,
    }),
  );
}

export function useCreateBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BroadcastCreateBody): Promise<Broadcast> =>
      broadcastSchema.parse(await api.post<unknown>('broadcasts', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: broadcastKeys.all }),
  });
}

export type ControlAction = 'pause' | 'resume' | 'cancel';

export function useControlBroadcast(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: ControlAction): Promise<Broadcast> =>
      broadcastSchema.parse(
        await api.post<unknown>(`broadcasts/${encodeURIComponent(id)}/${action}`),
      ),
    onSuccess: (broadcast) => {
      queryClient.setQueryData(broadcastKeys.one(id), broadcast);
      return queryClient.invalidateQueries({ queryKey: broadcastKeys.all });
    },
  });
}

export async function downloadExample(templateId: string, templateName: string): Promise<void> {
  const blob = await fetchFile('broadcasts/example.xlsx', { templateId }, 'xlsx');
  saveBlob(blob, `${templateName}-recipients.xlsx`);
}

export async function downloadRejected(id: string, format: FileFormat = 'csv'): Promise<void> {
  const blob = await fetchFile(
    `broadcasts/${encodeURIComponent(id)}/rejected.${format}`,
    {},
    format,
  );
  saveBlob(blob, `rejected-rows.${format}`);
}

export async function downloadResults(
  id: string,
  title: string,
  format: FileFormat,
): Promise<void> {
  const blob = await fetchFile(`broadcasts/${encodeURIComponent(id)}/export.${format}`, {}, format);
  const stem = title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'broadcast';
  saveBlob(blob, `${stem}-results.${format}`);
}
