import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type Ticket } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { makeChat } from '../inbox/testFixtures';
import { TicketsPage } from './TicketsPage';

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
const post = vi.mocked(api.post);

function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    _id: 't1',
    chatId: '0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01',
    name: 'Budi Santoso',
    identifier: '6281234567890',
    channel: 'whatsapp',
    status: 'open',
    agent: { _id: 'a1', name: 'Sari Agent' },
    resolvedBy: null,
    openAt: '2025-03-01T08:00:00.000Z',
    answerAt: '2025-03-01T08:02:05.000Z',
    closeAt: null,
    firstResponseSeconds: 125,
    ...overrides,
  };
}

const ticketCalls = () =>
  get.mock.calls.filter(([path]) => path === 'ticket').map(([, options]) => options?.params);

describe('TicketsPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    post.mockReset();
    vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ _id: 'me' }) }));
    get.mockImplementation(async (path: string, options) => {
      if (path === 'users/agent') return { data: [makeUser({ _id: 'a1', name: 'Sari Agent' })] };
      if (path === 'ticket') {
        const closed = ticket({
          _id: 't2',
          chatId: '1b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01',
          name: 'Ani',
          status: 'closed',
          closeAt: '2025-03-01T09:00:00.000Z',
        });
        if (options?.params?.startKey === 'next') return { data: [closed], nextKey: null };
        return { data: [ticket()], nextKey: 'next' };
      }
      throw new Error(`unexpected GET ${path}`);
    });
  });

  it('renders the tickets with their times and loads more by key', async () => {
    renderScreen(<TicketsPage />, { path: '/ticket' });
    const table = await screen.findByTestId('ticket-table');
    const row = within(table).getAllByTestId('ticket-row')[0] as HTMLElement;
    expect(row.textContent).toContain('Budi Santoso');
    expect(row.textContent).toContain('Sari Agent');
    expect(row.textContent).toContain('Open');
    expect(row.textContent).toContain('2m 5s');
    expect(within(row).getByTestId('ticket-resolve')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tickets-more'));
    await waitFor(() => expect(within(table).getAllByTestId('ticket-row')).toHaveLength(2));
    const closedRow = within(table).getAllByTestId('ticket-row')[1] as HTMLElement;
    expect(within(closedRow).queryByTestId('ticket-resolve')).toBeNull();
    expect(ticketCalls().at(-1)).toMatchObject({ startKey: 'next', perpage: 25 });
  });

  it('sends the URL filters and each change as query params', async () => {
    renderScreen(<TicketsPage />, {
      path: '/ticket',
      url: '/ticket?status=open&channel=whatsapp&from=2025-03-01&to=2025-03-31',
    });
    await screen.findByTestId('ticket-table');
    expect(ticketCalls()[0]).toEqual({
      perpage: 25,
      status: 'open',
      channel: 'whatsapp',
      from: '2025-03-01',
      to: '2025-03-31',
    });
    fireEvent.change(screen.getByTestId('ticket-search'), { target: { value: 'budi' } });
    await waitFor(() => expect(ticketCalls().at(-1)).toMatchObject({ searchText: 'budi' }), {
      timeout: 2_000,
    });
    fireEvent.click(screen.getByTestId('ticket-clear'));
    await waitFor(() => expect(ticketCalls().at(-1)).toEqual({ perpage: 25 }));
  });

  it('a row opens its chat', async () => {
    renderScreen(<TicketsPage />, { path: '/ticket' });
    fireEvent.click((await screen.findAllByTestId('ticket-row'))[0] as HTMLElement);
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/chat?id=0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01',
    );
  });

  it('resolve asks the spec question, then resolves as the signed-in user', async () => {
    post.mockResolvedValue({ chat: makeChat({ flag: 'gray', agentId: null, agent: null }) });
    renderScreen(<TicketsPage />, { path: '/ticket' });
    fireEvent.click((await screen.findAllByTestId('ticket-resolve'))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.resolveConfirmTitle)).toBeTruthy();
    expect(within(dialog).getByTestId('confirm-message').textContent).toBe(MESSAGES.resolveConfirm);
    // The row click must not fire too.
    expect(screen.queryByTestId('location')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('chats/resolve-ticket', {
        body: { chatId: '0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01', agentId: 'me' },
      }),
    );
  });
});
