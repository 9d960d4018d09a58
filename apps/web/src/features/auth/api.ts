import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginBody, RegisterBody, User } from '@sapa/contracts';
import { api } from '../../lib/http';

export interface AuthAnswer {
  accessToken: string;
  user: User;
}

export interface OkAnswer {
  ok: true;
  message?: string;
}

/** GET /users/reset-password/check; `company` is shown for invitations when the server sends it. */
export interface ResetCheckAnswer {
  ok: true;
  email: string;
  purpose: string;
  company?: string;
}

export interface ResetSubmitBody {
  token: string;
  password: string;
  confirm_password: string;
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<AuthAnswer>('/auth/login', { body }),
  });
}

export function useValidateTwoFactor() {
  return useMutation({
    mutationFn: (pin: string) => api.post<AuthAnswer>('/auth/2fa/validate', { body: { pin } }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<OkAnswer>('/users/register', { body }),
  });
}

export function useConfirmRegistration() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<OkAnswer>('/users/register_confirmation', { body: { token } }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<OkAnswer>('/users/reset-password/request', { body: { email } }),
  });
}

export function useResetCheck(token: string) {
  return useQuery({
    queryKey: ['auth', 'reset-check', token],
    queryFn: () => api.get<ResetCheckAnswer>('/users/reset-password/check', { params: { token } }),
    enabled: token.length > 0,
    // A dead link stays dead; retrying only delays the explanation.
    retry: false,
    staleTime: Infinity,
  });
}

export function useSubmitPasswordReset() {
  return useMutation({
    mutationFn: (body: ResetSubmitBody) =>
      api.post<OkAnswer>('/users/reset-password/submit', { body }),
  });
}
