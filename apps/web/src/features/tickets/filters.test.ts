import { describe, expect, it } from 'vitest';
import {
  EMPTY_TICKET_FILTERS,
  filtersFromParams,
  filtersToParams,
  formatDuration,
  ticketQuery,
} from './filters';

describe('ticket filters', () => {
  it('turn into the ticketListQuerySchema query', () => {
    expect(
      ticketQuery(
        {
          status: 'open',
          agentId: 'a1',
          channel: 'whatsapp',
          searchText: '  budi ',
          from: '2025-03-01',
          to: '2025-03-31',
        },
        'key-1',
      ),
    ).toEqual({
      perpage: 25,
      status: 'open',
      agentId: 'a1',
      channel: 'whatsapp',
      searchText: 'budi',
      from: '2025-03-01',
      to: '2025-03-31',
      startKey: 'key-1',
    });
    expect(ticketQuery(EMPTY_TICKET_FILTERS)).toEqual({ perpage: 25 });
  });

  it('swap a range typed backwards', () => {
    const q = ticketQuery({ ...EMPTY_TICKET_FILTERS, from: '2025-04-02', to: '2025-04-01' });
    expect([q.from, q.to]).toEqual(['2025-04-01', '2025-04-02']);
  });

  it('round-trip through the URL and ignore junk', () => {
    const filters = { ...EMPTY_TICKET_FILTERS, status: 'closed' as const, searchText: 'ani' };
    expect(filtersFromParams(new URLSearchParams(filtersToParams(filters)))).toEqual(filters);
    expect(
      filtersFromParams(new URLSearchParams('status=maybe&channel=fax&from=yesterday')),
    ).toEqual(EMPTY_TICKET_FILTERS);
  });

  it('format the first response time with its two largest units', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(725)).toBe('12m 5s');
    expect(formatDuration(3 * 3600 + 20 * 60 + 9)).toBe('3h 20m');
    expect(formatDuration(2 * 86400 + 4 * 3600)).toBe('2d 4h');
    expect(formatDuration(3600)).toBe('1h');
  });
});
