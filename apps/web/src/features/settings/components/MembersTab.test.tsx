import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Division } from '@sapa/contracts';
import type * as HttpModule from '../../../lib/http';
import { api } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../shared/test-utils';
import { MembersTab } from './MembersTab';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const post = vi.mocked(api.post);

const SALES = '0b7c2a52-8d52-4c1e-9a53-1f0c5d6f6a01';
const SUPPORT = '0b7c2a52-8d52-4c1e-9a53-1f0c5d6f6a02';
const AGENT_ID = '5d0c8a52-8d52-4c1e-9a53-1f0c5d6f6a03';

const divisions: Division[] = [
  { _id: SALES, name: 'Sales', description: '', memberCount: 0, createdAt: '2025-01-01' },
  { _id: SUPPORT, name: 'Support', description: '', memberCount: 1, createdAt: '2025-01-01' },
];
const admin = makeUser({ _id: 'admin-1', name: 'Sari Admin', email: 'sari@toko.id' });
const agent = makeUser({
  _id: AGENT_ID,
  name: 'Budi Agent',
  email: 'budi@toko.id',
  role: 'agent',
  divisions: [{ id: SUPPORT, name: 'Support' }],
});

/** Opens a Mantine combobox and picks one option by its label. */
async function pick(testId: string, label: string) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
}

// Comboboxes inside a modal are slow to drive in jsdom when the suite runs in parallel.
describe('MembersTab invite', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    post.mockReset();
  });

  it('sends exactly the invite payload the contract expects for a supervisor', async () => {
    post.mockResolvedValue(makeUser({ email: 'rina@toko.id', status: 'invited' }));
    renderScreen(
      <MembersTab
        members={[admin, agent]}
        divisions={divisions}
        currentUserId="admin-1"
        canManage
      />,
    );
    fireEvent.click(screen.getByTestId('invite-open'));
    const form = await screen.findByTestId('member-form');
    fireEvent.change(within(form).getByTestId('invite-name'), {
      target: { value: '  Rina Supervisor ' },
    });
    fireEvent.change(within(form).getByTestId('invite-email'), {
      target: { value: 'rina@toko.id' },
    });
    await pick('invite-role', 'Supervisor');
    await pick('invite-divisions', 'Sales');
    await pick('invite-agents', 'Budi Agent (budi@toko.id)');
    fireEvent.click(within(form).getByTestId('invite-all-chat'));
    fireEvent.click(within(form).getByTestId('invite-submit'));

    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/users', {
      body: {
        name: 'Rina Supervisor',
        email: 'rina@toko.id',
        role: 'supervisor',
        divisions: [SALES],
        divisionOnlyView: false,
        allChat: true,
        agentIds: [AGENT_ID],
      },
    });
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith('Invitation sent to rina@toko.id'),
    );
  });

  it('drops supervised agents when the role is not supervisor, and validates first', async () => {
    renderScreen(
      <MembersTab
        members={[admin, agent]}
        divisions={divisions}
        currentUserId="admin-1"
        canManage
      />,
    );
    fireEvent.click(screen.getByTestId('invite-open'));
    const form = await screen.findByTestId('member-form');
    fireEvent.click(within(form).getByTestId('invite-submit'));
    expect(await within(form).findByText('The name field is required')).toBeTruthy();
    expect(within(form).getByText('The email field is required')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByTestId('invite-name'), { target: { value: 'Dewi Agent' } });
    fireEvent.change(within(form).getByTestId('invite-email'), {
      target: { value: 'dewi@toko.id' },
    });
    fireEvent.change(within(form).getByTestId('invite-phone'), {
      target: { value: '6281234567890' },
    });
    await pick('invite-role', 'Supervisor');
    await pick('invite-agents', 'Budi Agent (budi@toko.id)');
    await pick('invite-role', 'Agent');
    post.mockResolvedValue(makeUser());
    fireEvent.click(within(form).getByTestId('invite-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toEqual({
      body: {
        name: 'Dewi Agent',
        email: 'dewi@toko.id',
        role: 'agent',
        phone: '6281234567890',
        divisions: [],
        divisionOnlyView: false,
        allChat: false,
        agentIds: [],
      },
    });
  });

  it('hides every change for people who may not manage the team', () => {
    renderScreen(
      <MembersTab
        members={[admin, agent]}
        divisions={divisions}
        currentUserId="admin-1"
        canManage={false}
      />,
    );
    expect(screen.queryByTestId('invite-open')).toBeNull();
    expect(screen.queryByTestId('member-menu-budi@toko.id')).toBeNull();
    expect(screen.getByTestId('member-row-budi@toko.id').textContent).toContain('Support');
  });
});
