import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contactGroupListSchema,
  contactGroupMembersResultSchema,
  contactGroupSchema,
  contactListSchema,
  type ChannelType,
  type ContactGroup,
} from '@sapa/contracts';
import type { z } from 'zod';
import { api } from '../../lib/http';

export const groupKeys = {
  all: ['contactGroups'] as const,
  list: ['contactGroups', 'list'] as const,
  members: (groupId: string, search: string) =>
    ['contactGroups', 'members', groupId, search] as const,
  picker: (search: string) => ['contactGroups', 'picker', search] as const,
};

export type MemberPage = z.infer<typeof contactListSchema>;
export type MembersResult = z.infer<typeof contactGroupMembersResultSchema>;

export interface GroupBody {
  name: string;
  description: string;
  channel: ChannelType | null;
}

const MEMBERS_PER_PAGE = 50;
const PICKER_PER_PAGE = 50;

/** Every group of the account with its member count (a handful to a few hundred). */
export function useGroups() {
  return useQuery({
    queryKey: groupKeys.list,
    queryFn: async ({ signal }) =>
      contactGroupListSchema.parse(await api.get<unknown>('contacts/groups', { signal })).data,
  });
}

/** A group's members, alphabetical, 50 at a time with keyset "load more". */
export function useGroupMembers(groupId: string | null, search: string) {
  return useInfiniteQuery({
    queryKey: groupKeys.members(groupId ?? '', search),
    queryFn: async ({ pageParam, signal }) =>
      contactListSchema.parse(
        await api.get<unknown>(`contacts/groups/${encodeURIComponent(groupId ?? '')}/members`, {
          params: {
            perpage: MEMBERS_PER_PAGE,
            searchText: search || undefined,
            startKey: pageParam ?? undefined,
          },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextKey,
    enabled: groupId !== null,
  });
}

/** Contacts matching a search, for the "add members" picker (the contacts list endpoint). */
export function useContactSearch(search: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: groupKeys.picker(search),
    queryFn: async ({ pageParam, signal }) =>
      contactListSchema.parse(
        await api.get<unknown>('contacts', {
          params: {
            perpage: PICKER_PER_PAGE,
            searchText: search || undefined,
            startKey: pageParam ?? undefined,
          },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextKey,
    enabled,
  });
}

/**
 * Group changes show in the groups list, the members and the contacts screen (its group filter
 * and each contact's groups), so every one of those caches is refetched.
 */
function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['contacts'] }),
    ]);
  };
}

export function useSaveGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: string | null;
      body: GroupBody;
    }): Promise<ContactGroup> =>
      contactGroupSchema.parse(
        id
          ? await api.patch<unknown>(`contacts/groups/${encodeURIComponent(id)}`, { body })
          : await api.post<unknown>('contacts/groups', { body }),
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`contacts/groups/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

/** Adds (`add`) or removes (`remove`) contacts; the answer carries the new member count. */
export function useChangeMembers() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: async ({
      groupId,
      contactIds,
      op,
    }: {
      groupId: string;
      contactIds: string[];
      op: 'add' | 'remove';
    }): Promise<MembersResult> => {
      const path = `contacts/groups/${encodeURIComponent(groupId)}/members`;
      const body = { contactIds };
      return contactGroupMembersResultSchema.parse(
        op === 'add'
          ? await api.post<unknown>(path, { body })
          : await api.delete<unknown>(path, { body }),
      );
    },
    onSuccess: invalidate,
  });
}
