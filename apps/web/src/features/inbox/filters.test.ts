import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_FILTER, type ChatFilter } from './cache';
import {
  activeFilterKeys,
  chatListParams,
  chatStateSchema,
  DEFAULT_LIST_FILTERS,
  initialAssignee,
  initialFilters,
  setFilter,
} from './filters';

const base: ChatFilter = { ...DEFAULT_CHAT_FILTER, assignee: 'ALL' };

describe('chatListParams (GET chats/paginate)', () => {
  it('asks for 50 first and 20 per load-more, not archived, with no other condition', () => {
    expect(chatListParams(base, null)).toEqual({
      perpage: 50,
      startKey: undefined,
      searchText: undefined,
      assignee: 'ALL',
      isArchive: false,
      unread: undefined,
      channel: undefined,
      label: undefined,
      flag: undefined,
      resolved: undefined,
    });
    expect(chatListParams(base, 'key-1')).toMatchObject({ perpage: 20, startKey: 'key-1' });
  });

  it('asks for 150 for a search, first page and later ones, with the text trimmed', () => {
    const search = { ...base, searchText: '  budi ' };
    expect(chatListParams(search, null)).toMatchObject({ perpage: 150, searchText: 'budi' });
    expect(chatListParams(search, 'k')).toMatchObject({ perpage: 150, startKey: 'k' });
    expect(chatListParams({ ...base, searchText: '   ' }, null)).toMatchObject({
      perpage: 50,
      searchText: undefined,
    });
  });

  it('passes every filter', () => {
    const filter: ChatFilter = {
      assignee: 'UNASSIGNED',
      searchText: '',
      channel: 'instagram',
      resolved: false,
      flag: 'red',
      label: 'label-1',
      isArchive: true,
      unread: true,
    };
    expect(chatListParams(filter, null)).toMatchObject({
      assignee: 'UNASSIGNED',
      channel: 'instagram',
      resolved: false,
      flag: 'red',
      label: 'label-1',
      isArchive: true,
      unread: true,
    });
    expect(chatListParams({ ...filter, resolved: true }, null)).toMatchObject({ resolved: true });
  });
});

describe('filter choices', () => {
  it('lists what differs from the default view', () => {
    expect(activeFilterKeys(DEFAULT_LIST_FILTERS)).toEqual([]);
    expect(
      activeFilterKeys({ ...DEFAULT_LIST_FILTERS, channel: 'whatsapp', isArchive: true }),
    ).toEqual(['channel', 'isArchive']);
  });

  it('never combines a flag with a contradicting resolved choice', () => {
    const resolved = setFilter(DEFAULT_LIST_FILTERS, 'resolved', true);
    const red = setFilter(resolved, 'flag', 'red');
    expect(red).toMatchObject({ flag: 'red', resolved: null });
    expect(setFilter(red, 'resolved', false)).toMatchObject({ flag: null, resolved: false });
    // Clearing one leaves the other alone.
    expect(setFilter(red, 'resolved', null)).toMatchObject({ flag: 'red', resolved: null });
  });
});

describe('stored chat state', () => {
  it('defaults to ALL with allChat, MINE without, and a stored choice wins', () => {
    expect(initialAssignee(null, true)).toBe('ALL');
    expect(initialAssignee(null, false)).toBe('MINE');
    expect(initialAssignee({ assignee: 'UNASSIGNED' }, true)).toBe('UNASSIGNED');
  });

  it('drops only the unreadable parts of a stored state', () => {
    const state = chatStateSchema.parse({
      assignee: 'EVERYONE',
      filters: { flag: 'purple', unread: true, channel: 'whatsapp' },
    });
    expect(state.assignee).toBeUndefined();
    expect(initialFilters(state)).toEqual({
      ...DEFAULT_LIST_FILTERS,
      unread: true,
      channel: 'whatsapp',
    });
    expect(initialFilters(chatStateSchema.parse({ filters: 'nonsense' }))).toEqual(
      DEFAULT_LIST_FILTERS,
    );
  });
});
