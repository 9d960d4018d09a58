import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { PENDING_POLL_MS } from './api';
import { WebhooksPage } from './WebhooksPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const ID = '0b7e6f5a-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const endpoint: WebhookEndpoint = {
  id: ID,
  url: 'https://crm.example.com/hooks/sapa',
  events: ['message.received', 'message.status'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-20T03:00:00.000Z',
  updatedAt: '2026-11-20T03:00:00.000Z',
};
const gone: WebhookEndpoint = {
  ...endpoint,
  id: '1b7e6f5a-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  url: 'https://old.example.com/hook',
  enabled: false,
  disabledReason: 'gone',
  disabledAt: '2026-11-21T03:00:00.000Z',
};
const retrying: WebhookDelivery = {
  id: '2c7e6f5a-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  eventId: 'msg_2kq9',
  eventType: 'message.status',
  state: 'pending',
  attempts: 1,
  nextAttemptAt: '2026-11-26T07:00:05.000Z',
  createdAt: '2026-11-26T07:00:00.000Z',
  deliveredAt: null,
  requestBody: '{"type":"message.status","timestamp":"2026-11-26T07:00:00.000Z","data":{}}',
  log: [
    {
      attempt: 1,
      at: '2026-11-26T07:00:00.100Z',
      requestHeaders: { 'webhook-id': 'msg_2kq9', 'webhook-signature': 'v1,abc=' },
      responseStatus: 503,
      responseBody: 'upstream busy',
      error: null,
      latencyMs: 42,
      replay: false,
    },
  ],
};

let deliveries: WebhookDelivery[] = [];

function signIn(role: 'admin' | 'supervisor', settings: Record<string, string> = {}) {
  vi.mocked(useSession).mockReturnValue(
    makeSession({ user: makeUser({ role }), settings: { enable_webhook: 'true', ...settings } }),
  );
}

describe('WebhooksPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    deliveries = [];
    for (const fn of [api.get, api.post, api.patch, api.delete]) vi.mocked(fn).mockReset();
    vi.mocked(api.get).mockImplementation(async (path: string) =>
      path === 'webhook-endpoints'
        ? { data: [endpoint, gone] }
        : { data: deliveries, nextKey: null },
    );
  });

  it('lists endpoints with their events, state and why one stopped', async () => {
    signIn('admin');
    renderScreen(<WebhooksPage />);
    const cards = await screen.findAllByTestId('webhook-endpoint');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('endpoint-events').textContent).toContain(
      'message.status',
    );
    expect(within(cards[0]!).getByTestId('endpoint-state').textContent).toBe('Active');
    expect(within(cards[1]!).getByTestId('endpoint-state').textContent).toBe('Disabled');
    expect(within(cards[1]!).getByTestId('endpoint-disabled-reason').textContent).toContain(
      '410 Gone',
    );
    expect(screen.queryByTestId('webhooks-switched-off')).toBeNull();
  });

  it('says when enable_webhook is off', async () => {
    signIn('admin', { enable_webhook: 'false' });
    renderScreen(<WebhooksPage />);
    expect(await screen.findByTestId('webhooks-switched-off')).toBeTruthy();
  });

  it('a supervisor is told admins manage webhooks; nothing is fetched', async () => {
    signIn('supervisor');
    renderScreen(<WebhooksPage />);
    expect(await screen.findByText(/Only admins can manage webhook endpoints/)).toBeTruthy();
    expect(screen.queryByTestId('webhook-add')).toBeNull();
    expect(api.get).not.toHaveBeenCalled();
  });

  it('adds an endpoint with the chosen events and shows its secret once', async () => {
    signIn('admin');
    vi.mocked(api.post).mockResolvedValue({ ...endpoint, secret: 'whsec_c2VjcmV0c2VjcmV0' });
    renderScreen(<WebhooksPage />);
    fireEvent.click(await screen.findByTestId('webhook-add'));
    fireEvent.change(await screen.findByTestId('webhook-url'), {
      target: { value: ' https://crm.example.com/hooks/sapa ' },
    });
    // Defaults are message.received and message.status; add chat.resolved, drop received.
    fireEvent.click(screen.getByTestId('webhook-event-chat.resolved'));
    fireEvent.click(screen.getByTestId('webhook-event-message.received'));
    fireEvent.click(screen.getByTestId('webhook-submit'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('webhook-endpoints', {
        body: {
          url: 'https://crm.example.com/hooks/sapa',
          events: ['message.status', 'chat.resolved'],
        },
      }),
    );
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(
      'whsec_c2VjcmV0c2VjcmV0',
    );
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByText('whsec_c2VjcmV0c2VjcmV0')).toBeNull());
  });

  it('refuses an endpoint without events before calling the server', async () => {
    signIn('admin');
    renderScreen(<WebhooksPage />);
    fireEvent.click(await screen.findByTestId('webhook-add'));
    fireEvent.change(await screen.findByTestId('webhook-url'), {
      target: { value: 'https://crm.example.com/x' },
    });
    fireEvent.click(screen.getByTestId('webhook-events-all'));
    fireEvent.click(screen.getByTestId('webhook-events-all'));
    fireEvent.click(screen.getByTestId('webhook-submit'));
    expect(await screen.findByText('Choose at least one event.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows the delivery log, keeps refreshing while one is pending, and replays', async () => {
    signIn('admin');
    deliveries = [retrying];
    vi.mocked(api.post).mockResolvedValue({ ok: true });
    renderScreen(<WebhooksPage />);
    const card = (await screen.findAllByTestId('webhook-endpoint'))[0]!;
    fireEvent.click(within(card).getByTestId('endpoint-deliveries-toggle'));
    const row = await within(card).findByTestId('delivery-row');
    expect(within(row).getByTestId('delivery-state').textContent).toBe('Retrying');
    expect(within(row).getByTestId('delivery-response').textContent).toBe('503');
    const logCalls = () =>
      vi
        .mocked(api.get)
        .mock.calls.filter(
          ([path, options]) =>
            path === `webhook-endpoints/${ID}/deliveries` && options?.params?.perpage === 20,
        ).length;
    const before = logCalls();
    await waitFor(() => expect(logCalls()).toBeGreaterThan(before), {
      timeout: PENDING_POLL_MS * 3,
    });
    fireEvent.click(within(row).getByTestId('delivery-replay'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        `webhook-endpoints/${ID}/deliveries/${retrying.id}/replay`,
      ),
    );
  });

  it('rotating asks first, then shows the new secret once with the 24-hour overlap', async () => {
    signIn('admin');
    vi.mocked(api.post).mockResolvedValue({
      ...endpoint,
      previousSecretExpiresAt: '2026-11-27T07:00:00.000Z',
      secret: 'whsec_bmV3c2VjcmV0bmV3c2VjcmV0',
    });
    renderScreen(<WebhooksPage />);
    const card = (await screen.findAllByTestId('webhook-endpoint'))[0]!;
    fireEvent.click(within(card).getByTestId('endpoint-menu'));
    fireEvent.click(await screen.findByTestId('endpoint-rotate'));
    const dialog = await screen.findByRole('dialog');
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(`webhook-endpoints/${ID}/rotate-secret`),
    );
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(
      'whsec_bmV3c2VjcmV0bmV3c2VjcmV0',
    );
    expect(screen.getByText(/signs with both the old and the new secret/)).toBeTruthy();
  });

  it('deleting asks first', async () => {
    signIn('admin');
    vi.mocked(api.delete).mockResolvedValue({ ok: true });
    renderScreen(<WebhooksPage />);
    const card = (await screen.findAllByTestId('webhook-endpoint'))[0]!;
    fireEvent.click(within(card).getByTestId('endpoint-menu'));
    fireEvent.click(await screen.findByTestId('endpoint-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(endpoint.url);
    expect(api.delete).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith(`webhook-endpoints/${ID}`));
  });
});
