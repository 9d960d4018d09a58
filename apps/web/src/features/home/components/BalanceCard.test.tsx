import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useSession } from '../../../app/session';
import type * as HttpModule from '../../../lib/http';
import { api } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { applyBalanceUpdated, billingKeys } from '../../billing/cache';
import { makeSession, renderScreen, testQueryClient } from '../../shared/test-utils';
import { BalanceCard } from './BalanceCard';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return { ...actual, api: { get: vi.fn() } };
});
vi.mock('../../../app/session', () => ({ useSession: vi.fn() }));

const get = vi.mocked(api.get);

describe('the dashboard balance card', () => {
  beforeEach(async () => {
    await setLanguage('en');
    vi.mocked(useSession).mockReturnValue(
      makeSession({ balance: { saldo: 100_000, orderId: null } }),
    );
  });

  it('shows the balance at once, then the server’s, then each balance.updated live', async () => {
    get.mockResolvedValue({ saldo: 100_000, orderId: null });
    const queryClient = testQueryClient();
    renderScreen(<BalanceCard topUp />, { queryClient });
    expect(screen.getByTestId('home-balance-amount').textContent).toBe('Rp 100.000');
    expect(screen.getByTestId('home-top-up').getAttribute('href')).toBe('/top-up');
    await waitFor(() => expect(queryClient.getQueryData(billingKeys.balance)).toBeDefined());

    // A top-up was paid: the event's saldo shows before the server is asked again...
    let answer: (value: unknown) => void = () => undefined;
    get.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    act(() => applyBalanceUpdated(queryClient, { saldo: 200_000 }));
    await waitFor(() =>
      expect(screen.getByTestId('home-balance-amount').textContent).toBe('Rp 200.000'),
    );
    expect(screen.getByTestId('home-balance-order').textContent).toBe('No top-ups yet');
    // ...and the answer names the top-up's order.
    act(() => answer({ saldo: 200_000, orderId: 'SAPA-260115-K7QX3M9TZP' }));
    await waitFor(() =>
      expect(screen.getByTestId('home-balance-order').textContent).toBe(
        'Last top-up order SAPA-260115-K7QX3M9TZP',
      ),
    );
  });

  it('hides the way to /top-up from those who may not open it', () => {
    get.mockResolvedValue({ saldo: 100_000, orderId: null });
    renderScreen(<BalanceCard topUp={false} />);
    expect(screen.queryByTestId('home-top-up')).toBeNull();
  });
});
