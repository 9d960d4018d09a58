import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SubscriptionInfo } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { RenewalPage } from './RenewalPage';
import type * as SnapModule from './snap';
import { openPayment } from './snap';
import { SubscriptionExpiredPage } from './SubscriptionExpiredPage';
import { GROWTH, makeOrder, STARTER } from './testFixtures';
import { UserPlanPage } from './UserPlanPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));
const listeners = new Map<string, (payload: unknown) => void>();
vi.mock('../../lib/socket', () => ({
  onServerEvent: (event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  },
  connectSocket: vi.fn(),
}));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('./snap', async (importOriginal) => ({
  ...(await importOriginal<typeof SnapModule>()),
  openPayment: vi.fn(async () => 'popup'),
}));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const DAY = 86_400_000;

function subscription(overrides: Partial<SubscriptionInfo>): SubscriptionInfo {
  return {
    dueDate: new Date(Date.now() + 3 * DAY).toISOString(),
    billingPeriod: 'monthly',
    billingAmount: 299_000,
    plan: { code: 'starter', name: 'Starter' },
    status: 'active',
    graceEndsAt: null,
    renewalOpensAt: null,
    ...overrides,
  };
}

function signIn(sub: SubscriptionInfo | null, role: 'admin' | 'agent' = 'admin') {
  const reload = vi.fn(async () => undefined);
  vi.mocked(useSession).mockReturnValue(
    makeSession({
      user: makeUser({ role }),
      subscription: sub,
      settings: { 'bo.ppn': '11' },
      reload,
    }),
  );
  return reload;
}

/** The body of the order the page placed. */
async function placed() {
  await waitFor(() => expect(post).toHaveBeenCalled());
  return post.mock.calls[0];
}

describe('plan pages', () => {
  beforeEach(async () => {
    await setLanguage('en');
    listeners.clear();
    get.mockReset();
    post.mockReset();
    vi.mocked(openPayment).mockClear();
    get.mockImplementation(async (path: string) => {
      if (path === '/product') return { data: [STARTER, GROWTH] };
      if (path === '/order/create-snap-token')
        return { token: 't', redirectUrl: 'https://pay', clientKey: null, scriptUrl: null };
      throw new Error(`unexpected GET ${path}`);
    });
    post.mockResolvedValue(makeOrder({ type: 'subscription' }));
  });

  it('/user-plan buys a plan by the year, besides the free trial', async () => {
    signIn(null);
    renderScreen(<UserPlanPage />, { path: '/user-plan' });
    expect(await screen.findByTestId('plan-start-trial-starter')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByTestId('plan-price-growth').textContent).toBe('Rp 7.990.000');
    fireEvent.click(screen.getByTestId('plan-buy-growth'));
    expect(await placed()).toEqual([
      '/order/create-order/subscription',
      { body: { productCode: 'growth', billingPeriod: 'yearly' } },
    ]);
    await waitFor(() => expect(openPayment).toHaveBeenCalled());
  });

  it('/renewal renews the paid plan for the next period, with its PPN', async () => {
    signIn(subscription({ status: 'active' }));
    renderScreen(<RenewalPage />, { path: '/renewal' });
    await screen.findByTestId('plan-checkout');
    // A renewal keeps the plan: no other plan is offered.
    expect(screen.queryByTestId('checkout-plan-growth')).toBeNull();
    expect(screen.getByTestId('plan-breakdown-total').textContent).toBe('Rp 331.890');
    fireEvent.click(screen.getByTestId('plan-pay'));
    expect(await placed()).toEqual([
      '/order/create-order/renewal',
      { body: { productCode: 'starter', billingPeriod: 'monthly' } },
    ]);
  });

  it('/renewal during a trial buys the plan (any plan) instead', async () => {
    signIn(subscription({ status: 'trial' }));
    renderScreen(<RenewalPage />, { path: '/renewal' });
    fireEvent.click(await screen.findByTestId('checkout-plan-growth'));
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    fireEvent.click(screen.getByTestId('plan-pay'));
    expect(await placed()).toEqual([
      '/order/create-order/subscription',
      { body: { productCode: 'growth', billingPeriod: 'yearly' } },
    ]);
  });

  it('/subscription-expired lets an admin pay to come back, and reloads once it is paid', async () => {
    const reload = signIn(
      subscription({ status: 'expired', dueDate: new Date(Date.now() - DAY).toISOString() }),
    );
    renderScreen(<SubscriptionExpiredPage />, { path: '/subscription-expired' });
    fireEvent.click(await screen.findByTestId('plan-pay'));
    expect(await placed()).toEqual([
      '/order/create-order/subscription',
      { body: { productCode: 'starter', billingPeriod: 'monthly' } },
    ]);
    // The payment is confirmed: the session (and with it the guard) learns the new due date.
    act(() =>
      listeners.get('order.updated')?.(makeOrder({ type: 'subscription', status: 'paid' })),
    );
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it('/subscription-expired asks anyone else to turn to an admin', async () => {
    await setLanguage('id');
    signIn(subscription({ status: 'expired' }), 'agent');
    renderScreen(<SubscriptionExpiredPage />, { path: '/subscription-expired' });
    expect(
      await screen.findByText('Minta admin perusahaan Anda untuk memperpanjang langganan.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('plan-checkout')).toBeNull();
  });
});
