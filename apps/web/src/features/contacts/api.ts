import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contactAttributeListSchema,
  contactAttributeSchema,
  contactDeleteResultSchema,
  contactGroupListSchema,
  contactImportPreviewSchema,
  contactImportResultSchema,
  contactListSchema,
  contactSchema,
  type Contact,
  type ContactAttribute,
  type ContactImportPreview,
} from '@sapa/contracts';
import type { z } from 'zod';
import { api } from '../../lib/http';
import { contactQuery, type ContactFilters } from './filters';

export const contactKeys = {
  all: ['contacts'] as const,
  list: (filters: ContactFilters) => ['contacts', 'list', filters] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
  attributes: ['contacts', 'attributes'] as const,
  groups: ['contacts', 'groups'] as const,
};

export type ContactPage = z.infer<typeof contactListSchema>;
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;
export type ContactDeleteOutcome = z.infer<typeof contactDeleteResultSchema>['outcome'];

export interface ContactBody {
  name: string;
  phone: string;
  email: string;
  notes: string;
  attributes: Record<string, string>;
  labels: string[];
}

/** Imports and exports can be large; give them longer than the default 30 s. */
const LONG_TIMEOUT = 120_000;

export async function fetchContacts(
  filters: ContactFilters,
  startKey: string | null,
  signal?: AbortSignal,
): Promise<ContactPage> {
  return contactListSchema.parse(
    await api.get<unknown>('contacts', {
      params: contactQuery(filters, startKey),
      ...(signal ? { signal } : {}),
    }),
  );
}

/** Contacts by name, 50 at a time with keyset "load more"; every page carries the total. */
export function useContacts(filters: ContactFilters) {
  return useInfiniteQuery({
    queryKey: contactKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchContacts(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextKey,
  });
}

export function useContact(id: string | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      contactSchema.parse(await api.get<unknown>(`contacts/${id}`, { signal })),
    enabled: id !== null,
  });
}

export function useContactAttributes() {
  return useQuery({
    queryKey: contactKeys.attributes,
    queryFn: async ({ signal }) =>
      contactAttributeListSchema.parse(await api.get<unknown>('contacts/attributes', { signal }))
        .data,
    staleTime: 60_000,
  });
}

export function useContactGroups() {
  return useQuery({
    queryKey: contactKeys.groups,
    queryFn: async ({ signal }) =>
      contactGroupListSchema.parse(await api.get<unknown>('contacts/groups', { signal })).data,
    staleTime: 60_000,
  });
}

/**
 * The body of a create or an edit. An edit sends empty phone and email as null (cleared); a create
 * leaves them out, since the contract has no null for them there.
 */
export function contactPayload(body: ContactBody, editing: boolean): Record<string, unknown> {
  const phone = body.phone.trim();
  const email = body.email.trim();
  // Attributes left blank are not stored; an edit sends them so a cleared value goes away.
  const attributes = Object.fromEntries(
    Object.entries(body.attributes)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => editing || value !== ''),
  );
  return {
    name: body.name.trim(),
    ...(phone ? { phone } : editing ? { phone: null } : {}),
    ...(email ? { email } : editing ? { email: null } : {}),
    notes: body.notes,
    attributes,
    labels: body.labels,
  };
}

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: ContactBody }) => {
      const payload = contactPayload(body, id !== null);
      const answer = id
        ? await api.patch<unknown>(`contacts/${id}`, { body: payload })
        : await api.post<unknown>('contacts', { body: payload });
      return contactSchema.parse(answer);
    },
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(contact._id), contact);
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<ContactDeleteOutcome> =>
      contactDeleteResultSchema.parse(await api.delete<unknown>(`contacts/${id}`)).outcome,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export function useRestoreContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      contactSchema.parse(await api.post<unknown>(`contacts/${id}/restore`)),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(contact._id), contact);
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}

/** Groups two contacts as one person; the server answers `id` with its new partners. */
export function useMergeContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, otherContactId }: { id: string; otherContactId: string }) =>
      contactSchema.parse(
        await api.post<unknown>(`contacts/${id}/merge`, { body: { otherContactId } }),
      ),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(contact._id), contact);
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}

/** Takes a contact out of the person it was merged into. */
export function useUnmergeContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      contactSchema.parse(await api.post<unknown>(`contacts/${id}/unmerge`)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export type AttributeBody = Pick<ContactAttribute, 'key' | 'label' | 'type'>;

export function useSaveAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: AttributeBody }) =>
      contactAttributeSchema.parse(
        id
          ? await api.patch<unknown>(`contacts/attributes/${id}`, {
              body: { label: body.label, type: body.type },
            })
          : await api.post<unknown>('contacts/attributes', { body }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactKeys.attributes }),
  });
}

export function useDeleteAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete<unknown>(`contacts/attributes/${id}`);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactKeys.attributes }),
  });
}

/** Step one of an import: the server reads the file and answers what it would do; nothing is written. */
export async function previewImport(file: File): Promise<ContactImportPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  return contactImportPreviewSchema.parse(
    await api.post<unknown>('contacts/import/preview', { body: form, timeout: LONG_TIMEOUT }),
  );
}

/** Step two: writes exactly the previewed rows. */
export async function commitImport(
  importId: string,
  groupId: string | null,
): Promise<ContactImportResult> {
  return contactImportResultSchema.parse(
    await api.post<unknown>('contacts/import/commit', {
      body: { importId, ...(groupId ? { groupId } : {}) },
      timeout: LONG_TIMEOUT,
    }),
  );
}

export type { FileFormat } from '../../lib/download';

export { type Contact };
