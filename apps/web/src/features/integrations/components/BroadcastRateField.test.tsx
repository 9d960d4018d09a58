import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Service } from '@sapa/contracts';
import type * as HttpModule from '../../../lib/http';
import { api } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { renderScreen } from '../../shared/test-utils';
import { BroadcastRateField } from './BroadcastRateField';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const service: Service = {
  _id: '0b7c2a52-8d52-4c1e-9a53-1f0c5d6f6a01',
  name: 'Toko',
  channel: 'whatsapp',
  provider: 'whatsapp_cloud',
  isEnable: true,
  externalId: '106540352242922',
  displayPhoneNumber: '+6281100000001',
  wabaId: '102290129340398',
  hasAccessToken: true,
  pageId: null,
  instagramAccountId: null,
  humanAgentReplies: null,
  broadcastRate: 80,
  state: 'connected',
  health: {
    status: 'ok',
    reason: null,
    lastWebhookAt: null,
    lastSendErrorAt: null,
    lastSendError: null,
    tokenCheckedAt: null,
    tokenValid: null,
  },
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('BroadcastRateField', () => {
  beforeEach(async () => {
    await setLanguage('en');
    vi.mocked(api.patch).mockReset();
  });

  it('refuses speeds outside 1–1,000 and saves a valid one with PATCH', async () => {
    renderScreen(<BroadcastRateField service={service} />);
    const input = screen.getByTestId('wa-number-rate');
    const save = screen.getByTestId('wa-number-rate-save');
    // Unchanged: nothing to save.
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '1500' } });
    expect(await screen.findByText('A whole number from 1 to 1,000')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);

    vi.mocked(api.patch).mockResolvedValue({ ...service, broadcastRate: 1000 });
    fireEvent.change(input, { target: { value: '1000' } });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() =>
      expect(api.patch).toHaveBeenCalledWith(`services/${service._id}`, {
        body: { broadcastRate: 1000 },
      }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Broadcast speed saved'));
  });
});
