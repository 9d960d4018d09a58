import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Label } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { LabelsPage } from './LabelsPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const vip: Label = {
  _id: '7e2d1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c',
  label: 'VIP',
  color: '#fab005',
  chatCount: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function as(role: 'agent' | 'supervisor' | 'admin') {
  vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ role }) }));
}

describe('LabelsPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    vi.mocked(api.get).mockReset();
    vi.mocked(api.post).mockReset();
    vi.mocked(api.delete).mockReset();
    vi.mocked(api.get).mockResolvedValue({ data: [vip], total: 1 });
  });

  it('lists labels with their chat count; agents get no controls', async () => {
    as('agent');
    renderScreen(<LabelsPage />);
    const row = await screen.findByTestId('label-row-VIP');
    expect(row.textContent).toContain('3');
    expect(api.get).toHaveBeenCalledWith(
      'labels',
      expect.objectContaining({
        params: { perpage: 999, withCounts: true },
      }),
    );
    expect(screen.queryByTestId('label-open')).toBeNull();
    expect(within(row).queryByTestId('label-delete')).toBeNull();
  });

  it('a supervisor creates a label with a hex colour', async () => {
    as('supervisor');
    vi.mocked(api.post).mockResolvedValue({ ...vip, _id: 'new', label: 'Refund' });
    renderScreen(<LabelsPage />);
    fireEvent.click(await screen.findByTestId('label-open'));
    fireEvent.change(await screen.findByTestId('label-name'), { target: { value: ' Refund ' } });
    fireEvent.click(screen.getByTestId('label-save'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('labels', {
        body: { label: 'Refund', color: expect.stringMatching(/^#[0-9a-f]{6}$/) },
      }),
    );
  });

  it('deleting asks first and says how many chats lose it', async () => {
    as('admin');
    vi.mocked(api.delete).mockResolvedValue({ ok: true });
    renderScreen(<LabelsPage />);
    fireEvent.click(within(await screen.findByTestId('label-row-VIP')).getByTestId('label-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('It will be removed from 3 chats.');
    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith(`labels/${vip._id}`));
  });
});
