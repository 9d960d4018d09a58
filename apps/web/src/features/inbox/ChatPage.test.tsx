import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CLIENT_EVENTS, MESSAGES, type Chat, type Message } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import type * as SocketModule from '../../lib/socket';
import { emitWithAck, SocketAckError } from '../../lib/socket';
import { setChatState } from '../../lib/storage';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { ChatPage } from './ChatPage';
import { fakeLayout } from './testLayout';
import { makeChat, makeMessage } from './testFixtures';
import { fakeGet, makeLabel, type FakeInbox } from './testServer';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/socket', async (importOriginal) => {
  const actual = await importOriginal<typeof SocketModule>();
  return {
    ...actual,
    connectSocket: vi.fn(),
    setActiveChat: vi.fn(),
    emitWithAck: vi.fn(),
    onServerEvent: vi.fn(() => () => undefined),
    isSocketConnected: () => true,
    useConnectionState: () => 'connected',
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const get = vi.mocked(api.get);
const emit = vi.mocked(emitWithAck);

function serve(fake: Partial<FakeInbox> & { chats: Chat[] }, messages: Message[] = []) {
  get.mockImplementation(fakeGet({ messages, ...fake }) as typeof api.get);
}

function answer(window: { value: boolean }, sent?: (payload: unknown) => Message | Error) {
  emit.mockImplementation(async (event: string, payload: unknown) => {
    const chatId = (payload as { chatId: string }).chatId;
    if (event === CLIENT_EVENTS.openChat) return makeChat({ _id: chatId });
    if (event === CLIENT_EVENTS.getIsUserInitiate) {
      return {
        chatId,
        value: window.value,
        windowEndsAt: window.value ? '2999-01-01T00:00:00.000Z' : null,
      };
    }
    const result = sent?.(payload);
    if (!result) throw new Error(`unexpected ${event}`);
    if (result instanceof Error) throw result;
    return result;
  });
}

/** The query string of every chats/paginate call so far. */
function chatListCalls(): Record<string, unknown>[] {
  return get.mock.calls
    .filter(([path]) => path === 'chats/paginate')
    .map(([, options]) => options?.params ?? {});
}

const chatId = (n: number) => `0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a${String(n).padStart(2, '0')}`;
/** The conversation pane (another screen's work) takes a while to settle under a loaded runner. */
const SLOW = { timeout: 5000 };

const manyChats = (n: number) =>
  Array.from({ length: n }, (_, i) => makeChat({ _id: chatId(i), name: `Pelanggan ${i}` }));

describe('ChatPage', () => {
  const chat = makeChat({ unreadCount: 2 });

  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    emit.mockReset();
    fakeLayout();
    vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ allChat: false }) }));
  });

  it('lists the chats for MINE when the user has no allChat, with the empty conversation', async () => {
    serve({ chats: [chat] });
    answer({ value: true });
    renderScreen(<ChatPage />, { path: '/chat' });
    await screen.findByTestId('chat-row');
    expect(get).toHaveBeenCalledWith(
      'chats/paginate',
      expect.objectContaining({
        params: expect.objectContaining({ perpage: 50, assignee: 'MINE', isArchive: false }),
        timeout: 12_000,
      }),
    );
    expect(screen.getByTestId('conversation-empty').textContent).toContain('Your chat is waiting');
  });

  it('starts with ALL for a user with allChat, and with the stored view over both', async () => {
    vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ allChat: true }) }));
    serve({ chats: [chat] });
    const first = renderScreen(<ChatPage />, { path: '/chat' });
    await screen.findByTestId('chat-row');
    expect(chatListCalls()[0]).toMatchObject({ assignee: 'ALL' });
    first.unmount();

    get.mockClear();
    setChatState({ assignee: 'UNASSIGNED', filters: { unread: true, flag: 'red' } });
    renderScreen(<ChatPage />, { path: '/chat' });
    await screen.findByTestId('chat-row');
    expect(chatListCalls()[0]).toMatchObject({ assignee: 'UNASSIGNED', unread: true, flag: 'red' });
    // Each active filter shows as a removable chip.
    expect(screen.getAllByTestId('chat-filter-chip').map((c) => c.dataset.filter)).toEqual([
      'flag',
      'unread',
    ]);
  });

  it('passes a filter picked in the menu to the server and remembers it', async () => {
    serve({ chats: [chat] });
    renderScreen(<ChatPage />, { path: '/chat' });
    await screen.findByTestId('chat-row');
    fireEvent.click(screen.getByTestId('chat-filter-button'));
    fireEvent.click(await screen.findByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(chatListCalls().at(-1)).toMatchObject({ unread: true }));
    const stored = JSON.parse(localStorage.getItem('sapa.chatState') ?? '{}') as object;
    expect(stored).toMatchObject({ filters: { unread: true } });
    // The default view is not stored: it keeps following the user's allChat setting.
    expect(stored).not.toHaveProperty('assignee');

    // Removing the chip goes back to the unfiltered list (still cached, so no new request).
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Unread only' }));
    await waitFor(() => expect(screen.queryByTestId('chat-filter-chip')).toBeNull());
    expect(JSON.parse(localStorage.getItem('sapa.chatState') ?? '{}')).toMatchObject({
      filters: { unread: false },
    });
  });

  it('shows a friendly empty state with a reset when the filters match nothing', async () => {
    setChatState({ filters: { label: makeLabel()._id } });
    serve({ chats: [], labels: [makeLabel()] });
    renderScreen(<ChatPage />, { path: '/chat' });
    const empty = await screen.findByTestId('chat-list-empty');
    expect(empty.textContent).toContain('No chats match these filters');
    expect(screen.getByTestId('chat-filter-chip').textContent).toContain('VIP');
    fireEvent.click(screen.getByTestId('chat-list-reset'));
    await waitFor(() => expect(chatListCalls().at(-1)?.label).toBeUndefined());
    expect(screen.queryByTestId('chat-filter-chip')).toBeNull();
  });

  it('says the server is not responding when the first page fails, and retries', async () => {
    serve({ chats: [], chatsError: new HttpError({ status: 500, message: 'boom' }) });
    renderScreen(<ChatPage />, { path: '/chat' });
    const error = await screen.findByTestId('chat-list-error');
    expect(error.textContent).toBe(MESSAGES.serverNotResponding);
    serve({ chats: [chat] });
    fireEvent.click(screen.getByTestId('chat-list-error-retry'));
    await screen.findByTestId('chat-row');
  });

  it('loads more on scroll (20 per page) and offers a retry when that fails', async () => {
    serve({ chats: manyChats(3), moreChats: new HttpError({ status: 0, message: 'x' }) });
    renderScreen(<ChatPage />, { path: '/chat' });
    // The whole first page is in view, so the list asks for the next one by itself.
    const error = await screen.findByTestId('chat-list-more-error');
    expect(error.textContent).toBe(MESSAGES.loadMoreChatsFailed);
    expect(chatListCalls()[1]).toMatchObject({ perpage: 20, startKey: 'k1' });
    expect(screen.getAllByTestId('chat-row')).toHaveLength(3);

    serve({ chats: manyChats(3), moreChats: [makeChat({ _id: chatId(90), name: 'Older' })] });
    fireEvent.click(screen.getByTestId('chat-list-more-error-retry'));
    await waitFor(() => expect(screen.getAllByTestId('chat-row')).toHaveLength(4));
    expect(screen.queryByTestId('chat-list-more-error')).toBeNull();
  });

  it('draws only the rows in view when thousands of chats are loaded', async () => {
    serve({ chats: manyChats(2000) });
    renderScreen(<ChatPage />, { path: '/chat' });
    await screen.findAllByTestId('chat-row');
    const drawn = screen.getAllByTestId('chat-row').length;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(40);
  });

  it('moves between chats with Up and Down, but not while typing', async () => {
    const chats = manyChats(3);
    serve({ chats });
    answer({ value: true });
    renderScreen(<ChatPage />, { path: '/chat' });
    await screen.findAllByTestId('chat-row');
    const selected = () =>
      screen
        .getAllByTestId('chat-row')
        .find((r) => r.getAttribute('aria-current') === 'true')
        ?.getAttribute('data-chat-id');

    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    await waitFor(() => expect(selected()).toBe(chatId(0)));
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    await waitFor(() => expect(selected()).toBe(chatId(1)));
    fireEvent.keyDown(document.body, { key: 'ArrowUp' });
    await waitFor(() => expect(selected()).toBe(chatId(0)));

    fireEvent.keyDown(screen.getByTestId('chat-search'), { key: 'ArrowDown' });
    expect(selected()).toBe(chatId(0));
    expect(emit).toHaveBeenCalledWith(CLIENT_EVENTS.openChat, { chatId: chatId(1) });
  });

  it('opens a chat (openChat), then sends: optimistic bubble replaced by the ack', async () => {
    serve({ chats: [chat] }, [makeMessage({ _id: '1', text: 'Halo, stok ada?' })]);
    const sent = makeMessage({ _id: '2', fromMe: true, status: 'queue', text: 'Ada kak' });
    let payload: { generatedId?: string } = {};
    answer({ value: true }, (p) => {
      payload = p as { generatedId?: string };
      return { ...sent, generatedId: payload.generatedId ?? null };
    });
    renderScreen(<ChatPage />, { path: '/chat' });
    fireEvent.click(await screen.findByTestId('chat-row'));

    const conversation = await screen.findByTestId('conversation', {}, SLOW);
    await within(conversation).findByText('Halo, stok ada?');
    expect(emit).toHaveBeenCalledWith(CLIENT_EVENTS.openChat, { chatId: chat._id });
    // Opening clears the unread mark at once.
    expect(screen.queryByTestId('chat-row-unread')).toBeNull();

    const input = screen.getByTestId('composer-input');
    fireEvent.change(input, { target: { value: 'Ada kak' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    await waitFor(() => {
      const mine = screen
        .getAllByTestId('message-bubble')
        .filter((b) => b.getAttribute('data-from-me') === 'true');
      expect(mine).toHaveLength(1);
      expect(mine[0]?.getAttribute('data-message-id')).toBe('2');
    });
    expect(emit).toHaveBeenCalledWith(
      CLIENT_EVENTS.newMessageOut,
      expect.objectContaining({
        chatId: chat._id,
        text: 'Ada kak',
        generatedId: payload.generatedId,
      }),
    );
  });

  it('locks the composer when the window is closed, and when a send is refused for it', async () => {
    serve({ chats: [chat] });
    answer({ value: false });
    renderScreen(<ChatPage />, { path: '/chat', url: `/chat?id=${chat._id}` });
    const notice = await screen.findByTestId('window-closed-notice', {}, SLOW);
    expect(notice.textContent).toContain(MESSAGES.windowClosed);
    expect((screen.getByTestId('composer-input') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('marks a refused send failed and closes the window', async () => {
    serve({ chats: [chat] });
    answer({ value: true }, () => new SocketAckError(MESSAGES.windowClosedCode, 'WINDOW_CLOSED'));
    renderScreen(<ChatPage />, { path: '/chat', url: `/chat?id=${chat._id}` });
    const input = await screen.findByTestId('composer-input', {}, SLOW);
    await waitFor(() =>
      expect(emit).toHaveBeenCalledWith(CLIENT_EVENTS.getIsUserInitiate, { chatId: chat._id }),
    );
    fireEvent.change(input, { target: { value: 'Halo' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByTestId('window-closed-notice', {}, SLOW);
    expect(screen.getByTestId('message-bubble').getAttribute('data-status')).toBe('failed');
  });
});
