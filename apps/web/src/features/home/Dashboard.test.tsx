import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { io } from 'socket.io-client';
import {
  DASHBOARD_UNWATCH_EVENT,
  DASHBOARD_UPDATED_EVENT,
  DASHBOARD_WATCH_EVENT,
  type Dashboard,
  type Role,
} from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { connectSocket, disconnectSocket } from '../../lib/socket';
import { SERVER_EVENT_HANDLERS, type RealtimeContext } from '../../lib/socketEvents';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen, testQueryClient } from '../shared/test-utils';
import { HomePage } from './HomePage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));
vi.mock('socket.io-client', () => ({ io: vi.fn() }));

/** The session's socket as the page sees it: what it emitted, and its listeners to fire. */
function fakeSocket() {
  const listeners = new Map<string, (payload?: unknown) => void>();
  const emitted: string[] = [];
  const socket = {
    connected: false,
    active: true,
    on: vi.fn((event: string, listener: (payload?: unknown) => void) => {
      listeners.set(event, listener);
    }),
    off: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
    timeout: () => ({
      emitWithAck: async (event: string) => {
        emitted.push(event);
        return { ok: true, data: { watching: event === DASHBOARD_WATCH_EVENT } };
      },
    }),
  };
  const fire = (event: string, payload?: unknown) => listeners.get(event)?.(payload);
  return { socket, emitted, fire };
}

const get = vi.mocked(api.get);
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-25T03:00:00.000Z');

const stat = (median: number | null, p90: number | null, count: number) => ({
  count,
  avg: median,
  median,
  p90,
  avgWithinHours: median,
  medianWithinHours: median,
  p90WithinHours: p90,
});

/** A busy Wednesday morning at Toko Sari, as the server would answer it. */
function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    scope: 'account',
    asOf: new Date(NOW).toISOString(),
    today: '2026-11-25',
    timezone: 'Asia/Jakarta',
    targets: { firstResponseSeconds: 900, resolutionSeconds: 86_400 },
    floor: {
      open: 14,
      unassigned: 3,
      waiting: 6,
      waitingOverTarget: 2,
      // 42 minutes before the answer was made.
      oldestWaitingSince: new Date(NOW - 42 * 60_000).toISOString(),
      onlineAgents: 4,
      agents: 7,
    },
    todayFigures: {
      newConversations: 31,
      resolved: 17,
      replies: 96,
      firstResponse: stat(252, 840, 22),
      csat: { responses: 9, average: 4.6 },
    },
    balance: { saldo: 1_250_000, dailySpend: 48_000, daysLeft: 26 },
    ...overrides,
  };
}

let dashboard: Dashboard = makeDashboard();

function serve() {
  get.mockImplementation(async (path: string) => {
    if (path === '/dashboard') return structuredClone(dashboard);
    if (path === '/onboarding') return { steps: [] };
    if (path === '/users/agent') return { data: [makeUser()] };
    if (path === '/topup/last-saldo-history') return { saldo: 1_250_000, orderId: null };
    throw new Error(`unexpected GET ${path}`);
  });
}

function signIn(role: Role, apiOnly = false) {
  vi.mocked(useSession).mockReturnValue(
    makeSession({
      user: makeUser({ role, name: 'Rina Kusuma' }),
      account: {
        _id: 'account-1',
        name: 'Toko Sari',
        type: apiOnly ? 'api_only' : 'regular',
        timezone: 'Asia/Jakarta',
      },
      subscription: {
        dueDate: new Date(Date.now() + 30 * DAY).toISOString(),
        billingPeriod: 'monthly',
        billingAmount: 299_000,
        plan: { code: 'starter', name: 'Starter' },
        status: 'active',
        graceEndsAt: new Date(Date.now() + 30 * DAY).toISOString(),
        renewalOpensAt: new Date(Date.now() + 23 * DAY).toISOString(),
      },
      balance: { saldo: 1_250_000, orderId: null },
    }),
  );
}

const value = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;

