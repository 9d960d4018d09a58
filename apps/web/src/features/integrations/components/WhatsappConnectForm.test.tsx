import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type * as HttpModule from '../../../lib/http';
import { api, HttpError } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { renderScreen } from '../../shared/test-utils';
import { WhatsappConnectForm } from './WhatsappConnectForm';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const post = vi.mocked(api.post);

const VALID = {
  'wa-connect-name': 'Customer service',
  'wa-connect-display-phone': '+6281234567890',
  'wa-connect-phone-number-id': '106540352242922',
  'wa-connect-waba-id': '102290129340398',
  'wa-connect-access-token': 'EAAG-long-lived-token',
};

function fill(values: Partial<typeof VALID>) {
  for (const [testId, value] of Object.entries(values)) {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  }
}

function errorOf(testId: string): string | null {
  const input = screen.getByTestId(testId);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.includes('error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('WhatsappConnectForm', () => {
  beforeEach(async () => {
    await setLanguage('en');
    post.mockReset();
    vi.mocked(notifyError).mockReset();
    vi.mocked(notifySuccess).mockReset();
  });

  it('shows each field error from the contract schema and calls nothing', async () => {
    renderScreen(<WhatsappConnectForm />);
    fill({ 'wa-connect-display-phone': 'abc', 'wa-connect-phone-number-id': '12ab' });
    fireEvent.click(screen.getByTestId('wa-connect-submit'));
    await waitFor(() => expect(errorOf('wa-connect-name')).toBe('The name field is required'));
    expect(errorOf('wa-connect-display-phone')).toBe('Invalid phone number');
    expect(errorOf('wa-connect-phone-number-id')).toBe('The phone number id must be digits');
    expect(errorOf('wa-connect-waba-id')).toBe(
      'The WhatsApp Business Account id field is required',
    );
    expect(errorOf('wa-connect-access-token')).toBe('The access token field is required');
    expect(post).not.toHaveBeenCalled();
  });

  it('speaks Indonesian when the interface does', async () => {
    await setLanguage('id');
    renderScreen(<WhatsappConnectForm />);
    fill({ ...VALID, 'wa-connect-waba-id': '12x' });
    fireEvent.click(screen.getByTestId('wa-connect-submit'));
    await waitFor(() =>
      expect(errorOf('wa-connect-waba-id')).toBe('ID WhatsApp Business Account harus berupa angka'),
    );
  });

  it('posts the channel and clears the form on success', async () => {
    post.mockResolvedValue({
      _id: 'svc-1',
      name: 'Customer service',
      channel: 'whatsapp',
      provider: 'meta',
      isEnable: true,
      externalId: VALID['wa-connect-phone-number-id'],
      displayPhoneNumber: VALID['wa-connect-display-phone'],
      wabaId: VALID['wa-connect-waba-id'],
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
      createdAt: '2025-03-01T00:00:00.000Z',
    });
    renderScreen(<WhatsappConnectForm />);
    fill(VALID);
    fireEvent.click(screen.getByTestId('wa-connect-submit'));
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith('Customer service is connected'),
    );
    expect(post).toHaveBeenCalledWith('services', {
      body: {
        name: 'Customer service',
        channel: 'whatsapp',
        displayPhoneNumber: '+6281234567890',
        phoneNumberId: '106540352242922',
        wabaId: '102290129340398',
        accessToken: 'EAAG-long-lived-token',
      },
    });
    expect((screen.getByTestId('wa-connect-name') as HTMLInputElement).value).toBe('');
  });

  it('puts the server issues on their fields', async () => {
    post.mockRejectedValue(
      new HttpError({
        status: 400,
        message: 'Invalid phone number',
        code: 'VALIDATION',
        issues: [{ path: 'displayPhoneNumber', message: 'Invalid phone number' }],
      }),
    );
    renderScreen(<WhatsappConnectForm />);
    fill(VALID);
    fireEvent.click(screen.getByTestId('wa-connect-submit'));
    await waitFor(() => expect(errorOf('wa-connect-display-phone')).toBe('Invalid phone number'));
  });

  it('keeps the plan-limit refusal on screen', async () => {
    const text = 'Your plan allows 1 WhatsApp channel. Remove one or ask us to raise the limit.';
    post.mockRejectedValue(new HttpError({ status: 409, message: text, code: 'CHANNEL_LIMIT' }));
    renderScreen(<WhatsappConnectForm />);
    fill(VALID);
    fireEvent.click(screen.getByTestId('wa-connect-submit'));
    await waitFor(() => expect(screen.getByTestId('wa-connect-refusal').textContent).toBe(text));
    expect(notifyError).toHaveBeenCalledWith(text);
  });

  it('keeps the unverified-number refusal on screen, in Indonesian too', async () => {
    await setLanguage('id');
    post.mockRejectedValue(
      new HttpError({
        status: 422,
        message:
          'We could not verify this number with that access token. Check the phone number id, the WhatsApp Business Account id and the token.',
        code: 'CHANNEL_NOT_VERIFIED',
      }),
    );
    renderScreen(<WhatsappConnectForm />);
    fill(VALID);
    fireEvent.click(screen.getByTestId('wa-connect-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('wa-connect-refusal').textContent).toBe(
        'Kami tidak dapat memverifikasi nomor ini dengan token akses tersebut. Periksa ID nomor telepon, ID WhatsApp Business Account, dan tokennya.',
      ),
    );
  });
});
