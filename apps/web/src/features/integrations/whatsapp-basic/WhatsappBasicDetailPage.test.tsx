import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { WABASIC_STATE_EVENT, type WabasicQr, type WabasicStatus } from '@sapa/contracts';
import type * as HttpModule from '../../../lib/http';
import { api } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { useConnectionState } from '../../../lib/socket';
import { SERVER_EVENT_HANDLERS, type RealtimeContext } from '../../../lib/socketEvents';
import { renderScreen, testQueryClient } from '../../shared/test-utils';
import { WABASIC_POLL_MS } from './api';
import { CHANNEL, linkedService, qr, status } from './testFixtures';
import { WhatsappBasicDetailPage } from './WhatsappBasicDetailPage';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../../lib/socket', () => ({ useConnectionState: vi.fn(() => 'connected') }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const DETAIL = `/integration/whatsapp-basic/detail?channel=${CHANNEL}`;

/** The server as the page sees it: what each read answers right now. */
const server: { status: WabasicStatus; qr: WabasicQr } = { status: status(), qr: qr() };

function open(url = DETAIL) {
  const queryClient = testQueryClient();
  renderScreen(<WhatsappBasicDetailPage />, {
    path: '/integration/whatsapp-basic/detail',
    url,
    queryClient,
  });
  return queryClient;
}

