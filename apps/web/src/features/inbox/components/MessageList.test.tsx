import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@sapa/contracts';
import type * as HttpModule from '../../../lib/http';
import { api, HttpError } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import {
  CHAT_ID,
  conversation,
  fakeMessageServer,
  type FakeMessageServer,
} from '../conversation/testMessages';
import { makeMessage } from '../testFixtures';
import { MessageList } from './MessageList';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn() } };
});

const get = vi.mocked(api.get);
let server: FakeMessageServer;

function serve(messages = conversation(40)) {
  server = fakeMessageServer(messages);
  get.mockImplementation(server.get as typeof api.get);
}

function shown(): string[] {
  return screen
    .getAllByTestId('message-bubble')
    .map((b) => b.getAttribute('data-message-id') ?? '');
}

function list(props: Partial<Parameters<typeof MessageList>[0]> = {}) {
  return renderScreen(
    <MessageList
      chatId={CHAT_ID}
      targetId={null}
      onLeaveTarget={vi.fn()}
      onJumpTo={vi.fn()}
      {...props}
    />,
  );
}

const serverError = () => new HttpError({ status: 500, message: MESSAGES.serverNotResponding });

// jsdom has no layout: give every bubble 50px so the scroll position can be checked.
const scrollHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.querySelectorAll('[data-testid="message-bubble"]').length * 50;
    },
  });
});
afterAll(() => {
  if (scrollHeight) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', scrollHeight);
});

describe('MessageList paging (spec §9: 10 first, 15 per load-more)', () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
  });

  it('shows the newest 10, scrolled to the bottom', async () => {
    serve();
    list();
    await waitFor(() => expect(shown()).toHaveLength(10));
    expect(shown()[0]).toBe('31');
    expect(shown()[9]).toBe('40');
    expect(server.calls[0]).toEqual({
      path: 'messages/paginate',
      params: expect.objectContaining({ chatId: CHAT_ID, perpage: 10 }),
    });
    expect(screen.getByTestId('message-list').scrollTop).toBe(500);
  });

  it('loads 15 older when scrolled to the top, keeping the reader in place', async () => {
    serve();
    list();
    await waitFor(() => expect(shown()).toHaveLength(10));
    const el = screen.getByTestId('message-list');
    el.scrollTop = 20;
    fireEvent.scroll(el);
    await waitFor(() => expect(shown()).toHaveLength(25));
    expect(server.calls[1]?.params).toEqual(
      expect.objectContaining({ chatId: CHAT_ID, perpage: 15, startKey: '31' }),
    );
    expect(shown()[0]).toBe('16');
    // 15 bubbles (750px) arrived above: the same messages stay under the reader's eyes.
    expect(el.scrollTop).toBe(770);
  });

  it("says 'No more messages to load' at the start of the conversation", async () => {
    serve(conversation(12));
    list();
    await waitFor(() => expect(shown()).toHaveLength(10));
    fireEvent.click(screen.getByTestId('messages-load-older'));
    await waitFor(() => expect(shown()).toHaveLength(12));
    expect(screen.getByTestId('messages-start').textContent).toBe(MESSAGES.noMoreMessages);
    expect(screen.queryByTestId('messages-load-older')).toBeNull();
  });

  it('says nothing at the top of a new conversation nobody asked more of', async () => {
    serve(conversation(3));
    list();
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(screen.queryByTestId('messages-start')).toBeNull();
    expect(screen.queryByTestId('messages-load-older')).toBeNull();
  });

  it("says 'No messages to load' for an empty chat", async () => {
    serve([]);
    list();
    expect((await screen.findByTestId('messages-start')).textContent).toBe(MESSAGES.noMessages);
  });

  it('explains a failed load-more and retries it', async () => {
    serve();
    list();
    await waitFor(() => expect(shown()).toHaveLength(10));
    server.fail = (call) => (call.params.startKey ? serverError() : null);
    fireEvent.click(screen.getByTestId('messages-load-older'));
    expect((await screen.findByTestId('messages-older-error')).textContent).toContain(
      MESSAGES.loadMoreMessagesFailed,
    );
    expect(shown()).toHaveLength(10);
    server.fail = () => null;
    fireEvent.click(screen.getByTestId('messages-older-retry'));
    await waitFor(() => expect(shown()).toHaveLength(25));
    expect(screen.queryByTestId('messages-older-error')).toBeNull();
  });

  it("says 'Our server is not responding properly' when the first load fails", async () => {
    serve();
    server.fail = () => serverError();
    list();
    expect((await screen.findByTestId('messages-error')).textContent).toBe(
      MESSAGES.serverNotResponding,
    );
    server.fail = () => null;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shown()).toHaveLength(10));
  });

  it('puts day separators between days (Yesterday, Today) and folds reactions into bubbles', async () => {
    const now = Date.now();
    // Days are the account's (Asia/Jakarta, no summer time): 24 hours ago is yesterday there.
    const yesterday = new Date(now - 24 * 60 * 60_000);
    serve([
      makeMessage({ _id: '1', chatId: CHAT_ID, text: 'Kemarin', timestamp: yesterday.getTime() }),
      makeMessage({
        _id: '2',
        chatId: CHAT_ID,
        text: 'Hari ini',
        fromMe: true,
        status: 'read',
        providerMessageId: 'wamid.out2',
        timestamp: now - 60_000,
      }),
      makeMessage({
        _id: '3',
        chatId: CHAT_ID,
        msgType: 'information',
        text: 'Reacted 👍 to a message',
        payload: { reaction: { emoji: '👍', targetProviderId: 'wamid.out2' } },
        timestamp: now,
      }),
    ]);
    list();
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(screen.getAllByTestId('day-separator').map((s) => s.textContent)).toEqual([
      'Yesterday',
      'Today',
    ]);
    const reacted = screen.getAllByTestId('message-bubble')[1] as HTMLElement;
    expect(within(reacted).getByTestId('message-reaction').textContent).toBe('👍');
    expect(screen.queryByTestId('message-system')).toBeNull();
  });
});
