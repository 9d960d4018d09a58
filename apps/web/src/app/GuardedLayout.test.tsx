import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { MESSAGES } from '@sapa/contracts';
import { Providers } from './Providers';
import { buildRouteObjects } from './routeObjects';
import { defineMeta, type LayoutName, type RouteFlags } from './routeMeta';
import type { AppRoute } from './routes';
import { createQueryClient } from '../lib/queryClient';
import { setNavigator } from '../lib/navigation';
import { getSidebarMini, getToken, setToken, STORAGE_KEYS } from '../lib/storage';
import { setLanguage } from '../lib/i18n';
import { notifyError } from '../lib/notify';
import { connectSocket, disconnectSocket } from '../lib/socket';
import { makeToken } from '../test/tokens';
import { jsonResponse, makeMeAll, makeUser } from '../test/fixtures';
import { UnauthorizedPage } from './pages/UnauthorizedPage';
import { InternalServerErrorPage } from './pages/InternalServerErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';

// The shell opens the realtime socket; here only whether it asks, and closes it on logout.
vi.mock('../lib/socket', () => ({
  connectSocket: vi.fn(),
  disconnectSocket: vi.fn(),
  // The header's presence switch follows `presence.updated`.
  onServerEvent: vi.fn(() => () => undefined),
}));

