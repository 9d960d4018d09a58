import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type Service } from '@sapa/contracts';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { renderScreen } from '../shared/test-utils';
import { InstagramPage, MessengerPage } from './PageChannelPages';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

function service(overrides: Partial<Service>): Service {
  return {
    _id: 'c0000000-0000-4000-8000-000000000001',
    name: 'Shop Page',
    channel: 'messenger',
    provider: 'messenger',
    externalId: '300000000000009',
    isEnable: true,
    displayPhoneNumber: null,
    wabaId: null,
    hasAccessToken: true,
    pageId: '300000000000009',
    instagramAccountId: null,
    humanAgentReplies: true,
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
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  } as Service;
}

function fill(values: Record<string, string>) {
  for (const [testId, value] of Object.entries(values))
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function errorOf(testId: string): string | null {
  const id = screen
    .getByTestId(testId)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.includes('error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('Messenger and Instagram integration pages', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    post.mockReset();
    get.mockImplementation(async (path: string) => {
      if (path === 'services/all/messenger') return { data: [service({})] };
      if (path === 'services/all/instagram') return { data: [] };
      throw new Error(`unexpected GET ${path}`);
    });
  });

  it('lists connected Pages with their ids and switch', async () => {
    renderScreen(<MessengerPage />);
    const row = await screen.findByTestId('channel-card');
    expect(within(row).getByText('Shop Page')).toBeTruthy();
    expect(within(row).getByText('Page ID 300000000000009')).toBeTruthy();
    expect(within(row).getByTestId('service-toggle')).toBeTruthy();
    expect(screen.queryByTestId('page-connect-instagram-id')).toBeNull();
  });

  it('checks the contract in the browser, then sends a Messenger body', async () => {
    post.mockResolvedValue(service({ name: 'Toko' }));
    renderScreen(<MessengerPage />);
    fill({ 'page-connect-page-id': '12ab' });
    fireEvent.click(screen.getByTestId('page-connect-submit'));
    await waitFor(() => expect(errorOf('page-connect-page-id')).toBe('The page id must be digits'));
    expect(errorOf('page-connect-token')).toBe('The page access token field is required');
    expect(post).not.toHaveBeenCalled();

    fill({
      'page-connect-name': ' Toko ',
      'page-connect-page-id': '300000000000009',
      'page-connect-token': 'EAAG-page-token',
    });
    fireEvent.click(screen.getByTestId('page-connect-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('services', {
        body: {
          name: 'Toko',
          channel: 'messenger',
          pageId: '300000000000009',
          pageAccessToken: 'EAAG-page-token',
          humanAgentReplies: true,
        },
      }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Toko is connected'));
  });

  it("sends the Instagram account id and keeps Meta's refusal on screen, in Indonesian", async () => {
    await setLanguage('id');
    post.mockRejectedValue(
      new HttpError({ status: 422, message: MESSAGES.channelInstagramNotLinked, code: 'X' }),
    );
    renderScreen(<InstagramPage />);
    expect(await screen.findByTestId('channel-list-empty')).toBeTruthy();
    fill({
      'page-connect-name': 'IG',
      'page-connect-instagram-id': '17841400000000009',
      'page-connect-page-id': '300000000000009',
      'page-connect-token': 'EAAG-page-token',
    });
    fireEvent.click(screen.getByTestId('page-connect-human-agent'));
    fireEvent.click(screen.getByTestId('page-connect-submit'));
    expect((await screen.findByTestId('page-connect-refusal')).textContent).toBe(
      'Akun Instagram ini tidak terhubung ke Halaman Facebook tersebut.',
    );
    expect(post).toHaveBeenCalledWith('services', {
      body: expect.objectContaining({
        channel: 'instagram',
        instagramAccountId: '17841400000000009',
        humanAgentReplies: false,
      }),
    });
  });

  it("translates the plan's Messenger limit", async () => {
    await setLanguage('id');
    post.mockRejectedValue(
      new HttpError({
        status: 409,
        message: 'Your plan allows 1 Messenger channel. Remove one or ask us to raise the limit.',
      }),
    );
    renderScreen(<MessengerPage />);
    fill({
      'page-connect-name': 'Toko',
      'page-connect-page-id': '300000000000009',
      'page-connect-token': 'EAAG-page-token',
    });
    fireEvent.click(screen.getByTestId('page-connect-submit'));
    expect((await screen.findByTestId('page-connect-refusal')).textContent).toBe(
      'Paket Anda mengizinkan 1 kanal Messenger. Hapus satu atau minta kami menaikkan batasnya.',
    );
  });
});
