import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { MESSAGES, SERVER_EVENTS, type Chat } from '@sapa/contracts';
import {
  DEFAULT_CHAT_FILTER,
  inboxKeys,
  type Assignee,
  type ChatFilter,
  type ChatPages,
} from '../features/inbox/cache';
import { chatPages, makeChat, makeMessage } from '../features/inbox/testFixtures';
import { SERVER_EVENT_HANDLERS, type RealtimeContext, type RealtimeViewer } from './socketEvents';

/** Spec §4's realtime rules as a role × view matrix. */

const ME = 'user-1';
const filterOf = (assignee: Assignee, more: Partial<ChatFilter> = {}): ChatFilter => ({
  ...DEFAULT_CHAT_FILTER,
  assignee,
  ...more,
});
const ALL = filterOf('ALL');
const MINE = filterOf('MINE');
const ARCHIVE = filterOf('ALL', { isArchive: true });

type ViewerName = 'agent' | 'supervisor' | 'divisionOnly' | 'admin';
const VIEWERS: Record<ViewerName, RealtimeViewer> = {
  agent: { role: 'agent', divisionOnlyView: false },
  supervisor: { role: 'supervisor', divisionOnlyView: false },
  divisionOnly: { role: 'agent', divisionOnlyView: true },
  admin: { role: 'admin', divisionOnlyView: false },
};

function setup(viewer: ViewerName, lists: ChatFilter[], chats: Chat[], activeChatId?: string) {
  const queryClient = new QueryClient();
  const ctx: RealtimeContext = {
    queryClient,
    userId: ME,
    viewer: VIEWERS[viewer],
    activeChatId: activeChatId ?? null,
    resolvedChatIds: new Set(),
    markRead: vi.fn(),
    notifyError: vi.fn(),
    notifySuccess: vi.fn(),
    alert: vi.fn(),
  };
  for (const filter of lists) {
    queryClient.setQueryData<ChatPages>(inboxKeys.chatList(filter), chatPages(chats));
  }
  const emit = (event: string, payload: unknown) => SERVER_EVENT_HANDLERS[event]?.(ctx, payload);
  const ids = (filter: ChatFilter) =>
    queryClient
      .getQueryData<ChatPages>(inboxKeys.chatList(filter))
      ?.pages.flatMap((p) => p.data.map((c) => c._id));
  return { queryClient, ctx, emit, ids };
}

const mine = makeChat({ _id: 'c1', name: 'Budi', agentId: ME, agent: { _id: ME, name: 'Me' } });
const other = makeChat({
  _id: 'c2',
  name: 'Ani',
  agentId: 'user-9',
  agent: { _id: 'user-9', name: 'Rina' },
  lastUpdate: '2025-02-01T08:00:00.000Z',
});
const toRina = { ...mine, agentId: 'user-2', agent: { _id: 'user-2', name: 'Rina' } };
const boss = { _id: 'user-7', name: 'Boss' };

describe('chat.assigned', () => {
  it.each([
    ['agent', ALL],
    ['agent', MINE],
    ['divisionOnly', ALL],
    ['divisionOnly', MINE],
  ] as const)(
    '%s in %o: a chat assigned to someone else leaves every list with the alert',
    (viewer, view) => {
      const { emit, ids, ctx } = setup(viewer, [view], [mine, other]);
      emit(SERVER_EVENTS.chatAssigned, { chat: toRina, previousAgentId: ME, by: boss });
      expect(ids(view)).toEqual(['c2']);
      expect(ctx.alert).toHaveBeenCalledWith({
        chatId: 'c1',
        kind: 'assignedToAnother',
        name: 'Budi',
      });
    },
  );

  it.each([
    ['supervisor', ALL, ['c1', 'c2']],
    ['supervisor', MINE, ['c2']],
    ['admin', ALL, ['c1', 'c2']],
  ] as const)('%s in %o: the chat is updated by the filter, no alert', (viewer, view, expected) => {
    const { emit, ids, ctx, queryClient } = setup(viewer, [view], [mine, other]);
    emit(SERVER_EVENTS.chatAssigned, { chat: toRina, previousAgentId: ME, by: boss });
    expect(ids(view)).toEqual(expected);
    expect(ctx.alert).not.toHaveBeenCalled();
    if (view === ALL) {
      const list = queryClient.getQueryData<ChatPages>(inboxKeys.chatList(view));
      expect(list?.pages[0]?.data[0]?.agent?.name).toBe('Rina');
    }
  });

  it('an agent gets a chat assigned to them: it enters MINE in its place by time', () => {
    // `other` (February) is older than the gained chat (March), which goes between.
    const newer = makeChat({ _id: 'c0', agentId: ME, lastUpdate: '2025-04-01T00:00:00.000Z' });
    const { emit, ids, ctx } = setup('agent', [MINE], [newer, other]);
    const gained = { ...other, _id: 'c5', agentId: ME, lastUpdate: '2025-03-01T00:00:00.000Z' };
    emit(SERVER_EVENTS.chatAssigned, { chat: gained, previousAgentId: null, by: boss });
    expect(ids(MINE)).toEqual(['c0', 'c5', 'c2']);
    expect(ctx.alert).not.toHaveBeenCalled();
  });

  it('the agent who reassigned it sees no alert; one who never had it neither', () => {
    const { emit, ids, ctx } = setup('agent', [MINE], [mine]);
    emit(SERVER_EVENTS.chatAssigned, {
      chat: toRina,
      previousAgentId: ME,
      by: { _id: ME, name: 'Me' },
    });
    expect(ids(MINE)).toEqual([]);
    emit(SERVER_EVENTS.chatAssigned, {
      chat: { ...toRina, _id: 'c9' },
      previousAgentId: 'user-5',
      by: boss,
    });
    expect(ctx.alert).not.toHaveBeenCalled();
  });
});