describe('/integration/whatsapp-basic/detail', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    vi.mocked(useConnectionState).mockReturnValue('connected');
    server.status = status();
    server.qr = qr();
    get.mockReset();
    post.mockReset();
    get.mockImplementation(async (path: string) => {
      if (path === 'services/all/whatsapp_basic') return { data: [linkedService()] };
      if (path === 'users/light/status') return server.status;
      if (path === 'users/light/qrcode') return server.qr;
      if (path === 'users/light/user')
        return {
          channel: CHANNEL,
          user: { phone: '6281100000001', name: 'Toko Sari', linkedAt: '2026-11-20T02:00:00Z' },
        };
      throw new Error(`unexpected GET ${path}`);
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('while linking shows the steps and a large QR that the socket replaces as it rotates', async () => {
    server.status = status({ state: 'linking' });
    const queryClient = open();
    const image = await screen.findByTestId('wabasic-qr');
    expect(image.getAttribute('data-qr')).toBe('2@first-qr-string,abc,def');
    // Drawn here, from the string: an SVG image, no network.
    await waitFor(() =>
      expect(image.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/),
    );
    expect(screen.getByTestId('wabasic-steps').textContent).toContain('Linked devices');
    expect(screen.getByTestId('wabasic-qr-rotation').textContent).toBe(
      'Code 1 of 5 · refreshes by itself',
    );

    const ctx = { queryClient, notifyError: vi.fn() } as unknown as RealtimeContext;
    act(() =>
      SERVER_EVENT_HANDLERS[WABASIC_STATE_EVENT]?.(ctx, {
        status: status({ state: 'linking' }),
        qr: qr({ qr: '2@second-qr-string', rotation: 2 }),
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('wabasic-qr').getAttribute('data-qr')).toBe('2@second-qr-string'),
    );
    expect(screen.getByTestId('wabasic-qr-rotation').textContent).toBe(
      'Code 2 of 5 · refreshes by itself',
    );
    // The socket carried it: the QR was read from the server once.
    expect(get.mock.calls.filter(([path]) => path === 'users/light/qrcode')).toHaveLength(1);

    // Scanned: the same event moves the page on to the linked number.
    act(() =>
      SERVER_EVENT_HANDLERS[WABASIC_STATE_EVENT]?.(ctx, {
        status: status({ state: 'connected' }),
        qr: qr({ state: 'connected', qr: null }),
      }),
    );
    expect(await screen.findByTestId('wabasic-connected')).toBeTruthy();
    expect(ctx.notifyError).not.toHaveBeenCalled();
  });

  it('polls users/light/qrcode for the rotated QR while the socket is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(useConnectionState).mockReturnValue('reconnecting');
    server.status = status({ state: 'linking' });
    open();
    expect((await screen.findByTestId('wabasic-qr')).getAttribute('data-qr')).toBe(
      '2@first-qr-string,abc,def',
    );
    server.qr = qr({ qr: '2@polled-qr', rotation: 2 });
    await act(() => vi.advanceTimersByTimeAsync(WABASIC_POLL_MS + 100));
    await waitFor(() =>
      expect(screen.getByTestId('wabasic-qr').getAttribute('data-qr')).toBe('2@polled-qr'),
    );
  });

  it('offers the pairing code: the number in, the 8 characters out', async () => {
    server.status = status({ state: 'linking' });
    post.mockResolvedValue({ channel: CHANNEL, code: 'ABCD1234' });
    open();
    fireEvent.click(await screen.findByTestId('wabasic-pairing-toggle'));
    fireEvent.change(screen.getByTestId('wabasic-pairing-phone'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('wabasic-pairing-submit'));
    expect(
      await screen.findByText('Enter the number with its country code, 8 to 15 digits'),
    ).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('wabasic-pairing-phone'), {
      target: { value: '+62 811-0000-0001' },
    });
    fireEvent.click(screen.getByTestId('wabasic-pairing-submit'));
    expect((await screen.findByTestId('wabasic-pairing-code')).textContent).toBe('ABCD-1234');
    expect(post).toHaveBeenCalledWith('users/light/pairing-code', {
      body: { channel: CHANNEL, phone: '+6281100000001' },
    });
  });

  it('shows who is linked, and unlinks only after saying it logs the device out', async () => {
    open();
    expect((await screen.findByTestId('wabasic-linked-phone')).textContent).toBe('+6281100000001');
    await waitFor(() =>
      expect(screen.getByTestId('wabasic-linked-name').textContent).toBe('Toko Sari'),
    );
    expect(screen.getByTestId('wabasic-detail-title').textContent).toBe('Toko Sari WA');

    post.mockResolvedValue(status({ state: 'unlinked', lastConnectedAt: null }));
    fireEvent.click(screen.getByTestId('wabasic-unlink'));
    expect(await screen.findByText(/logs Sapa out of WhatsApp on the phone/)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('users/light/unlink', { body: { channel: CHANNEL } }),
    );
    // Unlinked: the way back is linking again.
    expect((await screen.findByTestId('wabasic-relink')).textContent).toBe('Link this number');
  });

  it('says plainly, in Indonesian, that the phone unlinked it, and links it again', async () => {
    await setLanguage('id');
    server.status = status({ state: 'logged_out', reason: 'logged_out', needsAttention: true });
    post.mockResolvedValue(status({ state: 'linking' }));
    open();
    const alert = await screen.findByTestId('wabasic-attention');
    expect(alert.textContent).toContain('Ponsel melepas tautan nomor ini');
    expect(alert.textContent).toContain('menghapus Sapa dari perangkat tertaut');
    fireEvent.click(screen.getByTestId('wabasic-relink'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('users/light/link', { body: { channel: CHANNEL } }),
    );
    expect(await screen.findByTestId('wabasic-linking')).toBeTruthy();
  });

  it('a number the phone unlinks while the admin is elsewhere raises one toast', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(['wabasic', 'status', CHANNEL], status());
    const ctx = { queryClient, notifyError: vi.fn() } as unknown as RealtimeContext;
    const event = {
      status: status({ state: 'logged_out', needsAttention: true }),
      qr: qr({ state: 'logged_out', qr: null }),
    };
    SERVER_EVENT_HANDLERS[WABASIC_STATE_EVENT]?.(ctx, event);
    SERVER_EVENT_HANDLERS[WABASIC_STATE_EVENT]?.(ctx, event);
    expect(ctx.notifyError).toHaveBeenCalledTimes(1);
    expect(ctx.notifyError).toHaveBeenCalledWith(
      'Toko Sari WA was unlinked by the phone: link it again to keep receiving messages',
    );
  });

  it('without a channel in the address opens the first linked number', async () => {
    open('/integration/whatsapp-basic/detail');
    expect(await screen.findByTestId('wabasic-detail')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('wabasic-connected')).toBeTruthy());
  });

  it.each([
    ['connecting', 'wabasic-connecting', 'Connecting to WhatsApp…'],
    ['reconnecting', 'wabasic-reconnecting', 'Sapa is reconnecting by itself.'],
    ['qr_expired', 'wabasic-not-linked', 'Nobody scanned the QR code in time.'],
  ] as const)('%s says what is happening', async (state, testId, text) => {
    server.status = status({ state });
    open();
    expect((await screen.findByTestId(testId)).textContent).toContain(text);
    expect(screen.getByTestId('wabasic-state').getAttribute('data-state')).toBe(state);
  });

  it('a QR that expired unscanned offers a new one', async () => {
    server.status = status({ state: 'qr_expired' });
    post.mockResolvedValue(status({ state: 'linking' }));
    open();
    fireEvent.click(await screen.findByText('Show a new QR code'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('users/light/link', { body: { channel: CHANNEL } }),
    );
    expect(await screen.findByTestId('wabasic-qr')).toBeTruthy();
  });

  it('a linked number has a Group chats switch that shows and sets the setting, in en and id', async () => {
    server.status = status({ state: 'connected', includeGroups: false });
    post.mockImplementation(async (path: string, options?: { body?: unknown }) => {
      if (path !== 'users/light/groups') throw new Error(`unexpected POST ${path}`);
      const { enabled } = options?.body as { enabled: boolean };
      server.status = status({ state: 'connected', includeGroups: enabled });
      return server.status;
    });
    open();
    const toggle = (await screen.findByTestId('wabasic-groups-switch')) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getByTestId('wabasic-groups').textContent).toContain(
      'earlier group messages are not fetched',
    );
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(post).toHaveBeenCalledWith('users/light/groups', {
      body: { channel: CHANNEL, enabled: true },
    });
    await setLanguage('id');
    expect((await screen.findByTestId('wabasic-groups')).textContent).toContain('Chat grup');
  });
});
