import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { ContactsPage } from './ContactsPage';
import { makeContact } from './testFixtures';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const get = vi.mocked(api.get);
const del = vi.mocked(api.delete);
const VIP = '0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01';
const CHAT = '3b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a04';

const budi = makeContact({
  labels: [VIP],
  channels: [{ channel: 'whatsapp', identifier: '6281234567890', chatId: CHAT }],
  lastChatAt: '2025-03-01T08:00:00.000Z',
});
const ani = makeContact({ _id: '4b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a05', name: 'Ani', phone: null });

const contactCalls = () =>
  get.mock.calls.filter(([path]) => path === 'contacts').map(([, options]) => options?.params);

describe('ContactsPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    del.mockReset();
    vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ role: 'admin' }) }));
    get.mockImplementation(async (path: string, options) => {
      if (path === 'labels') {
        return {
          data: [
            {
              _id: VIP,
              label: 'VIP',
              color: '#e64980',
              chatCount: null,
              createdAt: '2025-01-01T00:00:00Z',
            },
          ],
          total: 1,
        };
      }
      if (path === 'contacts/groups' || path === 'contacts/attributes') return { data: [] };
      if (path === 'contacts') {
        if (options?.params?.startKey === 'k2') return { data: [ani], nextKey: null, total: 2 };
        return { data: [budi], nextKey: 'k2', total: 2 };
      }
      if (path.startsWith('contacts/')) return budi;
      throw new Error(`unexpected GET ${path}`);
    });
  });

  it('lists contacts with formatted phone, label chips and total, and loads more by key', async () => {
    renderScreen(<ContactsPage />, { path: '/contact' });
    const table = await screen.findByTestId('contact-table');
    const row = within(table).getByTestId('contact-row');
    expect(within(row).getByTestId('contact-phone').textContent).toBe('+62 812-3456-7890');
    await waitFor(() => expect(within(row).getByTestId('contact-label').textContent).toBe('VIP'));
    expect(screen.getByTestId('contacts-total').textContent).toBe('2 contacts');
    expect(screen.getByTestId('contact-import').textContent).toBe('Import');
    expect(screen.getByTestId('contact-export').textContent).toBe('Export');
    fireEvent.click(screen.getByTestId('contacts-more'));
    await waitFor(() => expect(within(table).getAllByTestId('contact-row')).toHaveLength(2));
    expect(contactCalls().at(-1)).toEqual({ perpage: 50, startKey: 'k2' });
    expect(screen.getByTestId('contacts-shown').textContent).toBe('Showing 2 of 2');
  });

  it('sends the URL filters and a debounced search', async () => {
    renderScreen(<ContactsPage />, {
      path: '/contact',
      url: `/contact?label=${VIP}&channel=whatsapp&archived=true`,
    });
    await screen.findByTestId('contact-table');
    expect(contactCalls()[0]).toEqual({
      label: VIP,
      channel: 'whatsapp',
      archived: true,
      perpage: 50,
    });
    fireEvent.change(screen.getByTestId('contact-search'), { target: { value: 'bud' } });
    await waitFor(() => expect(contactCalls().at(-1)).toMatchObject({ searchText: 'bud' }), {
      timeout: 2_000,
    });
  });

  it('leads managers to the contact groups, its only way in, and agents nowhere they are refused', async () => {
    renderScreen(<ContactsPage />, { path: '/contact' });
    await screen.findByTestId('contact-table');
    expect(screen.getByTestId('contact-groups-link').getAttribute('href')).toBe('/contact/group');
    vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ role: 'agent' }) }));
    cleanup();
    renderScreen(<ContactsPage />, { path: '/contact' });
    await screen.findByTestId('contact-table');
    expect(screen.queryByTestId('contact-groups-link')).toBeNull();
  });

  it('agents see no import, export or delete', async () => {
    vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ role: 'agent' }) }));
    renderScreen(<ContactsPage />, { path: '/contact' });
    await screen.findByTestId('contact-table');
    expect(screen.getByTestId('contact-add')).toBeTruthy();
    expect(screen.queryByTestId('contact-import')).toBeNull();
    expect(screen.queryByTestId('contact-export')).toBeNull();
    fireEvent.click(screen.getByTestId('contact-menu'));
    expect(await screen.findByTestId('contact-edit')).toBeTruthy();
    expect(screen.queryByTestId('contact-delete')).toBeNull();
  });

  it('deleting a contact with chats explains it will be archived', async () => {
    del.mockResolvedValue({ outcome: 'archived' });
    renderScreen(<ContactsPage />, { path: '/contact' });
    await screen.findByTestId('contact-table');
    fireEvent.click(screen.getByTestId('contact-menu'));
    fireEvent.click(await screen.findByTestId('contact-delete'));
    expect((await screen.findByTestId('confirm-message')).textContent).toMatch(/archived/);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(del).toHaveBeenCalledWith(`contacts/${budi._id}`));
  });

  it('the detail panel links to the contact’s chats', async () => {
    renderScreen(<ContactsPage />, { path: '/contact' });
    fireEvent.click(await screen.findByTestId('contact-row'));
    const link = await screen.findByTestId('contact-chat-link');
    expect(link.getAttribute('href')).toBe(`/chat?id=${CHAT}`);
  });
});
