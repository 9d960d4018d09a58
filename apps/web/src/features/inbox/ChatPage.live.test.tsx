// ChatPage's search, browser notifications and tab title (spec §2, §8, §9).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CLIENT_EVENTS, MESSAGES, SERVER_EVENTS, type Chat } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import type * as SocketModule from '../../lib/socket';
import { emitWithAck, onServerEvent } from '../../lib/socket';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { ChatPage } from './ChatPage';
import { fakeLayout } from './testLayout';
import { makeChat, makeMessage } from './testFixtures';
import { FakeNotification, installFakeNotification } from './testNotification';
import { fakeGet, type FakeInbox } from './testServer';

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
    onServerEvent: vi.fn(),
    isSocketConnected: () => true,
    useConnectionState: () => 'connected',
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const get = vi.mocked(api.get);
const emit = vi.mocked(emitWithAck);
let listeners: Map<string, Set<(payload: unknown) => void>>;

function serve(fake: Partial<FakeInbox> & { chats: Chat[] }) {
  get.mockImplementation(fakeGet({ messages: [], ...fake }) as typeof api.get);
}

/** Delivers a server event to whatever the page subscribed through onServerEvent. */
function deliver(event: string, payload: unknown) {
  for (const listener of listeners.get(event) ?? []) listener(payload);
}

const budi = makeChat({ _id: '0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01', name: 'Budi Santoso' });
const rina = makeChat({ _id: '0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a02', name: 'Rina Kusuma' });

beforeEach(async () => {
  await setLanguage('en');
  get.mockReset();
  emit.mockReset();
  emit.mockImplementation(async (event: string, payload: unknown) => {
    const chatId = (payload as { chatId: string }).chatId;
    if (event === CLIENT_EVENTS.openChat) return chatId === rina._id ? rina : budi;
    return { chatId, value: true, windowEndsAt: '2999-01-01T00:00:00.000Z' };
  });
  listeners = new Map();
  vi.mocked(onServerEvent).mockImplementation((event, listener) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  });
  fakeLayout();
  document.title = 'Sapa';
  vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ allChat: true }) }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('search', () => {
  const hit = makeMessage({
    _id: '4242',
    chatId: rina._id,
    text: 'Apakah stok kaos merah masih ada?',
  });

  it('finds chats (150) and messages (10) and marks the match; a hit opens its chat there', async () => {
    serve({ chats: [budi], hits: { data: [hit], chats: [rina] } });
    renderScreen(<ChatPage />, { path: '/chat' });
    await screen.findByTestId('chat-row');
    fireEvent.change(screen.getByTestId('chat-search'), { target: { value: ' stok ' } });

    const found = await screen.findByTestId('message-hit');
    expect(found.textContent).toContain('Rina Kusuma');
    const marks = screen.getByTestId('message-hit-snippet').querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['stok']);
    expect(get).toHaveBeenCalledWith(
      'chats/paginate',
      expect.objectContaining({
        params: expect.objectContaining({ searchText: 'stok', perpage: 150 }),
      }),
    );
    expect(get).toHaveBeenCalledWith(
      'messages/paginate',
      expect.objectContaining({
        params: expect.objectContaining({ searchText: 'stok', perpage: 10 }),
      }),
    );

    fireEvent.click(found);
    await waitFor(() =>
      expect(emit).toHaveBeenCalledWith(CLIENT_EVENTS.openChat, { chatId: rina._id }),
    );
    expect(screen.getByTestId('message-hit').getAttribute('data-selected')).toBe('true');
  });

  it('says so when nothing matches, and Esc closes the results', async () => {
    serve({ chats: [] });
    renderScreen(<ChatPage />, { path: '/chat' });
    await screen.findByTestId('chat-list-empty');
    serve({ chats: [], hits: { data: [], chats: [] } });
    fireEvent.change(screen.getByTestId('chat-search'), { target: { value: 'zzz' } });
    await waitFor(() =>
      expect(screen.getByTestId('chat-list-empty').textContent).toContain('Nothing found for'),
    );
    fireEvent.keyDown(screen.getByTestId('chat-search'), { key: 'Escape' });
    await waitFor(() =>
      expect((screen.getByTestId('chat-search') as HTMLInputElement).value).toBe(''),
    );
    expect(screen.getByTestId('chat-list-empty').textContent).toContain('No chats yet');
  });

  it('searches chat names only for a single character', async () => {
    serve({ chats: [budi] });
    renderScreen(<ChatPage />, { path: '/chat' });
    await screen.findByTestId('chat-row');
    fireEvent.change(screen.getByTestId('chat-search'), { target: { value: 'b' } });
    await screen.findByTestId('m-short-note');
    expect(get.mock.calls.some(([path]) => path === 'messages/paginate')).toBe(false);
  });
});

