import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Template } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { notifyError } from '../../lib/notify';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { TemplatesPage } from './TemplatesPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

function template(over: Partial<Template>): Template {
  return {
    _id: '7e2d1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c',
    name: 'order_update',
    channel: 'whatsapp',
    channelId: '0b0c1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c',
    channelName: 'Toko Sari WhatsApp',
    category: 'UTILITY',
    language: 'id',
    initiateMessage: false,
    headerType: null,
    headerText: null,
    headerExampleUrl: null,
    headerExampleMediaId: null,
    headerExampleFilename: null,
    footer: null,
    content: 'Halo {{1}}, pesanan siap.',
    examples: { body: ['Rina'], header: null },
    buttons: [],
    disclaimer: null,
    status: 'accepted',
    templateId: '880000000000001',
    rejectionReason: null,
    isWelcome: false,
    bodyParamCount: 1,
    headerParam: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

const accepted = template({});
const draft = template({
  _id: '1a2d1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c',
  name: 'promo_draft',
  status: 'draft',
  templateId: null,
});
const rejected = template({
  _id: '2b2d1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c',
  name: 'bad_offer',
  status: 'rejected',
  rejectionReason: 'ABUSIVE_CONTENT',
});

function as(role: 'agent' | 'supervisor' | 'admin') {
  vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ role }) }));
}

beforeEach(() => {
  vi.mocked(api.get).mockImplementation(async (path: string) => {
    if (path === 'hsm/count')
      return { total: 3, byStatus: { draft: 1, published: 0, accepted: 1, rejected: 1 } };
    if (path === 'hsm/welcome') return { template: null };
    if (path === 'hsm') return { data: [draft, rejected, accepted], nextKey: null, total: 3 };
    throw new Error(`unexpected GET ${path}`);
  });
});

describe('TemplatesPage', () => {
  it('lists templates with the count, conditions and Meta’s reason', async () => {
    as('admin');
    renderScreen(<TemplatesPage />);
    expect(await screen.findByTestId('template-row-promo_draft')).toBeTruthy();
    expect(screen.getByTestId('template-count').textContent).toBe('3 templates');
    const bad = screen.getAllByTestId('template-row-bad_offer')[0]!;
    expect(within(bad).getByTestId('template-status').textContent).toBe('Rejected');
    expect(within(bad).getByTestId('template-reason').textContent).toBe('Reason: Abusive content');
    // Only drafts and rejected templates can be published.
    expect(screen.getAllByTestId('template-publish')).toHaveLength(2);
    expect(screen.getByTestId('template-new')).toBeTruthy();
  });

  it('hides writing from agents', async () => {
    as('agent');
    renderScreen(<TemplatesPage />);
    await screen.findByTestId('template-row-promo_draft');
    expect(screen.queryByTestId('template-new')).toBeNull();
    expect(screen.queryAllByTestId('template-publish')).toHaveLength(0);
  });

  it('asks before publishing, and shows Meta’s words under “Oops, something went wrong”', async () => {
    as('supervisor');
    vi.mocked(api.post).mockRejectedValueOnce(
      new HttpError({
        status: 422,
        message: 'Oops, something went wrong',
        code: 'PROVIDER_ERROR',
        issues: [{ path: 'provider', message: 'Content in this language already exists' }],
      }),
    );
    renderScreen(<TemplatesPage />);
    const row = await screen.findByTestId('template-row-promo_draft');
    fireEvent.click(within(row).getByTestId('template-publish'));
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('confirm-submit'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`hsm/${draft._id}/publish`));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith('Content in this language already exists', {
        title: 'Oops, something went wrong',
      }),
    );
  });

  it('searches by name and filters by condition through the API', async () => {
    as('admin');
    renderScreen(<TemplatesPage />);
    await screen.findByTestId('template-row-promo_draft');
    fireEvent.change(screen.getByTestId('template-search'), { target: { value: 'promo' } });
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith(
        'hsm',
        expect.objectContaining({ params: expect.objectContaining({ searchText: 'promo' }) }),
      ),
    );
  });
});
