import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen, testQueryClient } from '../shared/test-utils';
import { applyBalanceUpdated, applyOrderUpdated } from './cache';
import type * as SnapModule from './snap';
import { openPayment, type SnapOutcome } from './snap';
import { makeOrder } from './testFixtures';
import { TopUpPage } from './TopUpPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));
vi.mock('../../lib/socket', () => ({
  onServerEvent: () => () => undefined,
  connectSocket: vi.fn(),
}));
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('./snap', async (importOriginal) => ({
  ...(await importOriginal<typeof SnapModule>()),
  openPayment: vi.fn(),
}));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const SNAP = {
  token: 'tok-1',
  redirectUrl: 'https://app.sandbox.midtrans.com/snap/v4/redirection/tok-1',
  clientKey: 'SB-Mid-client-sandbox',
  scriptUrl: 'https://app.sandbox.midtrans.com/snap/snap.js',
};

let orders: Order[] = [];
let saldo = 150_000;

function serve() {
  get.mockImplementation(async (path: string) => {
    if (path === '/topup/last-saldo-history') return { saldo, orderId: null };
    if (path === '/order')
      return { data: orders, meta: { total: orders.length, page: 1, perpage: 10 } };
    if (path === '/topup/saldo-history')
      return { data: [], meta: { total: 0, page: 1, perpage: 20 } };
    if (path === '/order/create-snap-token') return SNAP;
    const one = /^\/order\/(.+)$/.exec(path);
    const order = orders.find((o) => o._id === decodeURIComponent(one?.[1] ?? ''));
    if (order) return order;
    throw new Error(`unexpected GET ${path}`);
  });
}

