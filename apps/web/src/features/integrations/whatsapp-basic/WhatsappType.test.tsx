import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useSession } from '../../../app/session';
import type * as HttpModule from '../../../lib/http';
import { api } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { makeSession, renderScreen } from '../../shared/test-utils';
import { IntegrationsPage } from '../IntegrationsPage';
import { ServicesPage } from '../ServicesPage';
import { linkedService, status } from './testFixtures';
import { readWhatsappType } from './whatsappType';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../../app/session', () => ({ useSession: vi.fn() }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

function withType(type: string | undefined, services: unknown[] = []) {
  const session = makeSession({ settings: type ? { 'whatsapp-type': type } : {} });
  vi.mocked(useSession).mockReturnValue(session);
  get.mockImplementation(async (path: string) => {
    if (path === 'services') return { data: services };
    throw new Error(`unexpected GET ${path}`);
  });
  return session;
}

describe(
  'settings/whatsapp-type decides which WhatsApp the account sees',
  { timeout: 20_000 },
  () => {
    beforeEach(async () => {
      await setLanguage('en');
      get.mockReset();
      post.mockReset();
    });

    it("reads the setting, falling back to 'wabasic' as spec §7 says", () => {
      expect(readWhatsappType('waba')).toBe('waba');
      expect(readWhatsappType('wabasic')).toBe('wabasic');
      expect(readWhatsappType(null)).toBe('wabasic');
      expect(readWhatsappType('something-else')).toBe('wabasic');
    });

    it('wabasic (the default): the WhatsApp basic card leads to linking, the Cloud API one is not offered', async () => {
      withType(undefined);
      renderScreen(<IntegrationsPage />);
      const card = await screen.findByTestId('integration-card-whatsappBasic');
      expect(card.getAttribute('href')).toBe('/integration/whatsapp-basic');
      expect(card.getAttribute('aria-disabled')).toBeNull();
      expect(card.textContent).not.toContain('Coming soon');
      await waitFor(() => expect(card.textContent).toContain('Not connected'));
      expect(screen.queryByTestId('integration-card-whatsapp')).toBeNull();
    });

    it('waba: the Cloud API card, and a linked number still shows (nothing connected disappears)', async () => {
      withType('waba');
      const first = renderScreen(<IntegrationsPage />);
      expect((await screen.findByTestId('integration-card-whatsapp')).getAttribute('href')).toBe(
        '/integration/whatsapp',
      );
      await waitFor(() => expect(get).toHaveBeenCalledWith('services'));
      expect(screen.queryByTestId('integration-card-whatsappBasic')).toBeNull();
      first.unmount();

      withType('waba', [
        linkedService({
          health: { ...linkedService().health, status: 'needs_attention', reason: 'logged_out' },
        }),
      ]);
      renderScreen(<IntegrationsPage />);
      const basic = await screen.findByTestId('integration-card-whatsappBasic');
      await waitFor(() => expect(basic.textContent).toContain('Needs attention'));
    });

    it("the admin switches it: saved, the session reloaded, and 'Connect WhatsApp' follows", async () => {
      const session = withType('wabasic');
      post.mockResolvedValue({ data: [] });
      renderScreen(<IntegrationsPage />);
      fireEvent.click(await screen.findByText('Business Platform (API)'));
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith('settings', {
          body: { settings: [{ key: 'whatsapp-type', value: 'waba' }] },
        }),
      );
      await waitFor(() => expect(session.reload).toHaveBeenCalled());
    });

    it("'Connect WhatsApp' on the channels page goes to the account's WhatsApp", async () => {
      withType('wabasic');
      const first = renderScreen(<ServicesPage />);
      expect((await screen.findByTestId('services-connect')).getAttribute('href')).toBe(
        '/integration/whatsapp-basic',
      );
      first.unmount();
      withType('waba');
      renderScreen(<ServicesPage />);
      expect((await screen.findByTestId('services-connect')).getAttribute('href')).toBe(
        '/integration/whatsapp',
      );
    });

    it('the channels page shows a linked number by its link state, not Meta token facts', async () => {
      withType('wabasic', [linkedService()]);
      const fallback = get.getMockImplementation();
      get.mockImplementation(async (path: string, options?: unknown) => {
        if (path === 'users/light/status') return status({ state: 'logged_out' });
        return fallback?.(path, options as never);
      });
      renderScreen(<ServicesPage />);
      const health = await screen.findByTestId('linked-channel-health');
      await waitFor(() =>
        expect(
          health.querySelector('[data-testid="wabasic-state"]')?.getAttribute('data-state'),
        ).toBe('logged_out'),
      );
      expect(screen.getByTestId('channel-attention').textContent).toBe(
        'The phone unlinked this numberNo messages arrive or leave until you link it again. Its conversations stay in the inbox.',
      );
      expect(screen.queryByTestId('channel-token')).toBeNull();
      expect(screen.getByText('Linked by QR code')).toBeTruthy();
      fireEvent.click(screen.getByTestId('channel-menu'));
      expect(await screen.findByTestId('channel-disconnect')).toBeTruthy();
      expect(screen.queryByTestId('channel-edit')).toBeNull();
    });
  },
);
