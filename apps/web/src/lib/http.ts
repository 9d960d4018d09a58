import { LIMITS, MESSAGES, refreshResponseSchema } from '@sapa/contracts';
import { message } from './messages';
import { navigateTo } from './navigation';
import { notifyError } from './notify';
import { clearAll, getToken, setForbidden, setToken } from './storage';

export const API_BASE = '/api';

export interface HttpIssue {
  path: string;
  message: string;
}

/** Every failed call rejects with this; `message` is the server's (English) text. */
export class HttpError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly issues?: HttpIssue[];

  constructor(init: { status: number; message: string; code?: string; issues?: HttpIssue[] }) {
    super(init.message);
    this.name = 'HttpError';
    this.status = init.status;
    if (init.code !== undefined) this.code = init.code;
    if (init.issues !== undefined) this.issues = init.issues;
  }
}

type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  body?: unknown;
  /** Milliseconds; defaults to 30 s (chat list callers pass 12 s). */
  timeout?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Spec §4: a 401 on these calls is an answer, not an expired session. */
const NO_REFRESH_PATHS = new Set([
  'auth/login',
  'auth/refresh',
  'auth/2fa/turn-on',
  'auth/2fa/turn-off',
  'auth/2fa/validate',
]);

function normalizePath(path: string): string {
  return path.replace(/^\/+/, '').split('?')[0] ?? '';
}

export function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    // Lists travel as comma-separated values (e.g. `groups`, `role`).
    query.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = query.toString();
  return `${API_BASE}/${normalizePath(path)}${qs ? `?${qs}` : ''}`;
}

function notResponding(code: string): HttpError {
  return new HttpError({ status: 0, message: MESSAGES.serverNotResponding, code });
}

async function errorFromResponse(response: Response): Promise<HttpError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML page or an empty body: nothing a person could read.
  }
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const issues = Array.isArray(record.issues)
      ? record.issues.filter(
          (i): i is HttpIssue =>
            !!i &&
            typeof (i as HttpIssue).path === 'string' &&
            typeof (i as HttpIssue).message === 'string',
        )
      : undefined;
    return new HttpError({
      status: response.status,
      message:
        typeof record.message === 'string' && record.message
          ? record.message
          : MESSAGES.serverNotResponding,
      ...(typeof record.code === 'string' ? { code: record.code } : {}),
      ...(issues ? { issues } : {}),
    });
  }
  return new HttpError({ status: response.status, message: MESSAGES.serverNotResponding });
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

/** One fetch with bearer, cookies and a timeout; no session recovery. */
async function send(method: Method, path: string, options: RequestOptions): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? LIMITS.requestTimeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.params), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
    } catch (error) {
      // The caller cancelled (e.g. TanStack Query): let the abort propagate untouched.
      if (options.signal?.aborted && !timedOut) throw error;
      throw notResponding(timedOut ? 'TIMEOUT' : 'NETWORK');
    }
    if (!response.ok) throw await errorFromResponse(response);
    try {
      return await parseBody(response);
    } catch {
      throw notResponding(timedOut ? 'TIMEOUT' : 'BAD_RESPONSE');
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

let refreshing: Promise<string | null> | null = null;

/**
 * POST /auth/refresh with the httpOnly cookie (10 s). Concurrent callers share one request so a
 * rotating refresh token is never presented twice. Resolves to the new token, or null.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const answer = refreshResponseSchema.parse(
        await send('POST', 'auth/refresh', { timeout: LIMITS.refreshTimeoutMs }),
      );
      setToken(answer.accessToken);
      setForbidden(false);
      return answer.accessToken;
    } catch {
      return null;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let recovering: Promise<string | null> | null = null;

/** Refresh after a 401; when that fails, end the session once for all waiting calls. */
function recoverSession(): Promise<string | null> {
  recovering ??= (async () => {
    const token = await refreshAccessToken();
    if (!token) {
      clearAll();
      setForbidden(true);
      notifyError(message('sessionExpired'), { id: 'session-expired' });
      void navigateTo('/login');
    }
    return token;
  })().finally(() => {
    recovering = null;
  });
  return recovering;
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const tokenUsed = getToken();
  try {
    return (await send(method, path, options)) as T;
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401) throw error;
    if (NO_REFRESH_PATHS.has(normalizePath(path))) throw error;
    setForbidden(true);
    const current = getToken();
    // Another call already refreshed while this one was in flight: just repeat it.
    const token = current && current !== tokenUsed ? current : await recoverSession();
    if (!token) throw error;
    setForbidden(false);
    return (await send(method, path, options)) as T;
  }
}

/** The provider API client (base `/api`). Types are the caller's claim; parse with zod if unsure. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