function signIn(role: 'admin' | 'supervisor' = 'admin', settings: Record<string, string> = {}) {
  vi.mocked(useSession).mockReturnValue(
    makeSession({
      user: makeUser({ role }),
      settings: { topupPrices: '[100000,250000,500000,1000000]', 'bo.ppn': '11', ...settings },
      balance: { saldo: 150_000, orderId: null },
    }),
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('TopUpPage', () => {
  beforeEach(async () => {
    await setLanguage('en');
    orders = [];
    saldo = 150_000;
    get.mockReset();
    post.mockReset();
    vi.mocked(openPayment).mockReset();
    serve();
  });
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows the balance and the PPN breakdown of a preset: 11/12 tax base, 12 % of it', async () => {
    signIn();
    renderScreen(<TopUpPage />, { path: '/top-up' });
    expect(await screen.findByText('Rp 150.000')).toBeTruthy();
    expect(text('ppn-breakdown-amount')).toBe('Rp 100.000');
    expect(text('ppn-breakdown-dpp')).toBe('Rp 91.667');
    expect(text('ppn-breakdown-ppn')).toBe('Rp 11.000');
    expect(text('ppn-breakdown-total')).toBe('Rp 111.000');
    fireEvent.click(screen.getByTestId('topup-preset-250000'));
    expect(text('ppn-breakdown-dpp')).toBe('Rp 229.167');
    expect(text('ppn-breakdown-ppn')).toBe('Rp 27.500');
    expect(text('topup-pay')).toBe('Pay Rp 277.500');
  });

  it('takes a custom amount within the bounds, and refuses one outside them', async () => {
    signIn();
    renderScreen(<TopUpPage />, { path: '/top-up' });
    const input = await screen.findByTestId('topup-custom');
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('topup-pay'));
    expect(await screen.findByText('The smallest top-up is Rp 10.000')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '75000' } });
    expect(text('ppn-breakdown-total')).toBe('Rp 83.250');
  });

  it('orders, opens Snap, and shows the order live until the server says it is paid', async () => {
    signIn();
    const order = makeOrder();
    post.mockImplementation(async () => {
      orders = [order];
      return order;
    });
    let outcome: (o: SnapOutcome) => void = () => undefined;
    vi.mocked(openPayment).mockImplementation(async (_session, onOutcome) => {
      outcome = onOutcome;
      return 'popup';
    });
    const queryClient = testQueryClient();
    renderScreen(<TopUpPage />, { path: '/top-up', queryClient });
    fireEvent.click(await screen.findByTestId('topup-pay'));
    await waitFor(() => expect(openPayment).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/order/create-order/topup', { body: { amount: 100_000 } });
    expect(get).toHaveBeenCalledWith('/order/create-snap-token', {
      params: { orderId: order._id },
    });
    expect(vi.mocked(openPayment).mock.calls[0]?.[0]).toEqual(SNAP);

    // The popup says "pending" (a virtual account was chosen): the server's status shows.
    act(() => outcome('pending'));
    const dialog = await screen.findByTestId('payment-status');
    expect(dialog.dataset.status).toBe('pending');
    expect(within(dialog).getByTestId('payment-total').textContent).toBe('Rp 111.000');

    // The bank pays: order.updated and balance.updated arrive over the socket.
    const paid = { ...order, status: 'paid' as const, paymentMethod: 'BCA Virtual Account' };
    orders = [paid];
    saldo = 250_000;
    act(() => {
      applyOrderUpdated(queryClient, paid);
      applyBalanceUpdated(queryClient, { saldo: 250_000 });
    });
    await waitFor(() => expect(screen.getByTestId('payment-status').dataset.status).toBe('paid'));
    expect(
      screen.getByText('Rp 100.000 has been added to your balance. The invoice is in your orders.'),
    ).toBeTruthy();
    expect(text('topup-balance')).toBe('Rp 250.000');
    const row = await screen.findByTestId('order-row');
    expect(within(row).getByTestId('order-status').dataset.status).toBe('paid');
  });

  it('trusts the server, not the address, when the buyer comes back from the payment page', async () => {
    signIn();
    orders = [makeOrder()];
    renderScreen(<TopUpPage />, {
      path: '/top-up',
      url: `/top-up?order_id=${orders[0]?._id}&status_code=200&transaction_status=settlement`,
    });
    const dialog = await screen.findByTestId('payment-status');
    expect(dialog.dataset.status).toBe('pending');
    expect(screen.getByText(/If you have paid, the confirmation usually arrives/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('payment-close'));
    // The return address is dropped, so the dialog does not come back.
    await waitFor(() => expect(screen.queryByTestId('payment-status')).toBeNull());
  });

  it('lets a pending order be paid again from the history, with the same session', async () => {
    signIn();
    orders = [makeOrder()];
    vi.mocked(openPayment).mockResolvedValue('redirect');
    renderScreen(<TopUpPage />, { path: '/top-up' });
    fireEvent.click(await screen.findByTestId('order-pay'));
    await waitFor(() => expect(openPayment).toHaveBeenCalled());
    expect(post).not.toHaveBeenCalled();
  });

  it('shows supervisors the figures without a Pay button', async () => {
    signIn('supervisor');
    renderScreen(<TopUpPage />, { path: '/top-up' });
    expect(await screen.findByText(/Only an admin of your company can top up/)).toBeTruthy();
    expect(screen.queryByTestId('topup-pay')).toBeNull();
  });

  it('speaks Indonesian, with dot thousands', async () => {
    await setLanguage('id');
    signIn('admin', { 'bo.ppn': '12' });
    renderScreen(<TopUpPage />, { path: '/top-up' });
    expect(await screen.findByText('Isi saldo', { selector: 'h2' })).toBeTruthy();
    // A 12 % rate taxes the whole price.
    expect(text('ppn-breakdown-dpp')).toBe('Rp 100.000');
    expect(text('ppn-breakdown-total')).toBe('Rp 112.000');
    expect(screen.getByText('Total dibayar')).toBeTruthy();
    expect(text('topup-pay')).toBe('Bayar Rp 112.000');
  });
});