vi.mock('../lib/notify', () => ({
  TOAST_POSITION: 'top-center',
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

function Probe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div data-testid="probe">
      {name} {location.pathname}
      {location.search}
    </div>
  );
}

function r(name: string, path: string, layout: LayoutName, flags: RouteFlags = {}): AppRoute {
  return { ...defineMeta(name, path, layout, flags), component: () => <Probe name={name} /> };
}

const TEST_ROUTES: AppRoute[] = [
  r('login', '/login', 'auth', { public: true, entry: 'login' }),
  r('login2fa', '/login/2fa', 'auth', { public: true, entry: 'twoFactor' }),
  r('home', '/', 'admin', { allowAgent: true, apiOnlyAllowed: true, full: true }),
  r('chat', '/chat', 'admin', { allowAgent: true, full: true }),
  r('contactGroup', '/contact/group', 'admin', { full: true }),
  r('csat', '/report/csat', 'admin', { requireCsat: true }),
  r('integration', '/integration', 'integration', { apiOnlyAllowed: true, full: true }),
  r('userPlan', '/user-plan', 'default', { allowAgent: true, apiOnlyAllowed: true }),
  {
    ...defineMeta('unauthorized', '/unauthorized', 'blank', { public: true }),
    component: UnauthorizedPage,
  },
  {
    ...defineMeta('ise', '/internal-server-error', 'blank', { public: true }),
    component: InternalServerErrorPage,
  },
  { ...defineMeta('notFound', '*', 'blank', { public: true }), component: NotFoundPage },
];

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Handler>>;

function serve(routes: Record<string, () => Response>): void {
  fetchMock.mockImplementation((url) => {
    const key = url.replace(/^\/api\//, '').split('?')[0] ?? '';
    const handler = routes[key];
    return handler ? handler() : jsonResponse(404, { message: 'Not found' });
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(buildRouteObjects(TEST_ROUTES), { initialEntries: [path] });
  setNavigator((to) => router.navigate(to));
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

async function probe(): Promise<string> {
  return (await screen.findByTestId('probe')).textContent ?? '';
}

beforeEach(() => {
  fetchMock = vi.fn<Handler>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setNavigator(null);
  await setLanguage('en');
});

describe('guarded routing', () => {
  it('sends an anonymous visitor to /login with from=', async () => {
    renderAt('/chat');
    expect(await probe()).toBe('login /login?from=%2Fchat');
  });

  it('loads the account, then shows the admin shell with the admin menu', async () => {
    setToken(makeToken({ role: 'admin' }));
    serve({ 'users/me/all': () => jsonResponse(200, makeMeAll({ role: 'admin' })) });
    renderAt('/');
    expect(await probe()).toBe('home /');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    // Admins open every page (spec §6), the inbox first among them (issue 15, item 13).
    for (const name of ['dashboard', 'chat', 'template', 'setting', 'integration', 'report']) {
      expect(within(nav).getByTestId(`nav-${name}`)).toBeTruthy();
    }
    expect(screen.getByTestId('nav-logout')).toBeTruthy();
    expect(screen.getByTestId('lang-switch')).toBeTruthy();
    expect(screen.getByTestId('user-menu')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/users/me/all')).toHaveLength(1);
  });

  it('shows agents their menu and refuses routes without allowAgent', async () => {
    setToken(makeToken({ role: 'agent' }));
    serve({ 'users/me/all': () => jsonResponse(200, makeMeAll({ role: 'agent' })) });
    const router = renderAt('/chat');
    expect(await probe()).toBe('chat /chat');
    expect(screen.getByTestId('nav-chat')).toBeTruthy();
    expect(screen.getByTestId('nav-ticket')).toBeTruthy();
    // No item that would end on /unauthorized; Setting is the agent's own profile.
    for (const refused of ['template', 'integration', 'report']) {
      expect(screen.queryByTestId(`nav-${refused}`)).toBeNull();
    }
    expect(screen.getByTestId('nav-setting').getAttribute('href')).toBe('/user-edit');
    await act(() => router.navigate('/contact/group'));
    expect(await screen.findByTestId('page-unauthorized')).toBeTruthy();
  });

  it('goes to /internal-server-error when the account cannot be loaded', async () => {
    setToken(makeToken());
    serve({ 'users/me/all': () => jsonResponse(500, { message: 'boom' }) });
    renderAt('/');
    expect(await screen.findByTestId('page-internal-server-error')).toBeTruthy();
  });

  it('sends a 2FA-pending token to /login/2fa using GET /users/me', async () => {
    setToken(makeToken({ isTwoFactorAuthenticated: false }));
    serve({
      'users/me/all': () =>
        jsonResponse(403, { message: MESSAGES.twoFactorRequired, code: '2FA_REQUIRED' }),
      'users/me': () => jsonResponse(200, makeUser({ isTwoFactorAuthenticationEnabled: true })),
    });
    renderAt('/chat');
    expect(await probe()).toBe('login2fa /login/2fa');
  });

  it('refreshes an expired token and carries on', async () => {
    setToken(makeToken({ exp: Math.floor(Date.now() / 1000) - 10 }));
    const fresh = makeToken({ sid: 'session-1' } as never);
    serve({
      'auth/refresh': () => jsonResponse(200, { accessToken: fresh }),
      'users/me/all': () => jsonResponse(200, makeMeAll()),
    });
    renderAt('/');
    expect(await probe()).toBe('home /');
    expect(getToken()).toBe(fresh);
  });

  it('sends an expired token whose refresh fails to /login', async () => {
    setToken(makeToken({ exp: Math.floor(Date.now() / 1000) - 10 }));
    serve({ 'auth/refresh': () => jsonResponse(401, { message: 'no' }) });
    renderAt('/chat');
    expect(await probe()).toBe('login /login?from=%2Fchat');
    expect(getToken()).toBeNull();
  });

  it('redirects a CSAT route to / with the error toast when CSAT is off', async () => {
    setToken(makeToken());
    serve({
      'users/me/all': () => jsonResponse(200, makeMeAll({ settings: { 'bo.isCsat': 'false' } })),
    });
    renderAt('/report/csat');
    expect(await probe()).toBe('home /');
    expect(notifyError).toHaveBeenCalledWith('Customer Satisfaction feature is not enabled', {
      id: `guard:${MESSAGES.csatDisabled}`,
    });
  });

  it('sends an account without a plan to /user-plan?step=1', async () => {
    setToken(makeToken());
    serve({ 'users/me/all': () => jsonResponse(200, makeMeAll({ dueDate: null })) });
    renderAt('/');
    expect(await probe()).toBe('userPlan /user-plan?step=1');
  });

  it('sends a signed-in user on /login?from=/chat straight to /chat', async () => {
    setToken(makeToken({ role: 'agent' }));
    serve({ 'users/me/all': () => jsonResponse(200, makeMeAll({ role: 'agent' })) });
    const router = renderAt('/login?from=/chat');
    expect(await probe()).toBe('chat /chat');
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('sends a signed-in user away from /login', async () => {
    setToken(makeToken());
    serve({ 'users/me/all': () => jsonResponse(200, makeMeAll()) });
    renderAt('/login');
    expect(await probe()).toBe('home /');
  });

  it('follows the login page to from= after it stores the token', async () => {
    serve({ 'users/me/all': () => jsonResponse(200, makeMeAll({ role: 'agent' })) });
    const router = renderAt('/login?from=%2Fchat');
    expect(await probe()).toBe('login /login?from=%2Fchat');
    // What LoginPage does on success: store the token, then go where the guard wanted.
    act(() => {
      setToken(makeToken({ role: 'agent' }));
      void router.navigate('/chat', { replace: true });
    });
    await waitFor(async () => expect(await probe()).toBe('chat /chat'));
  });

  it('rewrites an old hash link', async () => {
    renderAt('/#/chat');
    expect(await probe()).toBe('login /login?from=%2Fchat');
  });

  it('shows the not-found page for unknown paths', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByTestId('page-not-found')).toBeTruthy();
  });
});

describe('shell', () => {
  beforeEach(() => {
    setToken(makeToken());
    serve({
      'users/me/all': () => jsonResponse(200, makeMeAll()),
      'auth/logout': () => jsonResponse(400, { message: 'already logout' }),
    });
  });

  it('connects the socket once the shell is up, on any page', async () => {
    const router = renderAt('/');
    await probe();
    await waitFor(() => expect(connectSocket).toHaveBeenCalled());
    const calls = vi.mocked(connectSocket).mock.calls;
    expect(calls.every(([options]) => options.userId === calls[0]?.[0].userId)).toBe(true);
    // Another page in the same shell keeps the socket it has.
    const before = calls.length;
    await act(() => router.navigate('/contact/group'));
    await probe();
    expect(vi.mocked(connectSocket).mock.calls.length).toBe(before);
  });

  it('logs out from the side menu: server, token, caches, socket, then /login', async () => {
    renderAt('/');
    await probe();
    vi.mocked(disconnectSocket).mockClear();
    fireEvent.click(screen.getByTestId('nav-logout'));
    await waitFor(async () => expect(await probe()).toBe('login /login'));
    expect(
      fetchMock.mock.calls.some(([u, i]) => u === '/api/auth/logout' && i.method === 'POST'),
    ).toBe(true);
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(disconnectSocket).toHaveBeenCalled();
    // 'already logout' counts as success: no error toast.
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('remembers the mini sidebar', async () => {
    renderAt('/');
    await probe();
    fireEvent.click(screen.getByTestId('nav-mini-toggle'));
    expect(getSidebarMini()).toBe(true);
    fireEvent.click(screen.getByTestId('nav-mini-toggle'));
    expect(getSidebarMini()).toBe(false);
  });

  it('switches the shell to Indonesian', async () => {
    renderAt('/');
    await probe();
    expect(screen.getByTestId('nav-setting').textContent).toContain('Setting');
    await act(() => setLanguage('id'));
    expect(screen.getByTestId('nav-setting').textContent).toContain('Pengaturan');
  });
});
