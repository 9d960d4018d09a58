import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  MESSAGES,
  type OpsAccountDetail,
  type OpsAccountRow,
  type OpsAccountsQuery,
  type OpsBalanceBody,
  type OpsOperator,
} from '@sapa/contracts';
import { HttpError, type HttpIssue } from '../../lib/http';

/**
 * The console's own client: its session is the HttpOnly cookie on /api/ops (never the tenant's
 * bearer token), and a 401 means "sign in to the console", not the tenant's /login.
 */
async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LIMITS.requestTimeoutMs);
  let response: Response;
  try {
    response = await fetch(`/api/ops/${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    throw new HttpError({ status: 0, message: MESSAGES.serverNotResponding, code: 'NETWORK' });
  } finally {
    clearTimeout(timer);
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's HTML page: nothing to read.
  }
  if (response.ok) return parsed as T;
  const record = (parsed ?? {}) as { message?: unknown; code?: unknown; issues?: unknown };
  throw new HttpError({
    status: response.status,
    message: typeof record.message === 'string' ? record.message : MESSAGES.serverNotResponding,
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
    ...(Array.isArray(record.issues) ? { issues: record.issues as HttpIssue[] } : {}),
  });
}

export const opsKeys = {
  me: ['ops', 'me'] as const,
  accounts: (q: Partial<OpsAccountsQuery>) => ['ops', 'accounts', q] as const,
  account: (id: string) => ['ops', 'account', id] as const,
};

export interface SetupInfo {
  email: string;
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

export const opsApi = {
  me: () => call<{ operator: OpsOperator }>('GET', 'auth/me'),
  signIn: (email: string, password: string) =>
    call<{ operator: OpsOperator }>('POST', 'auth/sign-in', { email, password }),
  verify: (pin: string) => call<{ operator: OpsOperator }>('POST', 'auth/two-factor', { pin }),
  signOut: () => call<{ ok: true }>('POST', 'auth/sign-out'),
  setupInfo: (token: string) => call<SetupInfo>('GET', `setup?token=${encodeURIComponent(token)}`),
  setup: (body: { token: string; name: string; password: string; pin: string }) =>
    call<{ ok: true }>('POST', 'setup', body),
  accounts: (q: Partial<OpsAccountsQuery>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q))
      if (v !== undefined && v !== '') params.set(k, String(v));
    return call<{ data: OpsAccountRow[]; total: number; page: number; perpage: number }>(
      'GET',
      `accounts?${params.toString()}`,
    );
  },
  account: (id: string) => call<OpsAccountDetail>('GET', `accounts/${id}`),
  setSettings: (id: string, settings: { key: string; value: string | null }[]) =>
    call<{ changes: unknown[] }>('PUT', `accounts/${id}/settings`, { settings }),
  balance: (id: string, body: OpsBalanceBody) =>
    call<{ saldo: number; created: boolean }>('POST', `accounts/${id}/balance`, body),
  extend: (id: string, days: number, reason: string) =>
    call<{ dueDate: string }>('POST', `accounts/${id}/due-date`, { days, reason }),
  suspend: (id: string, reason: string) => call('POST', `accounts/${id}/suspend`, { reason }),
  unsuspend: (id: string, reason: string) => call('POST', `accounts/${id}/unsuspend`, { reason }),
  taxInvoiceNumber: (invoiceId: string, taxInvoiceNumber: string | null) =>
    call<{ taxInvoiceNumber: string | null }>('PUT', `invoices/${invoiceId}/tax-invoice-number`, {
      taxInvoiceNumber,
    }),
};

export function useOpsMe() {
  return useQuery({ queryKey: opsKeys.me, queryFn: opsApi.me, retry: false, staleTime: 60_000 });
}

export function useOpsAccounts(q: Partial<OpsAccountsQuery>) {
  return useQuery({
    queryKey: opsKeys.accounts(q),
    queryFn: () => opsApi.accounts(q),
    placeholderData: (previous) => previous,
  });
}

export function useOpsAccount(id: string) {
  return useQuery({ queryKey: opsKeys.account(id), queryFn: () => opsApi.account(id) });
}

/** A change to one account: afterwards its page and the list load again. */
export function useAccountAction<A>(id: string, action: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: opsKeys.account(id) });
      await client.invalidateQueries({ queryKey: ['ops', 'accounts'] });
    },
  });
}