describe('Dashboard home: the live floor', () => {
  beforeEach(async () => {
    await setLanguage('en');
    dashboard = makeDashboard();
    get.mockReset();
    serve();
  });
  afterEach(async () => {
    await setLanguage('en');
  });

  it("shows a manager the floor, today's figures and how long the balance lasts", async () => {
    signIn('supervisor');
    renderScreen(<HomePage />);
    const floor = await screen.findByTestId('home-floor');
    expect(floor.getAttribute('data-scope')).toBe('account');
    expect(within(floor).getByText('Live floor')).toBeTruthy();
    expect(value('floor-open')).toBe('14');
    expect(value('floor-unassigned')).toBe('3');
    expect(value('floor-waiting')).toBe('6');
    expect(value('floor-over-target')).toBe('2');
    // Customers waiting past the target are the first thing a manager should see.
    expect(screen.getByTestId('floor-over-target').getAttribute('data-tone')).toBe('alert');
    expect(screen.getByTestId('floor-over-target').textContent).toContain('Longest wait: 42 min');
    expect(value('floor-online')).toBe('4');
    expect(screen.getByTestId('floor-online').textContent).toContain('of 7 team members');
    expect(value('today-new')).toBe('31');
    expect(value('today-first-response')).toBe('4 min 12 s');
    expect(screen.getByTestId('today-first-response').textContent).toContain(
      'p90 14 min · 22 answered',
    );
    expect(value('today-csat')).toBe('4,6');
    expect(screen.getByTestId('home-balance-runway').textContent).toBe(
      'About 26 days left at Rp 48.000 a day',
    );
    expect(screen.getByTestId('home-open-reports').getAttribute('href')).toBe(
      '/report?range=today',
    );
  });

  it('shows an agent their own queue and day, without the team or the balance', async () => {
    dashboard = makeDashboard({
      scope: 'own',
      floor: { ...makeDashboard().floor, open: 5, waiting: 2, waitingOverTarget: 0 },
      todayFigures: { ...makeDashboard().todayFigures, replies: 40, csat: null },
      balance: null,
    });
    dashboard.floor.oldestWaitingSince = null;
    signIn('agent');
    renderScreen(<HomePage />);
    const floor = await screen.findByTestId('home-floor');
    expect(floor.getAttribute('data-scope')).toBe('own');
    expect(within(floor).getByText('Your queue')).toBeTruthy();
    expect(within(floor).getByText('Your day so far')).toBeTruthy();
    expect(value('floor-open')).toBe('5');
    expect(screen.getByTestId('floor-over-target').getAttribute('data-tone')).toBe('calm');
    expect(screen.getByTestId('floor-over-target').textContent).toContain('Target: 15 min');
    expect(value('today-replies')).toBe('40');
    expect(screen.queryByTestId('floor-unassigned')).toBeNull();
    expect(screen.queryByTestId('floor-online')).toBeNull();
    expect(screen.queryByTestId('today-csat')).toBeNull();
    expect(screen.queryByTestId('home-balance-runway')).toBeNull();
    // Agents may not open /report: no link that would end on /unauthorized.
    expect(screen.queryByTestId('home-open-reports')).toBeNull();
  });

  it('fetches the floor again when the server says it changed (dashboard.updated)', async () => {
    signIn('admin');
    const queryClient = testQueryClient();
    renderScreen(<HomePage />, { queryClient });
    await waitFor(() => expect(value('floor-waiting')).toBe('6'));
    // A customer writes: one more waits for a reply.
    dashboard = makeDashboard({ floor: { ...makeDashboard().floor, open: 15, waiting: 7 } });
    const ctx = { queryClient } as unknown as RealtimeContext;
    SERVER_EVENT_HANDLERS[DASHBOARD_UPDATED_EVENT]?.(ctx, { at: new Date().toISOString() });
    await waitFor(() => expect(value('floor-waiting')).toBe('7'));
    expect(value('floor-open')).toBe('15');
  });

  it('watches the dashboard while it is shown, again after a reconnect, and stops on leaving', async () => {
    signIn('agent');
    const queryClient = testQueryClient();
    const fake = fakeSocket();
    vi.mocked(io).mockReturnValue(fake.socket as unknown as ReturnType<typeof io>);
    try {
      connectSocket({ queryClient, userId: 'user-1' });
      fake.socket.connected = true;
      fake.fire('connect');
      // The shell's socket is up before the page: nothing watched yet.
      expect(fake.emitted).toEqual([]);
      const view = renderScreen(<HomePage />, { queryClient });
      await waitFor(() => expect(value('floor-waiting')).toBe('6'));
      expect(fake.emitted).toEqual([DASHBOARD_WATCH_EVENT]);
      const reads = () => get.mock.calls.filter(([path]) => path === '/dashboard').length;
      const before = reads();

      // The connection drops; the new one is in no room, and missed the nudges meanwhile.
      fake.socket.connected = false;
      fake.fire('disconnect');
      dashboard = makeDashboard({ floor: { ...makeDashboard().floor, waiting: 8 } });
      fake.socket.connected = true;
      fake.fire('connect');
      expect(fake.emitted).toEqual([DASHBOARD_WATCH_EVENT, DASHBOARD_WATCH_EVENT]);
      await waitFor(() => expect(value('floor-waiting')).toBe('8'));
      expect(reads()).toBeGreaterThan(before);

      view.unmount();
      expect(fake.emitted).toEqual([
        DASHBOARD_WATCH_EVENT,
        DASHBOARD_WATCH_EVENT,
        DASHBOARD_UNWATCH_EVENT,
      ]);
      // Away from the dashboard a reconnect watches nothing.
      fake.fire('connect');
      expect(fake.emitted).toHaveLength(3);
    } finally {
      disconnectSocket();
    }
  });

  it('watches once the socket connects when the page came first (a fresh load)', async () => {
    signIn('admin');
    const queryClient = testQueryClient();
    const fake = fakeSocket();
    vi.mocked(io).mockReturnValue(fake.socket as unknown as ReturnType<typeof io>);
    try {
      // The page's effects run before the shell's: no socket yet when the floor mounts.
      const view = renderScreen(<HomePage />, { queryClient });
      await waitFor(() => expect(value('floor-waiting')).toBe('6'));
      connectSocket({ queryClient, userId: 'user-1' });
      expect(fake.emitted).toEqual([]);
      fake.socket.connected = true;
      fake.fire('connect');
      expect(fake.emitted).toEqual([DASHBOARD_WATCH_EVENT]);
      view.unmount();
      expect(fake.emitted).toEqual([DASHBOARD_WATCH_EVENT, DASHBOARD_UNWATCH_EVENT]);
    } finally {
      disconnectSocket();
    }
  });

  it('has no floor for an API-only account, which has no inbox', async () => {
    signIn('admin', true);
    renderScreen(<HomePage />);
    await screen.findByTestId('home-greeting');
    expect(screen.queryByTestId('home-floor')).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/dashboard');
    // Nothing to watch either: a watch left counted would join the room on the next connect.
    const fake = fakeSocket();
    vi.mocked(io).mockReturnValue(fake.socket as unknown as ReturnType<typeof io>);
    try {
      connectSocket({ queryClient: testQueryClient(), userId: 'user-1' });
      fake.socket.connected = true;
      fake.fire('connect');
      expect(fake.emitted).toEqual([]);
    } finally {
      disconnectSocket();
    }
  });

  it('says when the floor could not be loaded', async () => {
    get.mockImplementation(async (path: string) => {
      if (path === '/dashboard') throw new Error('down');
      if (path === '/users/agent') return { data: [makeUser()] };
      if (path === '/topup/last-saldo-history') return { saldo: 0, orderId: null };
      return { steps: [] };
    });
    signIn('supervisor');
    renderScreen(<HomePage />);
    expect(await screen.findByText('The live floor could not be loaded.')).toBeTruthy();
  });

  it('speaks Indonesian', async () => {
    await setLanguage('id');
    signIn('supervisor');
    renderScreen(<HomePage />);
    const floor = await screen.findByTestId('home-floor');
    expect(within(floor).getByText('Situasi saat ini')).toBeTruthy();
    expect(within(floor).getByText('Menunggu lewat target')).toBeTruthy();
    expect(value('today-first-response')).toBe('4 mnt 12 dtk');
    expect(screen.getByTestId('home-balance-runway').textContent).toBe(
      'Cukup sekitar 26 hari dengan Rp 48.000 per hari',
    );
  });
});