describe('notifications and the tab title', () => {
  it('notifies a customer message in another chat, not in the one on screen', async () => {
    installFakeNotification('granted');
    serve({ chats: [budi, rina] });
    renderScreen(<ChatPage />, { path: '/chat', url: `/chat?id=${budi._id}` });
    await screen.findAllByTestId('chat-row');

    deliver(SERVER_EVENTS.newMessageIn, {
      chat: budi,
      message: makeMessage({ chatId: budi._id, text: 'Di chat yang terbuka' }),
    });
    expect(FakeNotification.shown).toHaveLength(0);

    deliver(SERVER_EVENTS.newMessageIn, {
      chat: rina,
      message: makeMessage({ _id: '7', chatId: rina._id, text: 'Halo kak, pesanan saya?' }),
    });
    expect(FakeNotification.shown.map((n) => [n.title, n.options.body])).toEqual([
      ['Rina Kusuma', 'Halo kak, pesanan saya?'],
    ]);
    // Our own replies never notify.
    deliver(SERVER_EVENTS.newMessageIn, {
      chat: rina,
      message: makeMessage({ _id: '8', chatId: rina._id, fromMe: true }),
    });
    expect(FakeNotification.shown).toHaveLength(1);

    // A click opens that chat.
    FakeNotification.shown[0]?.onclick?.();
    await waitFor(() =>
      expect(emit).toHaveBeenCalledWith(CLIENT_EVENTS.openChat, { chatId: rina._id }),
    );
  });

  it('puts the unread count in the tab title and keeps it live', async () => {
    serve({ chats: [budi], unread: 3 });
    const view = renderScreen(<ChatPage />, { path: '/chat' });
    await waitFor(() => expect(document.title).toBe('(3) Sapa'));
    expect(screen.getByTestId('chat-unread-total').textContent).toBe('3');

    serve({ chats: [budi], unread: 4 });
    deliver(SERVER_EVENTS.newMessageIn, { chat: budi, message: makeMessage() });
    await waitFor(() => expect(document.title).toBe('(4) Sapa'), { timeout: 3000 });

    view.unmount();
    expect(document.title).toBe('Sapa');
  });

  it('asks politely, and shows the spec message when the browser refuses', async () => {
    installFakeNotification('default', 'denied');
    serve({ chats: [budi] });
    renderScreen(<ChatPage />, { path: '/chat' });
    const prompt = await screen.findByTestId('notification-prompt');
    fireEvent.click(prompt.querySelector('button') as HTMLButtonElement);
    const denied = await screen.findByTestId('notification-denied');
    expect(denied.textContent).toContain(MESSAGES.allowNotification);
    expect(FakeNotification.requestPermission).toHaveBeenCalledOnce();
    expect(notifyError).toHaveBeenCalledWith(MESSAGES.allowNotification);
  });

  it('says nothing once notifications are allowed, or where they do not exist', async () => {
    installFakeNotification('granted');
    serve({ chats: [budi] });
    const view = renderScreen(<ChatPage />, { path: '/chat' });
    await screen.findByTestId('chat-row');
    expect(screen.queryByTestId('notification-prompt')).toBeNull();
    expect(screen.queryByTestId('notification-denied')).toBeNull();
    view.unmount();

    installFakeNotification('denied');
    renderScreen(<ChatPage />, { path: '/chat' });
    expect((await screen.findByTestId('notification-denied')).textContent).toContain(
      MESSAGES.allowNotification,
    );
  });
});
