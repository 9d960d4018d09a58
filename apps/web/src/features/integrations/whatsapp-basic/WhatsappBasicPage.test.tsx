import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as HttpModule from '../../../lib/http';
import { api, HttpError } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { CHANNEL, OTHER, linkedService, status } from './testFixtures';
import { WhatsappBasicPage } from './WhatsappBasicPage';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

function channelOf(options: unknown): string | undefined {
  return (options as { params?: { channel?: string } } | undefined)?.params?.channel;
}

describe('/integration/whatsapp-basic', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    post.mockReset();
    get.mockImplementation(async (path: string, options?: unknown) => {
      if (path === 'services/all/whatsapp_basic')
        return {
          data: [
            linkedService(),
            linkedService({ _id: OTHER, name: 'Gudang', displayPhoneNumber: '6281100000002' }),
          ],
        };
      if (path === 'users/light/status')
        return channelOf(options) === OTHER
          ? status({ channel: OTHER, state: 'logged_out', needsAttention: true })
          : status();
      throw new Error(`unexpected GET ${path}`);
    });
  });

  it('lists each linked number with its name, number, state since when, and the way in', async () => {
    renderScreen(<WhatsappBasicPage />);
    const rows = await screen.findAllByTestId('wabasic-number');
    expect(rows).toHaveLength(2);
    const [shop, warehouse] = rows as [HTMLElement, HTMLElement];
    expect(within(shop).getByText('Toko Sari WA')).toBeTruthy();
    expect(within(shop).getByText('+6281100000001')).toBeTruthy();
    await waitFor(() =>
      expect(within(shop).getByTestId('wabasic-state').getAttribute('data-state')).toBe(
        'connected',
      ),
    );
    expect(within(shop).getByTestId('wabasic-state').textContent).toMatch(/^Connectedsince /);
    expect(within(shop).getByTestId('wabasic-number-open').getAttribute('href')).toBe(
      `/integration/whatsapp-basic/detail?channel=${CHANNEL}`,
    );
    // The number the phone unlinked says so plainly and offers linking it again.
    await waitFor(() =>
      expect(within(warehouse).getByTestId('wabasic-state').textContent).toContain(
        'Needs attention',
      ),
    );
    expect(within(warehouse).getByTestId('wabasic-number-attention').textContent).toBe(
      'The phone unlinked it: link it again to receive messages.',
    );
    expect(within(warehouse).getByTestId('wabasic-number-open').textContent).toBe('Link again');
  });

  it('links a new number by name and opens its QR page', async () => {
    post.mockResolvedValue(status({ state: 'linking', since: null }));
    renderScreen(<WhatsappBasicPage />, { path: '/integration/whatsapp-basic' });
    fireEvent.click(screen.getByTestId('wabasic-link-submit'));
    expect(await screen.findByText('Give the number a name')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('wabasic-link-name'), { target: { value: ' Toko ' } });
    fireEvent.click(screen.getByTestId('wabasic-link-submit'));
    expect((await screen.findByTestId('location')).textContent).toBe(
      `/integration/whatsapp-basic/detail?channel=${CHANNEL}`,
    );
    expect(post).toHaveBeenCalledWith('users/light/link', { body: { name: 'Toko' } });
  });

  it("keeps the plan's channel limit on screen, in Indonesian", async () => {
    await setLanguage('id');
    post.mockRejectedValue(
      new HttpError({
        status: 409,
        message: 'Your plan allows 2 WhatsApp channels. Remove one or ask us to raise the limit.',
        code: 'CHANNEL_LIMIT',
      }),
    );
    renderScreen(<WhatsappBasicPage />);
    expect(screen.getByTestId('wabasic-link-submit').textContent).toBe('Tautkan nomor');
    fireEvent.change(screen.getByTestId('wabasic-link-name'), { target: { value: 'Toko' } });
    fireEvent.click(screen.getByTestId('wabasic-link-submit'));
    expect((await screen.findByTestId('wabasic-link-refusal')).textContent).toBe(
      'Paket Anda mengizinkan 2 kanal WhatsApp. Hapus salah satu atau minta kami menaikkan batasnya.',
    );
  });

  it('says when nothing is linked yet', async () => {
    get.mockImplementation(async (path: string) => {
      if (path === 'services/all/whatsapp_basic') return { data: [] };
      throw new Error(`unexpected GET ${path}`);
    });
    renderScreen(<WhatsappBasicPage />);
    expect((await screen.findByTestId('wabasic-empty')).textContent).toBe(
      'No number is linked yet.',
    );
  });
});
