import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES, type Service } from '@sapa/contracts';
import type * as HttpModule from '../../../lib/http';
import { api } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { ChannelCard } from './ChannelCard';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const healthy: Service = {
  _id: 'svc-1',
  name: 'Toko Utama',
  channel: 'whatsapp',
  provider: 'whatsapp_cloud',
  isEnable: true,
  externalId: '100000000000001',
  displayPhoneNumber: '6281100000001',
  wabaId: '200000000000001',
  hasAccessToken: true,
  pageId: null,
  instagramAccountId: null,
  humanAgentReplies: null,
  broadcastRate: 80,
  state: 'connected',
  health: {
    status: 'ok',
    reason: null,
    lastWebhookAt: '2026-11-25T03:00:00.000Z',
    lastSendErrorAt: null,
    lastSendError: null,
    tokenCheckedAt: '2026-11-25T03:01:00.000Z',
    tokenValid: true,
  },
  createdAt: '2026-11-01T00:00:00.000Z',
};
const refused: Service = {
  ...healthy,
  health: {
    ...healthy.health,
    status: 'needs_attention',
    reason: MESSAGES.channelHealthTokenRefused,
    lastSendError: 'HTTP 401: Invalid OAuth access token',
    lastSendErrorAt: '2026-11-25T03:02:00.000Z',
    tokenValid: false,
  },
};

describe('ChannelCard', () => {
  beforeEach(async () => {
    vi.mocked(api.patch).mockReset();
    await setLanguage('en');
  });

  it('shows why a channel needs attention, in Indonesian too', async () => {
    renderScreen(<ChannelCard service={refused} />);
    expect(screen.getByTestId('channel-status').textContent).toBe('Needs attention');
    expect(screen.getByTestId('channel-attention').textContent).toContain(
      MESSAGES.channelHealthTokenRefused,
    );
    expect(screen.getByTestId('channel-last-error').textContent).toContain('Invalid OAuth');
    await setLanguage('id');
    expect(await screen.findByText('Perlu perhatian')).toBeTruthy();
    expect(screen.getByTestId('channel-attention').textContent).toContain('Meta menolak');
  });

  it('edits credentials: sends only the new token, and shows a refusal in place', async () => {
    renderScreen(<ChannelCard service={refused} />);
    fireEvent.click(screen.getByTestId('channel-fix'));
    fireEvent.change(await screen.findByTestId('channel-edit-token'), {
      target: { value: 'EAAG-short' },
    });
    vi.mocked(api.patch).mockRejectedValueOnce(
      Object.assign(new Error(MESSAGES.channelNotVerified), {
        status: 422,
        body: { message: MESSAGES.channelNotVerified },
      }),
    );
    fireEvent.click(screen.getByTestId('channel-edit-submit'));
    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(1));
    expect(vi.mocked(api.patch).mock.calls[0]).toEqual([
      'services/svc-1',
      { body: { accessToken: 'EAAG-short' } },
    ]);
    expect(await screen.findByTestId('channel-edit-refusal')).toBeTruthy();
  });

  it("edits a page channel's 7-day replies", async () => {
    const page: Service = {
      ...healthy,
      channel: 'messenger',
      provider: 'messenger',
      displayPhoneNumber: null,
      wabaId: null,
      pageId: '300000000000009',
      humanAgentReplies: true,
    };
    renderScreen(<ChannelCard service={page} />);
    expect(screen.getByText('Page ID 300000000000009')).toBeTruthy();
    fireEvent.click(screen.getByTestId('channel-menu'));
    fireEvent.click(await screen.findByTestId('channel-edit'));
    fireEvent.click(await screen.findByTestId('channel-edit-human-agent'));
    vi.mocked(api.patch).mockResolvedValueOnce({ ...page, humanAgentReplies: false });
    fireEvent.click(screen.getByTestId('channel-edit-submit'));
    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(1));
    expect(vi.mocked(api.patch).mock.calls[0]).toEqual([
      'services/svc-1',
      { body: { humanAgentReplies: false } },
    ]);
  });

  it('shows no 7-day replies switch for a WhatsApp number', async () => {
    renderScreen(<ChannelCard service={healthy} />);
    fireEvent.click(screen.getByTestId('channel-menu'));
    fireEvent.click(await screen.findByTestId('channel-edit'));
    expect(await screen.findByTestId('channel-edit-token')).toBeTruthy();
    expect(screen.queryByTestId('channel-edit-human-agent')).toBeNull();
  });

  it('offers delete only once the channel is disconnected', async () => {
    renderScreen(<ChannelCard service={healthy} />);
    fireEvent.click(screen.getByTestId('channel-menu'));
    const del = await screen.findByTestId('channel-delete');
    expect(del.hasAttribute('disabled') || del.getAttribute('data-disabled') === 'true').toBe(true);
  });
});
