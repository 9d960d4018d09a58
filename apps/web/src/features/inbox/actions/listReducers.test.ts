import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_FILTER, type ChatFilter, type ChatPages } from '../cache';
import { chatPages, makeChat } from '../testFixtures';
import { removeChat, replaceChat } from './listReducers';

const ALL: ChatFilter = { ...DEFAULT_CHAT_FILTER, assignee: 'ALL' };
const at = (id: string, day: string) =>
  makeChat({ _id: id, lastUpdate: `2025-03-${day}T00:00:00.000Z` });
const ids = (data: ChatPages | undefined) => data?.pages.map((p) => p.data.map((c) => c._id));

describe('chat list reducers for actions', () => {
  const a = at('a', '20');
  const b = at('b', '10');
  const c = at('c', '05');

  it('replaces a chat in place without moving it', () => {
    const out = replaceChat(chatPages([a, b, c]), { ...c, flag: 'green' }, ALL, 'user-1');
    expect(ids(out)).toEqual([['a', 'b', 'c']]);
    expect(out?.pages[0]?.data[2]?.flag).toBe('green');
  });

  it('removes a chat that no longer matches the filter', () => {
    expect(ids(replaceChat(chatPages([a, b]), { ...a, isArchive: true }, ALL, 'u'))).toEqual([
      ['b'],
    ]);
    expect(ids(removeChat(chatPages([a], [b]), 'b'))).toEqual([['a'], []]);
  });

  it('inserts a newly matching chat at its place by time, across pages', () => {
    const d = at('d', '07');
    expect(ids(replaceChat(chatPages([a, b], [c]), d, ALL, 'u'))).toEqual([
      ['a', 'b'],
      ['d', 'c'],
    ]);
  });

  it('leaves one older than everything loaded to load-more, unless all is loaded', () => {
    const old = at('z', '01');
    const partial = chatPages([a, b], [c]);
    partial.pages[1] = { data: [c], nextKey: 'more' };
    expect(replaceChat(partial, old, ALL, 'u')).toBe(partial);
    expect(ids(replaceChat(chatPages([a, b]), old, ALL, 'u'))).toEqual([['a', 'b', 'z']]);
  });

  it('never adds to search results (the server may match on more)', () => {
    const search = { ...ALL, searchText: 'budi' };
    const data = chatPages([a]);
    expect(replaceChat(data, makeChat({ _id: 'n', name: 'Budi' }), search, 'u')).toBe(data);
  });
});
