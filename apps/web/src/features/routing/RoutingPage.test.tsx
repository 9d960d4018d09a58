import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Presence } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { RoutingPage } from './RoutingPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));
const listeners = new Map<string, (payload: unknown) => void>();
vi.mock('../../lib/socket', () => ({
  onServerEvent: (event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  },
}));

const SALES = '11111111-1111-4111-8111-111111111111';
const SUPPORT = '22222222-2222-4222-8222-222222222222';
const HANDOVER = {
  currentAutoAssign: false,
  isRouteDivision: false,
  allowOfflineAssignment: false,
  autoHandoverIfOnline: false,
  fallbackAgent: null,
};
const dewi: Presence = {
  userId: 'u-dewi',
  name: 'Dewi Lestari',
  role: 'agent',
  status: 'online',
  online: false,
  connected: false,
  lastSeenAt: null,
};

function serve() {
  vi.mocked(api.get).mockImplementation(async (path: string) => {
    if (path === 'settings/handover') return HANDOVER;
    if (path === 'greeting') return { data: null };
    if (path === 'presence') return { data: [dewi] };
    if (path === '/division')
      return {
        data: [
          { _id: SALES, name: 'Sales' },
          { _id: SUPPORT, name: 'Support' },
        ],
      };
    if (path === 'users/agent') return { data: [] };
    throw new Error(`unexpected GET ${path}`);
  });
}

describe('RoutingPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    vi.mocked(api.get).mockReset();
    vi.mocked(api.post).mockReset();
    vi.mocked(notifySuccess).mockReset();
    serve();
    vi.mocked(useSession).mockReturnValue(
      makeSession({ user: makeUser({ role: 'admin' }), settings: { timezone: 'Asia/Jakarta' } }),
    );
  });

  it('saves assignment switches to settings/handover', async () => {
    vi.mocked(api.post).mockResolvedValue({ ...HANDOVER, currentAutoAssign: true });
    renderScreen(<RoutingPage />);
    const toggle = await screen.findByTestId('routing-currentAutoAssign');
    fireEvent.click(toggle);
    fireEvent.click(screen.getByTestId('routing-assignment-save'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('settings/handover', {
        body: { currentAutoAssign: true },
      }),
    );
    expect(notifySuccess).toHaveBeenCalledWith('Assignment settings saved');
  });

  it('saves working hours and the auto-response through POST /settings', async () => {
    vi.mocked(api.post).mockResolvedValue({});
    renderScreen(<RoutingPage />);
    const zone = await screen.findByTestId('routing-timezone');
    expect(zone.textContent).toContain('WIB (Asia/Jakarta)');
    // A 24-hour picker: hours then minutes, never AM/PM.
    expect((screen.getByTestId('routing-end-value') as HTMLInputElement).value).toBe('17:00');
    fireEvent.change(screen.getByTestId('routing-end-hours'), { target: { value: '21' } });
    fireEvent.change(screen.getByTestId('routing-end-minutes'), { target: { value: '00' } });
    expect(screen.queryByText(/^(AM|PM)$/)).toBeNull();
    fireEvent.click(screen.getByTestId('routing-statusAutoResponder'));
    fireEvent.click(screen.getByTestId('routing-hours-save'));
    // Nothing to say yet: the responder switch alone is refused on the client.
    expect(await screen.findByText(/Write a response or a welcome message/)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('routing-noOnlineAgentResMsg'), {
      target: { value: 'We are closed' },
    });
    fireEvent.click(screen.getByTestId('routing-hours-save'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/settings', {
        body: {
          settings: [
            { key: 'agentWorkingHourEnd', value: '21:00' },
            { key: 'noOnlineAgentResMsg', value: 'We are closed' },
            { key: 'statusAutoResponder', value: 'true' },
          ],
        },
      }),
    );
  });

  it('builds a greeting with ordered divisions and a numbered preview', async () => {
    vi.mocked(api.post).mockResolvedValue({
      _id: 'g1',
      text: 'Which team?',
      divisions: [
        { _id: SUPPORT, name: 'Support' },
        { _id: SALES, name: 'Sales' },
      ],
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    renderScreen(<RoutingPage />);
    fireEvent.click(await screen.findByTestId('greeting-save'));
    expect(await screen.findByText('Greeting text is required')).toBeTruthy();
    fireEvent.change(screen.getByTestId('greeting-text'), { target: { value: 'Which team?' } });
    const add = screen.getByTestId('greeting-add-division');
    for (const name of ['Sales', 'Support']) {
      fireEvent.click(add);
      fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
    }
    const rows = screen.getAllByTestId('greeting-division');
    fireEvent.click(within(rows[1] as HTMLElement).getByLabelText('Move up'));
    expect(screen.getByTestId('greeting-preview').textContent).toBe(
      'Which team?\n\n1. Support\n2. Sales',
    );
    fireEvent.click(screen.getByTestId('greeting-save'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('greeting', {
        body: { text: 'Which team?', divisionIds: [SUPPORT, SALES] },
      }),
    );
  });

  it('shows who is online and follows presence.updated', async () => {
    renderScreen(<RoutingPage />);
    const member = await screen.findByTestId('team-member');
    expect(member.getAttribute('data-state')).toBe('offline');
    act(() => listeners.get('presence.updated')?.({ ...dewi, online: true, connected: true }));
    await waitFor(() =>
      expect(screen.getByTestId('team-member').getAttribute('data-state')).toBe('online'),
    );
    expect(screen.getByTestId('team-online-count').textContent).toBe('1 online');
  });

  it('supervisors see the settings without save buttons', async () => {
    vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ role: 'supervisor' }) }));
    renderScreen(<RoutingPage />);
    await screen.findByTestId('routing-currentAutoAssign');
    await screen.findByTestId('team-member');
    expect(screen.queryByTestId('routing-assignment-save')).toBeNull();
    expect(screen.queryByTestId('routing-hours-save')).toBeNull();
    expect(screen.queryByTestId('greeting-save')).toBeNull();
  });
});
