import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { DatesLanguage } from '../../app/DatesLanguage';
import type { Session } from '../../app/session';
import { i18n } from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';

/** Where the router ended up, for asserting navigations. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** A signed-in session with every action a spy; override what a test needs. */
export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    status: 'ready',
    token: 'token',
    claims: null,
    user: makeUser(),
    account: { _id: 'account-1', name: 'Toko Sari', type: 'regular', timezone: 'Asia/Jakarta' },
    settings: {},
    subscription: null,
    balance: null,
    refreshStatus: 'idle',
    signingOut: false,
    endSignOut: vi.fn(),
    setToken: vi.fn(),
    load: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    reload: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    ...overrides,
  };
}

/** A query client that never retries, as screens under test use; pass one to reach its cache. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/**
 * Renders a screen at `path` with the real theme-less providers, i18n and a memory router; any
 * other path renders a probe showing the location it was sent to.
 */
export function renderScreen(
  ui: ReactElement,
  {
    path = '/',
    url,
    queryClient = testQueryClient(),
  }: { path?: string; url?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url ?? path] },
  );
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <DatesLanguage>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </DatesLanguage>
      </MantineProvider>
    </I18nextProvider>,
  );
}
