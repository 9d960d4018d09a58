import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { api, buildUrl, HttpError, refreshAccessToken } from './http';
import { getForbidden, getToken, setCachedSettings, getCachedSettings, setToken } from './storage';
import { notifyError } from './notify';
import { navigateTo } from './navigation';

vi.mock('./notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('./navigation', () => ({ navigateTo: vi.fn(), setNavigator: vi.fn() }));

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function unauthorized(): Response {
  return json(401, { statusCode: 401, error: 'Unauthorized', message: MESSAGES.unauthorized });
}

let fetchMock: ReturnType<typeof vi.fn<Handler>>;

function calls(): { url: string; init: RequestInit }[] {
  return fetchMock.mock.calls.map(([url, init]) => ({ url, init }));
}

function authHeader(init: RequestInit): string | undefined {
  return (init.headers as Record<string, string>).Authorization;
}

beforeEach(() => {
  fetchMock = vi.fn<Handler>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api requests', () => {
  it('calls /api with bearer token, cookies and query params', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValue(json(200, { ok: true }));

    const result = await api.get<{ ok: boolean }>('/users/agent', {
      params: { role: ['agent', 'admin'], includeMe: true, perpage: 1000, search: undefined },
    });

    expect(result).toEqual({ ok: true });
    const [{ url, init }] = calls() as [{ url: string; init: RequestInit }];
    expect(url).toBe('/api/users/agent?role=agent%2Cadmin&includeMe=true&perpage=1000');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(authHeader(init)).toBe('Bearer tok-1');
  });

  it('sends JSON bodies and omits the bearer without a token', async () => {
    fetchMock.mockResolvedValue(json(201, { ok: true }));
    await api.post('users/register', { body: { name: 'Sari' } });
    const [{ url, init }] = calls() as [{ url: string; init: RequestInit }];
    expect(url).toBe('/api/users/register');
    expect(init.body).toBe('{"name":"Sari"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(authHeader(init)).toBeUndefined();
  });

  it('resolves undefined for an empty answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('division/1')).resolves.toBeUndefined();
  });

  it('throws HttpError with the server message, code and issues', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The email field is required',
        code: 'VALIDATION',
        issues: [{ path: 'email', message: 'The email field is required' }],
      }),
    );
    const error = await api.post('users/register', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      message: 'The email field is required',
      code: 'VALIDATION',
      issues: [{ path: 'email', message: 'The email field is required' }],
    });
  });

  it('uses the not-responding message for a non-JSON error page', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('settings')).rejects.toMatchObject({
      status: 502,
      message: MESSAGES.serverNotResponding,
    });
  });

  it('uses the not-responding message when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('settings')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: MESSAGES.serverNotResponding,
    });
  });
});

describe('timeouts', () => {
  function hangUntilAborted(): void {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
  }

  it('gives up after 30 s by default', async () => {
    vi.useFakeTimers();
    hangUntilAborted();
    const outcome = api.get('settings').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({
      status: 0,
      code: 'TIMEOUT',
      message: MESSAGES.serverNotResponding,
    });
  });

  it('honours a caller timeout such as the 12 s chat list', async () => {
    vi.useFakeTimers();
    hangUntilAborted();
    const outcome = api.get('chats/paginate', { timeout: 12_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(12_000);
    await expect(outcome).resolves.toMatchObject({ code: 'TIMEOUT' });
  });

  it('refresh gives up after 10 s', async () => {
    vi.useFakeTimers();
    hangUntilAborted();
    const outcome = refreshAccessToken();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBeNull();
  });
});

describe('401 recovery (spec §4)', () => {
  it('refreshes, repeats the call with the new token and returns its result', async () => {
    setToken('old');
    fetchMock.mockImplementation((url, init) => {
      if (url === '/api/auth/refresh') return json(200, { accessToken: 'new' });
      return authHeader(init) === 'Bearer new' ? json(200, { data: [1] }) : unauthorized();
    });

    await expect(api.get('labels')).resolves.toEqual({ data: [1] });

    expect(calls().map((c) => c.url)).toEqual(['/api/labels', '/api/auth/refresh', '/api/labels']);
    expect(calls()[1]?.init.method).toBe('POST');
    expect(calls()[1]?.init.credentials).toBe('include');
    expect(getToken()).toBe('new');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('marks the app forbidden while recovering', async () => {
    setToken('old');
    let forbiddenDuringRefresh: boolean | null = null;
    fetchMock.mockImplementation((url, init) => {
      if (url === '/api/auth/refresh') {
        forbiddenDuringRefresh = getForbidden();
        return json(200, { accessToken: 'new' });
      }
      return authHeader(init) === 'Bearer new' ? json(200, {}) : unauthorized();
    });
    await api.get('labels');
    expect(forbiddenDuringRefresh).toBe(true);
    expect(getForbidden()).toBe(false);
  });

  it('shares one refresh between concurrent 401s', async () => {
    setToken('old');
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/auth/refresh') {
        await new Promise((r) => setTimeout(r, 5));
        return json(200, { accessToken: 'new' });
      }
      return authHeader(init) === 'Bearer new' ? json(200, { url }) : unauthorized();
    });

    const results = await Promise.all([api.get('labels'), api.get('chats/active'), api.get('x')]);

    expect(results).toEqual([
      { url: '/api/labels' },
      { url: '/api/chats/active' },
      { url: '/api/x' },
    ]);
    expect(calls().filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('on refresh failure clears the session, toasts and goes to /login', async () => {
    setToken('old');
    setCachedSettings({ 'bo.isCsat': 'true' });
    fetchMock.mockImplementation(() => unauthorized());

    const error = await api.get('labels').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(getToken()).toBeNull();
    expect(getCachedSettings()).toBeNull();
    expect(getForbidden()).toBe(true);
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('Your session has expired', {
      id: 'session-expired',
    });
    expect(navigateTo).toHaveBeenCalledWith('/login');
  });

  it('ends the session once when concurrent calls fail to recover', async () => {
    setToken('old');
    fetchMock.mockImplementation(() => unauthorized());
    await Promise.all([api.get('a').catch(() => null), api.get('b').catch(() => null)]);
    expect(calls().filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('does not loop when the repeated call is refused again', async () => {
    setToken('old');
    fetchMock.mockImplementation((url) =>
      url === '/api/auth/refresh' ? json(200, { accessToken: 'new' }) : unauthorized(),
    );
    await expect(api.get('labels')).rejects.toMatchObject({ status: 401 });
    expect(calls().map((c) => c.url)).toEqual(['/api/labels', '/api/auth/refresh', '/api/labels']);
  });

  it.each([
    'auth/login',
    '/auth/refresh',
    '/auth/2fa/turn-on',
    'auth/2fa/turn-off',
    '/auth/2fa/validate',
  ])('leaves a 401 from %s alone', async (path) => {
    setToken('old');
    fetchMock.mockImplementation(() => unauthorized());
    await expect(api.post(path, { body: { pin: '123456' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('old');
    expect(getForbidden()).toBe(false);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('does not refresh on other errors such as 403', async () => {
    setToken('old');
    fetchMock.mockResolvedValue(
      json(403, { statusCode: 403, error: 'Forbidden', message: 'no', code: '2FA_REQUIRED' }),
    );
    await expect(api.get('users/me/all')).rejects.toMatchObject({
      status: 403,
      code: '2FA_REQUIRED',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('buildUrl', () => {
  it('normalises leading slashes and skips empty params', () => {
    expect(buildUrl('//settings/subscription-info', { a: null })).toBe(
      '/api/settings/subscription-info',
    );
  });
});
