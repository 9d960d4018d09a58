import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/queryClient';
import {
  getAiEnabled,
  getApiOnly,
  getCachedSettings,
  getToken,
  getWhatsappType,
  setToken as storeToken,
} from '../../lib/storage';
import { jsonResponse, makeMeAll } from '../../test/fixtures';
import { makeToken } from '../../test/tokens';
import { SessionProvider } from './SessionProvider';
import { useSession, useSetting } from './SessionContext';
import { onSessionEnd } from './teardown';

const analytics = vi.hoisted(() => ({
  identifyUser: vi.fn(),
  identifyLoggedOut: vi.fn(),
  reset: vi.fn(),
  track: vi.fn(),
}));
vi.mock('../../lib/analytics', () => ({ analytics }));
vi.mock('../../lib/navigation', () => ({ navigateTo: vi.fn(async () => undefined) }));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Handler>>;

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
}

function useBoth() {
  return { session: useSession(), csat: useSetting('bo.isCsat') };
}

const meAllCalls = () => fetchMock.mock.calls.filter(([u]) => u === '/api/users/me/all').length;

beforeEach(() => {
  fetchMock = vi.fn<Handler>(() =>
    jsonResponse(
      200,
      makeMeAll({
        settings: { 'bo.isCsat': 'true', 'whatsapp-type': 'waba', enable_ai: 'true' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SessionProvider', () => {
  it('is anonymous without a token and tells analytics so', () => {
    const { result } = renderHook(useBoth, { wrapper });
    expect(result.current.session.status).toBe('anonymous');
    expect(analytics.identifyLoggedOut).toHaveBeenCalled();
  });

  it('loads the account once, fills the session cache and identifies the user', async () => {
    storeToken(makeToken());
    const { result } = renderHook(useBoth, { wrapper });
    expect(result.current.session.status).toBe('idle');
    await act(() => result.current.session.load());
    expect(result.current.session.status).toBe('ready');
    expect(result.current.session.user?.email).toBe('sari@toko.id');
    expect(result.current.session.balance?.saldo).toBe(150000);
    expect(result.current.csat).toBe('true');
    expect(getCachedSettings()?.['bo.isCsat']).toBe('true');
    expect(getWhatsappType()).toBe('waba');
    expect(getAiEnabled()).toBe(true);
    expect(getApiOnly()).toBe(false);
    expect(analytics.identifyUser).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'sari@toko.id' }),
    );
    // Loading again is a no-op.
    await act(() => result.current.session.load());
    expect(meAllCalls()).toBe(1);
  });

  it('uses the session cache on a reload of the page (fetched once per tab)', async () => {
    storeToken(makeToken());
    const first = renderHook(useBoth, { wrapper });
    await act(() => first.result.current.session.load());
    first.unmount();
    const second = renderHook(useBoth, { wrapper });
    await act(() => second.result.current.session.load());
    expect(second.result.current.session.status).toBe('ready');
    expect(meAllCalls()).toBe(1);
  });

  it('reload() refetches while keeping the current data on screen', async () => {
    storeToken(makeToken());
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => result.current.session.load());
    fetchMock.mockImplementation(() =>
      jsonResponse(200, makeMeAll({ settings: { 'bo.isCsat': 'false' } })),
    );
    let during = '';
    await act(async () => {
      const pending = result.current.session.reload();
      during = result.current.session.status;
      await pending;
    });
    expect(during).toBe('ready');
    expect(result.current.csat).toBe('false');
    expect(meAllCalls()).toBe(2);
  });

  it('keeps loaded data across a token refresh of the same sign-in', async () => {
    storeToken(makeToken({ exp: 4_000_000_000 }));
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => result.current.session.load());
    act(() => storeToken(makeToken({ exp: 4_000_000_100 })));
    expect(result.current.session.status).toBe('ready');
  });

  it('starts over for a new sign-in', async () => {
    storeToken(makeToken());
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => result.current.session.load());
    act(() => result.current.session.setToken(makeToken({ sub: 'user-2' })));
    expect(result.current.session.status).toBe('idle');
    expect(getCachedSettings()).toBeNull();
  });

  it('marks a failed load as error', async () => {
    storeToken(makeToken());
    fetchMock.mockImplementation(() => jsonResponse(500, { message: 'boom' }));
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => result.current.session.load());
    expect(result.current.session.status).toBe('error');
  });

  it('logout: server, then token, caches, teardown handlers and analytics', async () => {
    storeToken(makeToken());
    const teardown = vi.fn();
    const unregister = onSessionEnd(teardown);
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => result.current.session.load());
    fetchMock.mockImplementation(() => jsonResponse(200, { ok: true }));
    await act(() => result.current.session.logout());
    expect(
      fetchMock.mock.calls.some(([u, i]) => u === '/api/auth/logout' && i.method === 'POST'),
    ).toBe(true);
    await waitFor(() => expect(result.current.session.status).toBe('anonymous'));
    expect(getToken()).toBeNull();
    expect(getCachedSettings()).toBeNull();
    expect(teardown).toHaveBeenCalledTimes(1);
    expect(analytics.reset).toHaveBeenCalled();
    unregister();
  });

  it('a failed logout still signs out here, with the spec fallback toast', async () => {
    const { notifyError } = await import('../../lib/notify');
    storeToken(makeToken());
    fetchMock.mockImplementation(() => jsonResponse(500, { message: 'boom' }));
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => result.current.session.logout());
    expect(getToken()).toBeNull();
    expect(notifyError).toHaveBeenCalledWith('Some error occured', { id: 'logout-error' });
  });
});