describe('message.resolved.created', () => {
  const resolved = { ...mine, flag: 'gray' as const, agentId: null, agent: null };

  it.each([
    ['supervisor', ALL],
    ['divisionOnly', ALL],
  ] as const)(
    '%s in ALL: the chat leaves and a late event does not bring it back',
    (viewer, view) => {
      const { emit, ids, ctx } = setup(viewer, [view], [mine, other]);
      emit(SERVER_EVENTS.messageResolvedCreated, {
        chat: resolved,
        ticketId: 't1',
        previousAgentId: ME,
        by: boss,
      });
      expect(ids(view)).toEqual(['c2']);
      expect(ctx.resolvedChatIds.has('c1')).toBe(true);
      expect(ctx.alert).not.toHaveBeenCalled();
      // A late `chat` or assignment event about the resolved chat keeps it out.
      emit(SERVER_EVENTS.chat, { chat: resolved });
      emit(SERVER_EVENTS.chatAssigned, { chat: resolved, previousAgentId: ME, by: boss });
      expect(ids(ALL)).toEqual(['c2']);
      // The customer writes again: a new ticket, the chat is back.
      const reopened = {
        ...resolved,
        flag: 'red' as const,
        lastUpdate: '2025-05-01T00:00:00.000Z',
      };
      emit(SERVER_EVENTS.newMessageIn, { chat: reopened, message: makeMessage({ chatId: 'c1' }) });
      expect(ids(ALL)).toEqual(['c1', 'c2']);
      expect(ctx.resolvedChatIds.has('c1')).toBe(false);
    },
  );

  it.each([
    ['agent', MINE],
    ['agent', filterOf('UNASSIGNED')],
    ['divisionOnly', MINE],
  ] as const)(
    '%s in a non-ALL view: removed with "Your conversation has been resolved"',
    (viewer, view) => {
      const { emit, ids, ctx } = setup(viewer, [view], [mine, other]);
      emit(SERVER_EVENTS.messageResolvedCreated, {
        chat: resolved,
        ticketId: 't1',
        previousAgentId: ME,
        by: boss,
      });
      expect(ids(view)).toEqual(['c2']);
      expect(ctx.alert).toHaveBeenCalledWith({
        chatId: 'c1',
        kind: 'conversationResolved',
        name: 'Budi',
      });
    },
  );

  it.each([
    ['agent', ALL, ['c1', 'c2']],
    ['admin', ALL, ['c1', 'c2']],
    ['supervisor', MINE, ['c2']],
  ] as const)('%s in %o: updated in place by the filter, no alert', (viewer, view, expected) => {
    const { emit, ids, ctx, queryClient } = setup(viewer, [view], [mine, other]);
    emit(SERVER_EVENTS.messageResolvedCreated, {
      chat: resolved,
      ticketId: 't1',
      previousAgentId: ME,
      by: boss,
    });
    expect(ids(view)).toEqual(expected);
    expect(ctx.alert).not.toHaveBeenCalled();
    expect(ctx.resolvedChatIds.size).toBe(0);
    const first = queryClient.getQueryData<ChatPages>(inboxKeys.chatList(view))?.pages[0]?.data[0];
    if (expected[0] === 'c1') expect(first?.flag).toBe('gray');
  });

  it('an agent who resolved it themself sees no alert', () => {
    const { emit, ctx } = setup('agent', [MINE], [mine]);
    emit(SERVER_EVENTS.messageResolvedCreated, {
      chat: resolved,
      ticketId: 't1',
      previousAgentId: ME,
      by: { _id: ME, name: 'Me' },
    });
    expect(ctx.alert).not.toHaveBeenCalled();
  });
});

