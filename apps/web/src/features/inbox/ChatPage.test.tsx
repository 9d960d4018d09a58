import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CLIENT_EVENTS, MESSAGES, type Chat, type Message } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import type * as SocketModule from '../../lib/socket';
import { emitWithAck, SocketAckError } from '../../lib/socket';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { ChatPage } from './ChatPage';
import { makeChat, makeMessage } from './testFixtures';

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
    isSocketConnected: () => true,
    useConnectionState: () => 'connected',
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const get = vi.mocked(api.get);
const emit = vi.mocked(emitWithAck);

function serve(chats: Chat[], messages: Message[]) {
  get.mockImplementation(async (path: string) => {
    if (path === 'chats/paginate') return { data: chats, nextKey: null };
    if (path === 'messages/paginate') return { data: messages, nextKey: null };
    throw new Error(`unexpected ${path}`);
  });
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

describe('ChatPage', () => {
  const chat = makeChat({ unreadCount: 2 });

  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    emit.mockReset();
    vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ allChat: false }) }));
  });

  it('lists the chats for MINE when the user has no allChat, with the empty conversation', async () => {
    serve([chat], []);
    answer({ value: true });
    renderScreen(<ChatPage />, { path: '/chat' });
    await screen.findByTestId('chat-row');
    expect(get).toHaveBeenCalledWith(
      'chats/paginate',
      expect.objectContaining({
        params: expect.objectContaining({ perpage: 50, assignee: 'MINE' }),
      }),
    );
    expect(screen.getByTestId('conversation-empty').textContent).toContain('Your chat is waiting');
  });

  it('opens a chat (openChat), then sends: optimistic bubble replaced by the ack', async () => {
    serve([chat], [makeMessage({ _id: '1', text: 'Halo, stok ada?' })]);
    const sent = makeMessage({ _id: '2', fromMe: true, status: 'queue', text: 'Ada kak' });
    let payload: { generatedId?: string } = {};
    answer({ value: true }, (p) => {
      payload = p as { generatedId?: string };
      return { ...sent, generatedId: payload.generatedId ?? null };
    });
    renderScreen(<ChatPage />, { path: '/chat' });
    fireEvent.click(await screen.findByTestId('chat-row'));

    const conversation = await screen.findByTestId('conversation');
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
    serve([chat], []);
    answer({ value: false });
    renderScreen(<ChatPage />, { path: '/chat', url: `/chat?id=${chat._id}` });
    const notice = await screen.findByTestId('window-closed-notice');
    expect(notice.textContent).toContain(MESSAGES.windowClosed);
    expect((screen.getByTestId('composer-input') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('marks a refused send failed and closes the window', async () => {
    serve([chat], []);
    answer({ value: true }, () => new SocketAckError(MESSAGES.windowClosedCode, 'WINDOW_CLOSED'));
    renderScreen(<ChatPage />, { path: '/chat', url: `/chat?id=${chat._id}` });
    const input = await screen.findByTestId('composer-input');
    await waitFor(() =>
      expect(emit).toHaveBeenCalledWith(CLIENT_EVENTS.getIsUserInitiate, { chatId: chat._id }),
    );
    fireEvent.change(input, { target: { value: 'Halo' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByTestId('window-closed-notice');
    expect(screen.getByTestId('message-bubble').getAttribute('data-status')).toBe('failed');
  });
});
