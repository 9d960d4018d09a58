import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ONBOARDING_STEPS, type OnboardingStep, type Role } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { HomePage } from './HomePage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const get = vi.mocked(api.get);
const DAY = 24 * 60 * 60 * 1000;

/** What the server says is done; the rest of the dashboard's reads answer plainly. */
let doneSteps: OnboardingStep[] = [];

function serve() {
  get.mockImplementation(async (path: string) => {
    if (path === '/onboarding') {
      return { steps: ONBOARDING_STEPS.map((key) => ({ key, done: doneSteps.includes(key) })) };
    }
    if (path === '/users/agent') return { data: [makeUser()] };
    if (path === '/topup/last-saldo-history') return { saldo: 0, orderId: null };
    throw new Error(`unexpected GET ${path}`);
  });
}

/** A new business: its owner just started the 14-day trial. */
function signIn(role: Role = 'admin', options: { apiOnly?: boolean; now?: number } = {}) {
  const now = options.now ?? Date.now();
  vi.mocked(useSession).mockReturnValue(
    makeSession({
      user: makeUser({ role, name: 'Sari Wulandari' }),
      account: {
        _id: 'account-1',
        name: 'Toko Sari',
        type: options.apiOnly ? 'api_only' : 'regular',
        timezone: 'Asia/Jakarta',
      },
      subscription: {
        dueDate: new Date(now + 14 * DAY).toISOString(),
        billingPeriod: 'monthly',
        billingAmount: 299000,
        plan: { code: 'starter', name: 'Starter' },
        status: 'trial',
        graceEndsAt: new Date(now + 14 * DAY).toISOString(),
        renewalOpensAt: new Date(now + 7 * DAY).toISOString(),
      },
      balance: { saldo: 0, orderId: null },
    }),
  );
}

const home = () => renderScreen(<HomePage />, { path: '/' });
const step = (key: OnboardingStep) => screen.getByTestId(`setup-step-${key}`);

describe('HomePage: the first hour of a new business', () => {
  beforeEach(async () => {
    await setLanguage('en');
    localStorage.clear();
    doneSteps = [];
    get.mockReset();
    serve();
  });
  afterEach(async () => {
    await setLanguage('en');
  });

  it('gives the owner a setup checklist, each step linking to where it is done', async () => {
    signIn();
    home();
    const checklist = await screen.findByTestId('setup-checklist');
    expect(within(checklist).getByText('Set up your workspace')).toBeTruthy();
    expect(screen.getByTestId('setup-progress').textContent).toBe('0 of 5 done');
    const links = Object.fromEntries(
      ONBOARDING_STEPS.map((key) => [
        key,
        screen.getByTestId(`setup-action-${key}`).getAttribute('href'),
      ]),
    );
    expect(links).toEqual({
      channel: '/integration/whatsapp',
      team: '/setting/agent-settings',
      template: '/broadcast/template/new',
      topUp: '/top-up',
      message: '/chat',
    });
    // The first step is the one put forward.
    expect(step('channel').hasAttribute('data-next')).toBe(true);
    expect(step('team').hasAttribute('data-next')).toBe(false);
  });

  it('ticks the steps the server found done and puts the next one forward', async () => {
    doneSteps = ['channel', 'template'];
    signIn();
    home();
    await waitFor(() => expect(step('channel').hasAttribute('data-done')).toBe(true));
    expect(screen.getByTestId('setup-progress').textContent).toBe('2 of 5 done');
    expect(step('template').hasAttribute('data-done')).toBe(true);
    expect(screen.queryByTestId('setup-action-channel')).toBeNull();
    expect(step('team').hasAttribute('data-next')).toBe(true);
  });

  it('folds on request and stays folded on the next visit', async () => {
    signIn();
    home();
    fireEvent.click(await screen.findByTestId('setup-toggle'));
    expect(screen.getByTestId('setup-toggle').getAttribute('aria-expanded')).toBe('false');
    cleanup();
    home();
    expect((await screen.findByTestId('setup-toggle')).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('setup-progress').textContent).toBe('0 of 5 done');
  });

  it('says the workspace is ready once every step is done, and can be put away for good', async () => {
    doneSteps = [...ONBOARDING_STEPS];
    signIn();
    home();
    expect(await screen.findByText('Your workspace is ready')).toBeTruthy();
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    fireEvent.click(screen.getByTestId('setup-dismiss'));
    expect(screen.queryByTestId('setup-complete')).toBeNull();
    cleanup();
    home();
    await screen.findByTestId('home-greeting');
    await waitFor(() => expect(get).toHaveBeenCalledWith('/onboarding'));
    expect(screen.queryByTestId('setup-complete')).toBeNull();
  });

  it('speaks Indonesian', async () => {
    await setLanguage('id');
    doneSteps = ['channel'];
    signIn();
    home();
    const checklist = await screen.findByTestId('setup-checklist');
    expect(within(checklist).getByText('Siapkan ruang kerja Anda')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('setup-progress').textContent).toBe('1 dari 5 selesai'),
    );
    expect(screen.getByTestId('setup-action-message').textContent).toBe('Buka Obrolan');
  });

  it.each([
    ['supervisor', false],
    ['agent', false],
    ['admin', true],
  ] as const)('shows no checklist to a %s (API-only account: %s)', async (role, apiOnly) => {
    signIn(role, { apiOnly });
    home();
    await screen.findByTestId('home-greeting');
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/onboarding');
  });

  it('counts 14 days left on the day a 14-day trial starts', async () => {
    signIn('admin', { now: Date.now() });
    home();
    expect((await screen.findByTestId('home-days-left')).textContent).toBe('14 days left');
  });

  it('links the balance to the top-up page for those who may open it', async () => {
    signIn('admin');
    home();
    expect((await screen.findByTestId('home-top-up')).getAttribute('href')).toBe('/top-up');
    expect(screen.getByTestId('home-balance-order').textContent).toBe('No top-ups yet');
    cleanup();
    signIn('agent');
    home();
    await screen.findByTestId('home-greeting');
    expect(screen.queryByTestId('home-top-up')).toBeNull();
  });
});
