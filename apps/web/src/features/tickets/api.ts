import { dayKey } from '../../lib/datetime';
import { fetchFile, saveBlob } from '../../lib/download';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ticketListSchema, type Ticket } from '@sapa/contracts';
import { api } from '../../lib/http';
import { ticketQuery, type TicketFilters } from './filters';

export const ticketKeys = {
  all: ['tickets'] as const,
  list: (filters: TicketFilters) => ['tickets', 'list', filters] as const,
};

export interface TicketPage {
  data: Ticket[];
  nextKey: string | null;
}

export const TICKET_PAGE_SIZE = 25;

export async function fetchTickets(
  filters: TicketFilters,
  startKey: string | null,
  signal?: AbortSignal,
): Promise<TicketPage> {
  return ticketListSchema.parse(
    await api.get<unknown>('ticket', {
      params: ticketQuery(filters, startKey, TICKET_PAGE_SIZE),
      ...(signal ? { signal } : {}),
    }),
  );
}

/** Tickets newest first, 25 at a time with keyset "load more". */
export function useTickets(filters: TicketFilters) {
  return useInfiniteQuery({
    queryKey: ticketKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchTickets(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextKey,
  });
}

/** Downloads the CSV of every ticket matching the filters (same filters, no paging). */
export async function exportTickets(filters: TicketFilters): Promise<void> {
  const params = ticketQuery(filters);
  // The export has no pages.
  delete params.perpage;
  const blob = await fetchFile('ticket/export', params, 'csv');
  // The account's day, as the server's own file name has it.
  saveBlob(blob, `tickets-${dayKey(Date.now())}.csv`);
}
