import { describe, expect, it } from 'vitest';
import {
  applyMessageStatus,
  chatMatchesFilter,
  flattenMessages,
  isWindowOpen,
  markMessageFailed,
  mergeStatus,
  patchChat,
  unreadBadge,
  upsertChat,
  upsertMessage,
  DEFAULT_CHAT_FILTER,
  type ChatFilter,
} from './cache';
import { chatPages, makeChat, makeMessage, messagePages } from './testFixtures';

const ALL: ChatFilter = { ...DEFAULT_CHAT_FILTER, assignee: 'ALL', searchText: '' };
const ids = (data: ReturnType<typeof chatPages> | undefined) =>
  data?.pages.map((p) => p.data.map((c) => c._id)) ?? [];

describe('chat list reducers', () => {
  const a = makeChat({ _id: 'a' });
  const b = makeChat({ _id: 'b' });
  const c = makeChat({ _id: 'c' });

  it('moves a chat with news to the top with its new preview, from any page', () => {
    const next = upsertChat(chatPages([a, b], [c]), { ...c, lastMessage: 'Baru' }, ALL, 'user-1');
    expect(ids(next)).toEqual([['c', 'a', 'b'], []]);
    expect(next?.pages[0]?.data[0]?.lastMessage).toBe('Baru');
    // The first page keeps its cursor so "load more" continues where it was.
    expect(next?.pages[0]?.nextKey).toBe('k0');
  });

  it('inserts a chat it has never seen at the top', () => {
    expect(ids(upsertChat(chatPages([a, b]), c, ALL, 'user-1'))).toEqual([['c', 'a', 'b']]);
  });

  it('removes a chat that no longer matches the view (assigned to someone else)', () => {
    const mine: ChatFilter = { ...DEFAULT_CHAT_FILTER, assignee: 'MINE', searchText: '' };
    const moved = { ...b, agentId: 'user-2', agent: { _id: 'user-2', name: 'Rudi' } };
    expect(ids(upsertChat(chatPages([a, b]), moved, mine, 'user-1'))).toEqual([['a']]);
    // ...and does not add one it never showed.
    expect(upsertChat(chatPages([a]), moved, mine, 'user-1')).toEqual(chatPages([a]));
  });

  it('updates search results in place but never adds to them', () => {
    const search: ChatFilter = { ...DEFAULT_CHAT_FILTER, assignee: 'ALL', searchText: 'budi' };
    const data = chatPages([a, b]);
    expect(upsertChat(data, makeChat({ _id: 'new' }), search, 'user-1')).toBe(data);
    expect(ids(upsertChat(data, { ...b, lastMessage: 'x' }, search, 'user-1'))).toEqual([
      ['b', 'a'],
    ]);
  });

  it('matches filters the way the server does', () => {
    expect(
      chatMatchesFilter(
        makeChat({ agentId: null }),
        { ...DEFAULT_CHAT_FILTER, assignee: 'UNASSIGNED', searchText: '' },
        'user-1',
      ),
    ).toBe(true);
    expect(
      chatMatchesFilter(
        makeChat(),
        { ...DEFAULT_CHAT_FILTER, assignee: 'UNASSIGNED', searchText: '' },
        'user-1',
      ),
    ).toBe(false);
    expect(chatMatchesFilter(makeChat({ isArchive: true }), ALL, 'user-1')).toBe(false);
    expect(
      chatMatchesFilter(
        makeChat(),
        { ...DEFAULT_CHAT_FILTER, assignee: 'ALL', searchText: '62812' },
        null,
      ),
    ).toBe(true);
  });

  it('patches a chat in place and leaves the cache alone when absent', () => {
    const data = chatPages([{ ...a, unreadCount: 3 }, b]);
    expect(patchChat(data, 'a', { unreadCount: 0 })?.pages[0]?.data[0]?.unreadCount).toBe(0);
    expect(patchChat(data, 'zzz', { unreadCount: 0 })).toBe(data);
    expect(upsertChat(undefined, a, ALL, null)).toBeUndefined();
  });

  it('counts unread at most once per chat (spec §4)', () => {
    expect(unreadBadge({ unreadCount: 0 })).toBe(0);
    expect(unreadBadge({ unreadCount: 7 })).toBe(1);
  });
});

describe('message reducers', () => {
  it('appends a new message to the newest page', () => {
    const data = messagePages([makeMessage({ _id: '2' })], [makeMessage({ _id: '1' })]);
    const next = upsertMessage(data, makeMessage({ _id: '3' }));
    expect(flattenMessages(next).map((m) => m._id)).toEqual(['1', '2', '3']);
  });

  it('replaces the optimistic bubble by generatedId, keeping the furthest status', () => {
    const local = makeMessage({
      _id: 'local:g1',
      generatedId: 'g1',
      fromMe: true,
      status: 'queue',
    });
    // The "sent" event can overtake the acknowledgement that still says "queue".
    const sentFirst = upsertMessage(messagePages([local]), { ...local, _id: '9', status: 'sent' });
    const acked = upsertMessage(sentFirst, { ...local, _id: '9', status: 'queue' });
    expect(flattenMessages(acked)).toHaveLength(1);
    expect(flattenMessages(acked)[0]).toMatchObject({ _id: '9', status: 'sent' });
  });

  it('does not show the same message twice when a live one reappears in an older page', () => {
    const m = makeMessage({ _id: '5' });
    expect(flattenMessages(messagePages([m], [m]))).toHaveLength(1);
  });

  it('applies status events forward only; failure is final and keeps the reason', () => {
    const data = messagePages([makeMessage({ _id: '7', fromMe: true, status: 'delivered' })]);
    const back = applyMessageStatus(data, { chatId: 'c', messageId: '7', status: 'sent' });
    expect(flattenMessages(back)[0]?.status).toBe('delivered');
    const read = applyMessageStatus(data, { chatId: 'c', messageId: '7', status: 'read' });
    expect(flattenMessages(read)[0]?.status).toBe('read');
    const failed = applyMessageStatus(read, {
      chatId: 'c',
      messageId: '7',
      status: 'failed',
      error: { code: 131047, message: 'Re-engagement message' },
    });
    expect(flattenMessages(failed)[0]).toMatchObject({
      status: 'failed',
      error: { code: 131047, message: 'Re-engagement message' },
    });
    expect(mergeStatus('failed', 'read')).toBe('failed');
  });

  it('marks a send failed by generatedId', () => {
    const data = messagePages([
      makeMessage({ _id: 'local:g2', generatedId: 'g2', status: 'queue' }),
    ]);
    const next = markMessageFailed(data, { generatedId: 'g2' }, 'Nope');
    expect(flattenMessages(next)[0]).toMatchObject({
      status: 'failed',
      error: { message: 'Nope' },
    });
  });
});

describe('24-hour window', () => {
  const now = Date.parse('2025-03-02T00:00:00.000Z');
  it('is open until windowEndsAt, closed when the server says so', () => {
    expect(isWindowOpen(undefined, now)).toBe(true);
    expect(isWindowOpen({ chatId: 'c', value: false, windowEndsAt: null }, now)).toBe(false);
    expect(
      isWindowOpen({ chatId: 'c', value: true, windowEndsAt: '2025-03-02T01:00:00.000Z' }, now),
    ).toBe(true);
    expect(
      isWindowOpen({ chatId: 'c', value: true, windowEndsAt: '2025-03-01T23:59:00.000Z' }, now),
    ).toBe(false);
  });
});
