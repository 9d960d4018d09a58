import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BALANCE_UPDATED_EVENT, type PricingStanding, type Role } from '@sapa/contracts';
import { SessionContext } from '../../app/session/SessionContext';
import { i18n } from '../../lib/i18n';
import { SERVER_EVENT_HANDLERS, type RealtimeContext } from '../../lib/socketEvents';
import { makeSession } from '../shared/test-utils';
import { makeUser } from '../../test/fixtures';
import { pricingKeys } from './api';
import { BalanceBanner } from './BalanceBanner';

const STANDING: PricingStanding = {
  saldo: 80_000,
  minimumBalance: 50_000,
  lowBalanceThreshold: 100_000,
  prices: { userInitiatePrice: 350, businessInitiatePrice: 550, mauPrice: 0 },
  state: 'low',
  dueDate: '2026-02-14T03:00:00.000Z',
};

function show(standing: PricingStanding, role: Role = 'admin') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  queryClient.setQueryData(pricingKeys.standing, standing);
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <SessionContext.Provider value={makeSession({ user: makeUser({ role }) })}>
            <MemoryRouter>
              <BalanceBanner />
            </MemoryRouter>
          </SessionContext.Provider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return queryClient;
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('BalanceBanner', () => {
  it('warns an admin of a low balance with the figures and a way to top up', () => {
    show(STANDING);
    expect(screen.getByTestId('balance-banner').getAttribute('data-state')).toBe('low');
    expect(screen.getByText(/Your balance is running low: Rp 80\.000/)).toBeTruthy();
    expect(screen.getByText(/below Rp 100\.000/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/top-up');
  });

  it('follows balance.updated live: below the minimum it says sending stopped', async () => {
    const queryClient = show(STANDING);
    const ctx = { queryClient } as unknown as RealtimeContext;
    act(() => SERVER_EVENT_HANDLERS[BALANCE_UPDATED_EVENT]!(ctx, { saldo: 12_500 }));
    await waitFor(() =>
      expect(screen.getByTestId('balance-banner').getAttribute('data-state')).toBe('insufficient'),
    );
    expect(screen.getByText(/Rp 12\.500 is below the minimum balance of Rp 50\.000/)).toBeTruthy();
    act(() => SERVER_EVENT_HANDLERS[BALANCE_UPDATED_EVENT]!(ctx, { saldo: 500_000 }));
    await waitFor(() => expect(screen.queryByTestId('balance-banner')).toBeNull());
  });

  it('publishes its height for full-screen pages while it shows, and clears it when it goes', async () => {
    const queryClient = show(STANDING);
    const height = () => document.documentElement.style.getPropertyValue('--sapa-banner-h');
    await waitFor(() => expect(height()).toMatch(/^\d+px$/));
    const ctx = { queryClient } as unknown as RealtimeContext;
    act(() => SERVER_EVENT_HANDLERS[BALANCE_UPDATED_EVENT]!(ctx, { saldo: 500_000 }));
    await waitFor(() => expect(screen.queryByTestId('balance-banner')).toBeNull());
    expect(height()).toBe('');
  });

  it('tells an expired account to renew, and a top-up does not hide it', async () => {
    const queryClient = show({ ...STANDING, state: 'expired' });
    expect(screen.getByRole('link', { name: 'Renew' }).getAttribute('href')).toBe('/renewal');
    const ctx = { queryClient } as unknown as RealtimeContext;
    act(() => SERVER_EVENT_HANDLERS[BALANCE_UPDATED_EVENT]!(ctx, { saldo: 900_000 }));
    await waitFor(() =>
      expect(queryClient.getQueryData(pricingKeys.standing)).toMatchObject({ saldo: 900_000 }),
    );
    expect(screen.getByTestId('balance-banner').getAttribute('data-state')).toBe('expired');
  });

  it('shows supervisors the state without the admin’s action, and agents nothing', () => {
    show({ ...STANDING, state: 'suspended' }, 'supervisor');
    expect(screen.getByText(/suspended by Sapa/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    document.body.innerHTML = '';
    show(STANDING, 'agent');
    expect(screen.queryByTestId('balance-banner')).toBeNull();
  });

  it('speaks Indonesian', async () => {
    await i18n.changeLanguage('id');
    show(STANDING);
    expect(screen.getByText(/Saldo Anda menipis: Rp 80\.000/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Isi saldo' })).toBeTruthy();
  });
});
