import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type Chat, type Label } from '@sapa/contracts';
import { I18nextProvider } from 'react-i18next';
import { useSession } from '../../../app/session';
import type * as HttpModule from '../../../lib/http';
import { api, HttpError } from '../../../lib/http';
import { i18n, setLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type * as SocketModule from '../../../lib/socket';
import { emitWithAck } from '../../../lib/socket';
import { makeUser } from '../../../test/fixtures';
import { makeSession } from '../../shared/test-utils';
import { DEFAULT_CHAT_FILTER, inboxKeys, type ChatFilter, type ChatPages } from '../cache';
import { chatPages, makeChat } from '../testFixtures';
import { ChatHeaderActions } from './ChatHeaderActions';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
let socketUp = false;
vi.mock('../../../lib/socket', async (importOriginal) => {
  const actual = await importOriginal<typeof SocketModule>();
  return { ...actual, emitWithAck: vi.fn(), isSocketConnected: () => socketUp };
});
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../../app/session', () => ({ useSession: vi.fn() }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const CHAT_ID = '0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01';
const LABEL_ID = '7e2d1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c';
const ALL: ChatFilter = { ...DEFAULT_CHAT_FILTER, assignee: 'ALL' };
const ARCHIVE: ChatFilter = { ...ALL, isArchive: true };

const vip: Label = {
  _id: LABEL_ID,
  label: 'VIP',
  color: '#fa5252',
  chatCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function setup(chat: Chat, role: 'agent' | 'supervisor' = 'agent') {
  vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ _id: 'user-1', role }) }));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData<ChatPages>(inboxKeys.chatList(ALL), chatPages([chat]));
  queryClient.setQueryData<ChatPages>(inboxKeys.chatList(ARCHIVE), chatPages([]));
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <ChatHeaderActions chat={chat} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  const ids = (filter: ChatFilter) =>
    queryClient
      .getQueryData<ChatPages>(inboxKeys.chatList(filter))
      ?.pages.flatMap((p) => p.data.map((c) => c._id));
  return { queryClient, ids };
}

async function dialog() {
  const box = await screen.findByRole('dialog');
  return { box, message: within(box).getByTestId('confirm-message').textContent };
}

async function openMenuItem(testId: string) {
  fireEvent.click(screen.getByTestId('chat-actions-menu'));
  fireEvent.click(await screen.findByTestId(testId));
}

