import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Contact, ContactGroup } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { ContactGroupsPage } from './ContactGroupsPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const vip: ContactGroup = {
  _id: '7e2d1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c',
  name: 'VIP',
  description: 'Best customers',
  channel: 'whatsapp',
  memberCount: 1234,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const resellers: ContactGroup = {
  ...vip,
  _id: '0b0c1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c',
  name: 'Resellers',
  channel: null,
  memberCount: 0,
};

function contact(id: string, name: string, groupIds: string[] = []): Contact {
  return {
    _id: id,
    name,
    phone: '81234567890',
    email: null,
    notes: '',
    attributes: {},
    labels: [],
    groupIds,
    channels: [],
    archived: false,
    lastChatAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}
const ani = contact('1a2d1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c', 'Ani', [vip._id]);
const budi = contact('2b2d1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c', 'Budi', [vip._id]);
const citra = contact('3c2d1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c', 'Citra');

function as(role: 'agent' | 'supervisor' | 'admin') {
  vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ role }) }));
}

/** Answers by path like the server: groups, a group's members, the contacts search. */
function serve() {
  vi.mocked(api.get).mockImplementation(async (path: string) => {
    if (path === 'contacts/groups') return { data: [vip, resellers] };
    if (path === `contacts/groups/${vip._id}/members`)
      return { data: [ani, budi], nextKey: null, total: 2 };
    if (path.endsWith('/members')) return { data: [], nextKey: null, total: 0 };
    if (path === 'contacts') return { data: [ani, citra], nextKey: null, total: 2 };
    throw new Error(`unexpected GET ${path}`);
  });
}

describe('ContactGroupsPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    for (const fn of [api.get, api.post, api.patch, api.delete]) vi.mocked(fn).mockReset();
    serve();
  });

  it('lists groups with member counts and channel; the first one opens with its members', async () => {
    as('admin');
    renderScreen(<ContactGroupsPage />);
    const row = await screen.findByTestId('group-row-VIP');
    expect(row.textContent).toContain('1.234 members');
    expect(row.textContent).toContain('WhatsApp');
    expect((await screen.findByTestId('group-row-Resellers')).textContent).toContain('Any channel');
    const detail = await screen.findByTestId('group-detail');
    expect(await within(detail).findByTestId('member-row-Ani')).toBeTruthy();
    expect(within(detail).getByTestId('member-row-Budi').textContent).toContain('+62 812-3456');
  });

  it('a supervisor creates a group; "any channel" is sent as null', async () => {
    as('supervisor');
    vi.mocked(api.post).mockResolvedValue({ ...resellers, _id: vip._id, name: 'Lapak' });
    renderScreen(<ContactGroupsPage />);
    fireEvent.click(await screen.findByTestId('group-open'));
    fireEvent.change(await screen.findByTestId('group-name'), { target: { value: ' Lapak ' } });
    fireEvent.click(screen.getByTestId('group-save'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('contacts/groups', {
        body: { name: 'Lapak', description: '', channel: null },
      }),
    );
  });

  it('validates the name in the browser with the contract', async () => {
    as('admin');
    renderScreen(<ContactGroupsPage />);
    fireEvent.click(await screen.findByTestId('group-open'));
    fireEvent.click(await screen.findByTestId('group-save'));
    expect(await screen.findByText('The name field is required')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('removes selected members in one request after confirming', async () => {
    as('admin');
    vi.mocked(api.delete).mockResolvedValue({ changed: 2, memberCount: 1232 });
    renderScreen(<ContactGroupsPage />);
    await screen.findByTestId('member-row-Ani');
    fireEvent.click(screen.getByTestId('member-select-all'));
    fireEvent.click(await screen.findByTestId('members-remove-selected'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Remove 2 contacts?');
    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    await waitFor(() =>
      expect(api.delete).toHaveBeenCalledWith(`contacts/groups/${vip._id}/members`, {
        body: { contactIds: [ani._id, budi._id] },
      }),
    );
  });

  it('adds picked contacts; existing members cannot be picked again', async () => {
    as('admin');
    vi.mocked(api.post).mockResolvedValue({ changed: 1, memberCount: 1235 });
    renderScreen(<ContactGroupsPage />);
    fireEvent.click(await screen.findByTestId('group-add-members'));
    const already = await screen.findByTestId('picker-row-Ani');
    expect(already.textContent).toContain('Already a member');
    fireEvent.click(already);
    fireEvent.click(await screen.findByTestId('picker-row-Citra'));
    const add = screen.getByTestId('picker-add');
    expect(add.textContent).toBe('Add 1 contact');
    fireEvent.click(add);
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(`contacts/groups/${vip._id}/members`, {
        body: { contactIds: [citra._id] },
      }),
    );
  });

  it('agents see groups and members but no controls', async () => {
    as('agent');
    renderScreen(<ContactGroupsPage />);
    await screen.findByTestId('member-row-Ani');
    expect(screen.queryByTestId('group-open')).toBeNull();
    expect(screen.queryByTestId('group-add-members')).toBeNull();
    expect(screen.queryByTestId('member-remove')).toBeNull();
    expect(screen.queryByTestId('member-select-all')).toBeNull();
  });

  it('deleting a group asks first and says the contacts stay', async () => {
    as('admin');
    vi.mocked(api.delete).mockResolvedValue({ ok: true });
    renderScreen(<ContactGroupsPage />);
    fireEvent.click(await screen.findByTestId('group-menu'));
    fireEvent.click(await screen.findByTestId('group-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Its 1.234 members stay in your contacts');
    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith(`contacts/groups/${vip._id}`));
  });
});
