import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CLIENT_EVENTS, MESSAGES, type Message } from '@sapa/contracts';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type * as HttpModule from '../../../lib/http';
import { api, HttpError } from '../../../lib/http';
import { i18n, setLanguage } from '../../../lib/i18n';
import type * as SocketModule from '../../../lib/socket';
import { emitWithAck } from '../../../lib/socket';
import { inboxKeys, upsertMessage, type MessagePages } from '../cache';
import {
  CHAT_ID,
  conversation,
  fakeMessageServer,
  type FakeMessageServer,
} from '../conversation/testMessages';
import { makeChat, makeMessage } from '../testFixtures';
import { Conversation } from './Conversation';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn() } };
});
vi.mock('../../../lib/socket', async (importOriginal) => {
  const actual = await importOriginal<typeof SocketModule>();
  return {
    ...actual,
    emitWithAck: vi.fn(),
    isSocketConnected: () => true,
    useConnectionState: () => 'connected',
  };
});
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
// The header's chat actions have their own tests (actions/).
vi.mock('../actions/ChatHeaderActions', () => ({ ChatHeaderActions: () => null }));

const get = vi.mocked(api.get);
const emit = vi.mocked(emitWithAck);
let server: FakeMessageServer;
const chat = makeChat({ _id: CHAT_ID, name: 'Budi Santoso' });

function Probe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function open(target: string | null, opened = chat) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui: ReactElement = (
    <>
      <Conversation chat={opened} targetMessageId={target} />
      <Probe />
    </>
  );
  const router = createMemoryRouter([{ path: '/chat', element: ui }], {
    initialEntries: [`/chat?id=${CHAT_ID}${target ? `&message=${target}` : ''}`],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return queryClient;
}

function shown(): string[] {
  return screen
    .getAllByTestId('message-bubble')
    .map((b) => b.getAttribute('data-message-id') ?? '');
}

const serverError = () => new HttpError({ status: 500, message: MESSAGES.serverNotResponding });

describe('Conversation: jump to a message (search hit)', () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    emit.mockReset();
    server = fakeMessageServer(conversation(40));
    get.mockImplementation(server.get as typeof api.get);
    emit.mockImplementation(async (event: string, payload: unknown) => {
      if (event === CLIENT_EVENTS.getIsUserInitiate) {
        return { chatId: CHAT_ID, value: true, windowEndsAt: '2999-01-01T00:00:00.000Z' };
      }
      if (event === CLIENT_EVENTS.newMessageOut) {
        const body = payload as { text: string; generatedId: string };
        return makeMessage({ _id: '41', chatId: CHAT_ID, fromMe: true, status: 'queue', ...body });
      }
      throw new Error(`unexpected ${event}`);
    });
  });

  it('opens at the target with the page before it, then pages newer until the present', async () => {
    open('20');
    await waitFor(() => expect(shown()).toHaveLength(15));
    expect(shown()[0]).toBe('6');
    expect(shown()[14]).toBe('20');
    expect(server.calls.map((c) => [c.path, c.params.startKey, c.params.perpage])).toEqual(
      expect.arrayContaining([
        ['messages/20', undefined, undefined],
        ['messages/paginate', '21', 15],
      ]),
    );
    const target = screen.getAllByTestId('message-bubble')[14] as HTMLElement;
    await waitFor(() => expect(target.hasAttribute('data-highlighted')).toBe(true));
    expect(screen.getByTestId('jump-to-latest')).toBeTruthy();

    fireEvent.click(screen.getByTestId('messages-load-newer'));
    await waitFor(() => expect(shown()).toHaveLength(30));
    expect(server.calls[server.calls.length - 1]?.params).toEqual(
      expect.objectContaining({ chatId: CHAT_ID, startKey: '20', perpage: 15, direction: 'newer' }),
    );
    fireEvent.click(screen.getByTestId('messages-load-newer'));
    await waitFor(() => expect(shown()).toHaveLength(35));
    // The newest is in: back at the present, the jump button goes.
    expect(shown()[34]).toBe('40');
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
    expect(screen.queryByTestId('messages-load-newer')).toBeNull();
  });

  it('keeps live messages out of a view of the past, and shows them once at the present', async () => {
    const queryClient = open('20');
    await waitFor(() => expect(shown()).toHaveLength(15));
    const live = makeMessage({
      _id: '41',
      chatId: CHAT_ID,
      text: 'Halo lagi',
      timestamp: Date.now(),
    });
    server.messages.push(live);
    queryClient.setQueryData<MessagePages>(inboxKeys.messages(CHAT_ID), (data) =>
      upsertMessage(data, live),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(shown()).not.toContain('41');

    fireEvent.click(screen.getByTestId('jump-to-latest'));
    await waitFor(() => expect(shown()).toContain('41'));
    expect(screen.getByTestId('location').textContent).toBe(`/chat?id=${CHAT_ID}`);
    expect(screen.getByTestId('message-list').getAttribute('data-mode')).toBe('live');
  });

  it("says 'Message not found' for an unknown message and shows the present instead", async () => {
    open('999');
    expect((await screen.findByTestId('jump-error')).textContent).toContain(
      MESSAGES.messageNotFound,
    );
    await waitFor(() => expect(shown()).toHaveLength(10));
    expect(shown()[9]).toBe('40');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('jump-error')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe(`/chat?id=${CHAT_ID}`);
  });

  it('treats a message of another chat as not found', async () => {
    server.messages.push(makeMessage({ _id: '77', chatId: 'another-chat' }));
    open('77');
    expect((await screen.findByTestId('jump-error')).textContent).toContain(
      MESSAGES.messageNotFound,
    );
  });

  it("says 'There's a problem when loading target message' when the target fails to load", async () => {
    server.fail = (call) => (call.path === 'messages/20' ? serverError() : null);
    open('20');
    expect((await screen.findByTestId('jump-error')).textContent).toContain(
      MESSAGES.targetMessageFailed,
    );
  });

  it('explains a failed newer page and retries it', async () => {
    open('20');
    await waitFor(() => expect(shown()).toHaveLength(15));
    server.fail = (call) => (call.params.direction === 'newer' ? serverError() : null);
    fireEvent.click(screen.getByTestId('messages-load-newer'));
    expect((await screen.findByTestId('messages-newer-error')).textContent).toContain(
      MESSAGES.newerMessagesFailed,
    );
    expect(shown()).toHaveLength(15);
    server.fail = () => null;
    fireEvent.click(screen.getByTestId('messages-newer-retry'));
    await waitFor(() => expect(shown()).toHaveLength(30));
  });

  it('pages older from the target too', async () => {
    open('20');
    await waitFor(() => expect(shown()).toHaveLength(15));
    fireEvent.click(screen.getByTestId('messages-load-older'));
    await waitFor(() => expect(shown()).toHaveLength(20));
    expect(shown()[0]).toBe('1');
    expect(screen.getByTestId('messages-start').textContent).toBe(MESSAGES.noMoreMessages);
  });
});