describe('ChatHeaderActions', { timeout: 20_000 }, () => {
  const chat = makeChat({ _id: CHAT_ID });

  beforeEach(async () => {
    await setLanguage('en');
    socketUp = false;
    get.mockReset();
    post.mockReset();
    vi.mocked(emitWithAck).mockReset();
    vi.mocked(notifyError).mockReset();
    vi.mocked(notifySuccess).mockReset();
    get.mockImplementation(async (path: string) => {
      if (path === 'labels') return { data: [vip], total: 1 };
      if (path === 'users/agent')
        return { data: [makeUser({ _id: 'a2', name: 'Rina Agent', role: 'agent' })] };
      if (path === 'division') return { data: [] };
      throw new Error(`unexpected GET ${path}`);
    });
  });

  it('resolve asks "Resolve Confirmation" / "Are you sure to resolve this ticket?" then posts', async () => {
    post.mockResolvedValue({ chat: { ...chat, flag: 'gray', agentId: null, agent: null } });
    setup(chat);
    fireEvent.click(screen.getByTestId('action-resolve'));
    const { box, message } = await dialog();
    expect(within(box).getByText(MESSAGES.resolveConfirmTitle)).toBeTruthy();
    expect(message).toBe(MESSAGES.resolveConfirm);
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(box).getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('chats/resolve-ticket', {
        body: { chatId: CHAT_ID, agentId: 'user-1' },
      }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Ticket resolved'));
  });

  it('a failed resolve says "Failed to resolve ticket, Please try again later"', async () => {
    post.mockRejectedValue(new HttpError({ status: 500, message: MESSAGES.someError }));
    setup(chat);
    fireEvent.click(screen.getByTestId('action-resolve'));
    fireEvent.click(within((await dialog()).box).getByTestId('confirm-ok'));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(MESSAGES.resolveTicketFailed));
  });

  it('cancelling a confirmation sends nothing', async () => {
    setup(chat);
    await openMenuItem('action-block');
    const { box } = await dialog();
    fireEvent.click(within(box).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });

  it('block asks "Are you sure you want to block this contact?" and the chat leaves the list', async () => {
    post.mockResolvedValue({ chat: { ...chat, blocked: true } });
    const { ids } = setup(chat);
    await openMenuItem('action-block');
    const { box, message } = await dialog();
    expect(message).toBe(MESSAGES.blockConfirm);
    fireEvent.click(within(box).getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('chats/block', { body: { chatId: CHAT_ID } }),
    );
    await waitFor(() => expect(ids(ALL)).toEqual([]));
  });

  it('archive asks "Are you sure you want to archive this chat?" and goes over the socket', async () => {
    socketUp = true;
    vi.mocked(emitWithAck).mockResolvedValue({ chat: { ...chat, isArchive: true } });
    const { ids } = setup(chat);
    await openMenuItem('action-archive');
    const { box, message } = await dialog();
    expect(message).toBe(MESSAGES.archiveConfirm);
    fireEvent.click(within(box).getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(emitWithAck).toHaveBeenCalledWith('archive.chat', { chatId: CHAT_ID }),
    );
    // Out of the inbox, into the archive view.
    await waitFor(() => expect(ids(ALL)).toEqual([]));
    expect(ids(ARCHIVE)).toEqual([CHAT_ID]);
    expect(post).not.toHaveBeenCalled();
  });

  it('unarchive asks "Are you sure you want to unarchive this chat?"', async () => {
    setup({ ...chat, isArchive: true });
    await openMenuItem('action-unarchive');
    expect((await dialog()).message).toBe(MESSAGES.unarchiveConfirm);
  });

  it('shows the confirmations in Indonesian', async () => {
    await setLanguage('id');
    setup(chat);
    fireEvent.click(screen.getByTestId('action-resolve'));
    const { box, message } = await dialog();
    expect(within(box).getByText('Konfirmasi Penyelesaian')).toBeTruthy();
    expect(message).toBe('Apakah Anda yakin ingin menyelesaikan tiket ini?');
  });

  it('a gray (resolved) chat offers no resolve', () => {
    setup({ ...chat, flag: 'gray' });
    expect(screen.queryByTestId('action-resolve')).toBeNull();
  });

  it("labels: ticking one posts the chat's new label ids", async () => {
    post.mockResolvedValue({ chat: { ...chat, label: [LABEL_ID] } });
    setup(chat);
    fireEvent.click(screen.getByTestId('action-labels'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'VIP', hidden: true }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('chats/labels', {
        body: { chatId: CHAT_ID, labelIds: [LABEL_ID] },
      }),
    );
    // Agents may not create labels; managers may.
    fireEvent.change(screen.getByTestId('labels-search'), { target: { value: 'Refund' } });
    expect(screen.queryByTestId('labels-create')).toBeNull();
  });

  it('labels: a supervisor creates a missing label and applies it', async () => {
    const created = { ...vip, _id: '8e2d1c3b-4a01-4a55-9f5e-0b9f4a1e6d1c', label: 'Refund' };
    post.mockImplementation(async (path: string) => {
      if (path === 'labels') return created;
      return { chat: { ...chat, label: [created._id] } };
    });
    setup(chat, 'supervisor');
    fireEvent.click(screen.getByTestId('action-labels'));
    fireEvent.change(await screen.findByTestId('labels-search'), { target: { value: 'Refund' } });
    fireEvent.click(screen.getByTestId('labels-create'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('chats/labels', {
        body: { chatId: CHAT_ID, labelIds: [created._id] },
      }),
    );
    expect(post).toHaveBeenCalledWith('labels', {
      body: { label: 'Refund', color: expect.stringMatching(/^#[0-9a-f]{6}$/) },
    });
  });

  it('flag: choosing green posts it', async () => {
    post.mockResolvedValue({ chat: { ...chat, flag: 'green' } });
    setup(chat);
    fireEvent.click(screen.getByTestId('action-flag'));
    fireEvent.click(await screen.findByTestId('flag-green'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('chats/flag', { body: { chatId: CHAT_ID, flag: 'green' } }),
    );
  });

  it('assign: picking an agent posts the assignment', async () => {
    post.mockResolvedValue({
      chat: { ...chat, agentId: 'a2', agent: { _id: 'a2', name: 'Rina Agent' } },
    });
    setup(chat);
    fireEvent.click(screen.getByTestId('action-assign'));
    const modal = await screen.findByRole('dialog');
    const select = within(modal).getByTestId('assign-agent');
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: /Rina Agent/, hidden: true }));
    fireEvent.click(within(modal).getByTestId('assign-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('chats/assign', {
        body: { chatId: CHAT_ID, agentId: 'a2' },
      }),
    );
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith('Conversation assigned to Rina Agent', {
        id: `assign-${CHAT_ID}`,
      }),
    );
  });
});
