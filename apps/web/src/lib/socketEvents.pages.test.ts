import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { SERVER_EVENTS, type IsUserInitiateEvent } from '@sapa/contracts';
import { flattenMessages, inboxKeys, type MessagePages } from '../features/inbox/cache';
import { makeChat, makeMessage, messagePages } from '../features/inbox/testFixtures';
import { SERVER_EVENT_HANDLERS, type RealtimeContext } from './socketEvents';

function setup() {
  const queryClient = new QueryClient();
  const ctx: RealtimeContext = {
    queryClient,
    userId: 'user-1',
    viewer: { role: 'admin', divisionOnlyView: false },
    activeChatId: null,
    resolvedChatIds: new Set(),
    markRead: vi.fn(),
    notifyError: vi.fn(),
    notifySuccess: vi.fn(),
    alert: vi.fn(),
  };
  const emit = (event: string, payload: unknown) => SERVER_EVENT_HANDLERS[event]?.(ctx, payload);
  return { queryClient, emit };
}

describe('socket events of Messenger and Instagram chats', () => {
  it("isUserInitiate keeps the server's window phase for the composer", () => {
    const { queryClient, emit } = setup();
    const state: IsUserInitiateEvent = {
      chatId: 'c1',
      value: true,
      windowEndsAt: '2026-11-25T10:00:00.000Z',
      window: {
        phase: 'human_agent',
        endsAt: '2026-12-01T10:00:00.000Z',
        outsideWindow: 'human_agent_replies',
        refusal: null,
      },
    };
    emit(SERVER_EVENTS.isUserInitiate, state);
    expect(queryClient.getQueryData(inboxKeys.window('c1'))).toEqual(state);
  });

  it('message.updated replaces an unsent message in place', () => {
    const { queryClient, emit } = setup();
    const chat = makeChat({ _id: 'c2', channel: 'instagram' });
    const kept = makeMessage({ _id: 'm1', chatId: 'c2', text: 'hi' });
    const unsent = makeMessage({ _id: 'm2', chatId: 'c2', text: 'oops' });
    queryClient.setQueryData(inboxKeys.messages('c2'), messagePages([kept, unsent]));
    emit(SERVER_EVENTS.messageUpdated, {
      chat,
      message: { ...unsent, text: '', payload: { unsent: { at: '2026-11-25T10:00:00.000Z' } } },
    });
    const shown = flattenMessages(queryClient.getQueryData<MessagePages>(inboxKeys.messages('c2')));
    expect(shown.map((m) => [m._id, m.text, m.payload.unsent !== undefined])).toEqual([
      ['m1', 'hi', false],
      ['m2', '', true],
    ]);
  });

  it("a page customer's message asks the server for the window again", () => {
    const { queryClient, emit } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const chat = makeChat({ _id: 'c3', channel: 'messenger' });
    emit(SERVER_EVENTS.newMessageIn, {
      chat,
      message: makeMessage({ chatId: 'c3', fromMe: false }),
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.window('c3') });
  });
});
