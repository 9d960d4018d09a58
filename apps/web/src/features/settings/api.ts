import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Division, User } from '@sapa/contracts';
import { api } from '../../lib/http';

/** Bodies as the server's contracts describe them (docs/API.md). */
export interface UpdateMeBody {
  user_name?: string;
  email?: string;
  company?: string;
  phone?: string;
  language?: 'en' | 'id';
}

export interface ChangePasswordBody {
  current_password: string;
  password: string;
  confirm_password: string;
}

export interface InviteBody {
  name: string;
  email: string;
  role: User['role'];
  phone?: string;
  divisions: string[];
  divisionOnlyView: boolean;
  allChat: boolean;
  agentIds: string[];
}

export type UpdateMemberBody = Partial<Omit<InviteBody, 'email' | 'phone'>> & {
  phone?: string | null;
};

export interface DivisionBody {
  name: string;
  description: string;
}

export interface TwoFactorSecret {
  otpauthUrl: string;
  secret: string;
  qrCode: string;
}

export interface AuthAnswer {
  accessToken: string;
  user: User;
}

interface ListAnswer<T> {
  data: T[];
}

export const teamKeys = {
  members: ['team', 'members'] as const,
  divisions: ['team', 'divisions'] as const,
};

/** Everyone on the team, deactivated included, so admins can reactivate them (§7 perpage 1000). */
export function useTeamMembers() {
  return useQuery({
    queryKey: teamKeys.members,
    queryFn: () =>
      api.get<ListAnswer<User>>('/users/agent', {
        params: {
          role: 'agent,admin,supervisor',
          includeMe: true,
          perpage: 1000,
          includeInactive: true,
        },
      }),
    select: (answer) => answer.data,
  });
}

export function useDivisions() {
  return useQuery({
    queryKey: teamKeys.divisions,
    queryFn: () => api.get<ListAnswer<Division>>('/division'),
    select: (answer) => answer.data,
  });
}

/** Member changes move division member counts too, so both lists are refetched. */
function useInvalidateTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['team'] });
}

export function useInviteMember() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: InviteBody) => api.post<User>('/users', { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateMember() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateMemberBody }) =>
      api.patch<User>(`/users/${encodeURIComponent(id)}`, { body }),
    onSuccess: invalidate,
  });
}

export type MemberAction = 'deactivate' | 'reactivate' | 'resend-invite';

export function useMemberAction() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: MemberAction }) =>
      api.post<unknown>(`/users/${encodeURIComponent(id)}/${action}`),
    onSuccess: invalidate,
  });
}

export function useSaveDivision() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DivisionBody }) =>
      id
        ? api.patch<Division>(`/division/${encodeURIComponent(id)}`, { body })
        : api.post<Division>('/division', { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteDivision() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/division/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useUpdateMe() {
  return useMutation({
    mutationFn: (body: UpdateMeBody) => api.patch<User>('/users/me', { body }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.patch<unknown>('/users/me/password', { body }),
  });
}

/** A fresh secret each time the person starts setting up 2FA; never cached. */
export function useGenerateTwoFactor() {
  return useMutation({
    mutationFn: () => api.get<TwoFactorSecret>('/auth/2fa/generate'),
  });
}

export function useToggleTwoFactor() {
  return useMutation({
    mutationFn: ({ pin, on }: { pin: string; on: boolean }) =>
      api.post<AuthAnswer>(on ? '/auth/2fa/turn-on' : '/auth/2fa/turn-off', { body: { pin } }),
  });
}

export function useSaveSettings() {
  return useMutation({
    mutationFn: (settings: { key: string; value: string | null }[]) =>
      api.post<unknown>('/settings', { body: { settings } }),
  });
}