describe('chat.blocked, chat.archived, chat.unarchived', () => {
  it.each(['agent', 'supervisor', 'divisionOnly'] as const)(
    '%s: a blocked chat leaves ALL and MINE with "Contact has been blocked"',
    (viewer) => {
      const { emit, ids, ctx } = setup(viewer, [ALL, MINE], [mine, other]);
      emit(SERVER_EVENTS.chatBlocked, { chat: { ...mine, blocked: true } });
      expect(ids(ALL)).toEqual(['c2']);
      expect(ids(MINE)).toEqual(['c2']);
      expect(ctx.alert).toHaveBeenCalledWith({
        chatId: 'c1',
        kind: 'contactBlocked',
        name: 'Budi',
      });
    },
  );

  it.each(['agent', 'supervisor', 'divisionOnly'] as const)(
    '%s: archiving moves the chat from the inbox views to the archive view and back',
    (viewer) => {
      const { emit, ids, queryClient } = setup(viewer, [ALL, MINE], [mine, other]);
      queryClient.setQueryData<ChatPages>(inboxKeys.chatList(ARCHIVE), chatPages([]));
      emit(SERVER_EVENTS.chatArchived, { chat: { ...mine, isArchive: true } });
      expect(ids(ALL)).toEqual(['c2']);
      expect(ids(MINE)).toEqual(['c2']);
      expect(ids(ARCHIVE)).toEqual(['c1']);
      emit(SERVER_EVENTS.chatUnarchived, { chat: mine });
      expect(ids(ARCHIVE)).toEqual([]);
      expect(ids(ALL)).toEqual(['c1', 'c2']);
      expect(ids(MINE)).toEqual(['c1', 'c2']);
    },
  );
});

describe("a deleted channel's chats", () => {
  it.each(['admin', 'supervisor', 'agent'] as const)(
    '%s: one chat.archived per chat takes each out of the inbox views and into the archive',
    (viewer) => {
      const gone = [mine, makeChat({ _id: 'c3', name: 'Sari', agentId: ME })];
      const { emit, ids, queryClient } = setup(viewer, [ALL, MINE], [...gone, other]);
      queryClient.setQueryData<ChatPages>(inboxKeys.chatList(ARCHIVE), chatPages([]));
      for (const chat of gone)
        emit(SERVER_EVENTS.chatArchived, { chat: { ...chat, isArchive: true } });
      expect(ids(ALL)).toEqual(['c2']);
      expect(ids(MINE)).toEqual(['c2']);
      expect(ids(ARCHIVE)?.sort()).toEqual(['c1', 'c3']);
    },
  );
});

describe('chat, assign.chat.result, broadcast and push replies, balance.check', () => {
  it('chat: a label change updates the row in place, keeping its position', () => {
    const { emit, queryClient } = setup('agent', [ALL], [other, mine]);
    emit(SERVER_EVENTS.chat, { chat: { ...mine, label: ['l1'] } });
    const rows = queryClient.getQueryData<ChatPages>(inboxKeys.chatList(ALL))?.pages[0]?.data;
    expect(rows?.map((c) => c._id)).toEqual(['c2', 'c1']);
    expect(rows?.[1]?.label).toEqual(['l1']);
  });

  it('assign.chat.result: a green toast for success, the server message for failure', () => {
    const { emit, ctx } = setup('supervisor', [ALL], [mine]);
    emit(SERVER_EVENTS.assignChatResult, { chatId: 'c1', ok: true, chat: toRina });
    expect(ctx.notifySuccess).toHaveBeenCalledWith('Conversation assigned to Rina', 'assign-c1');
    emit(SERVER_EVENTS.assignChatResult, {
      chatId: 'c1',
      ok: false,
      message: MESSAGES.agentNotFound,
    });
    expect(ctx.notifyError).toHaveBeenCalledWith(MESSAGES.agentNotFound);
  });

  it.each([SERVER_EVENTS.newMessageBroadcast, SERVER_EVENTS.newMessagePushReply])(
    '%s is handled like a message: the chat moves to the top',
    (event) => {
      const { emit, ids } = setup('agent', [ALL], [mine, other]);
      const chat = { ...other, lastUpdate: '2025-06-01T00:00:00.000Z' };
      emit(event, { chat, message: makeMessage({ chatId: 'c2', fromMe: true }) });
      expect(ids(ALL)).toEqual(['c2', 'c1']);
    },
  );

  it('balance.check shows "Insufficient Balance"', () => {
    const { emit, ctx } = setup('agent', [ALL], []);
    emit(SERVER_EVENTS.balanceCheck, { message: 'x', balance: 0, minimumBalance: 1000 });
    expect(ctx.notifyError).toHaveBeenCalledWith(MESSAGES.insufficientBalance);
  });
});