describe('Conversation: replies', () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    emit.mockReset();
    server = fakeMessageServer(conversation(40));
    get.mockImplementation(server.get as typeof api.get);
  });

  function answerSends(): { sent: unknown[] } {
    const log = { sent: [] as unknown[] };
    emit.mockImplementation(async (event: string, payload: unknown) => {
      if (event === CLIENT_EVENTS.getIsUserInitiate) {
        return { chatId: CHAT_ID, value: true, windowEndsAt: '2999-01-01T00:00:00.000Z' };
      }
      log.sent.push(payload);
      const body = payload as { text: string; generatedId: string };
      return makeMessage({ _id: '41', chatId: CHAT_ID, fromMe: true, status: 'queue', ...body });
    });
    return log;
  }

  it('replies to a bubble: quote bar, then the sent message carries replyTo', async () => {
    const log = answerSends();
    open(null);
    await waitFor(() => expect(shown()).toHaveLength(10));
    const bubble = screen.getAllByTestId('message-bubble')[8] as HTMLElement; // message 39
    fireEvent.click(bubble.querySelector('[data-testid="message-actions"]') as HTMLElement);
    fireEvent.click(await screen.findByTestId('message-reply'));
    expect(screen.getByTestId('composer-reply').textContent).toContain('Pesan 39');
    const input = screen.getByTestId('composer-input');
    fireEvent.change(input, { target: { value: 'Siap kak' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(log.sent).toHaveLength(1));
    expect(log.sent[0]).toEqual(expect.objectContaining({ text: 'Siap kak', replyTo: '39' }));
    expect(screen.queryByTestId('composer-reply')).toBeNull();
  });

  it('a quote of an unloaded message jumps to it', async () => {
    answerSends();
    const quoting: Message = {
      ...conversation(40)[39]!,
      replyTo: { _id: '3', text: 'Pesan 3', msgType: 'text', fromMe: false },
    };
    server.messages[39] = quoting;
    open(null);
    await waitFor(() => expect(shown()).toHaveLength(10));
    fireEvent.click(screen.getByTestId('message-reply-quote'));
    await waitFor(() => expect(shown()).toContain('3'));
    expect(server.calls.some((c) => c.path === 'messages/3')).toBe(true);
    expect(screen.getByTestId('message-list').getAttribute('data-mode')).toBe('jump');
  });

  it('sending from a view of the past returns to the present', async () => {
    const log = answerSends();
    open('20');
    await waitFor(() => expect(shown()).toHaveLength(15));
    const input = screen.getByTestId('composer-input');
    fireEvent.change(input, { target: { value: 'Baik' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(log.sent).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('message-list').getAttribute('data-mode')).toBe('live'),
    );
    await waitFor(() => expect(shown()).toContain('41'));
  });
});

describe('Conversation: a number linked by QR code (WhatsApp basic)', () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    emit.mockReset();
    server = fakeMessageServer(conversation(5));
    get.mockImplementation(server.get as typeof api.get);
    emit.mockImplementation(async (event: string, payload: unknown) => {
      if (event === CLIENT_EVENTS.newMessageOut) {
        const body = payload as { text: string; generatedId: string };
        return makeMessage({ _id: '41', chatId: CHAT_ID, fromMe: true, status: 'queue', ...body });
      }
      throw new Error(`unexpected ${event}`);
    });
  });

  it('shows no 24-hour window, says so, never asks for one, and sends', async () => {
    open(null, makeChat({ _id: CHAT_ID, name: 'Budi Santoso', channel: 'whatsapp_basic' }));
    const strip = await screen.findByTestId('window-strip');
    expect(strip.getAttribute('data-window')).toBe('unbounded');
    expect(strip.textContent).toBe('No reply window · reply any time');
    const input = screen.getByTestId('composer-input');
    fireEvent.change(input, { target: { value: 'Siap kak' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(emit).toHaveBeenCalledWith(
        CLIENT_EVENTS.newMessageOut,
        expect.objectContaining({ text: 'Siap kak' }),
      ),
    );
    expect(emit.mock.calls.some(([event]) => event === CLIENT_EVENTS.getIsUserInitiate)).toBe(
      false,
    );
  });
});
