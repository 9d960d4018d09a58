import {
  CHANNEL_TYPES,
  TICKET_STATUSES,
  type ChannelType,
  type Ticket,
  type TicketListQuery,
} from '@sapa/contracts';

/** The /ticket filters as the URL holds them, so a reload or a shared link shows the same list. */
export interface TicketFilters {
  status: Ticket['status'] | null;
  agentId: string | null;
  channel: ChannelType | null;
  searchText: string;
  /** YYYY-MM-DD, inclusive. */
  from: string | null;
  to: string | null;
}

export const EMPTY_TICKET_FILTERS: TicketFilters = {
  status: null,
  agentId: null,
  channel: null,
  searchText: '',
  from: null,
  to: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

export function filtersFromParams(params: URLSearchParams): TicketFilters {
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : null;
  };
  return {
    status: oneOf(TICKET_STATUSES, params.get('status')),
    agentId: params.get('agentId') || null,
    channel: oneOf(CHANNEL_TYPES, params.get('channel')),
    searchText: params.get('q') ?? '',
    from: day('from'),
    to: day('to'),
  };
}

export function filtersToParams(filters: TicketFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.status) out.status = filters.status;
  if (filters.agentId) out.agentId = filters.agentId;
  if (filters.channel) out.channel = filters.channel;
  if (filters.searchText) out.q = filters.searchText;
  if (filters.from) out.from = filters.from;
  if (filters.to) out.to = filters.to;
  return out;
}

/** The query of `GET /ticket` and `GET /ticket/export` (ticketListQuerySchema). */
export function ticketQuery(
  filters: TicketFilters,
  startKey: string | null = null,
  perpage = 25,
): Partial<TicketListQuery> {
  const query: Partial<TicketListQuery> = { perpage };
  if (filters.status) query.status = filters.status;
  if (filters.agentId) query.agentId = filters.agentId;
  if (filters.channel) query.channel = filters.channel;
  const search = filters.searchText.trim();
  if (search) query.searchText = search;
  // A range typed backwards still means the days between the two dates.
  const [from, to] =
    filters.from && filters.to && filters.from > filters.to
      ? [filters.to, filters.from]
      : [filters.from, filters.to];
  if (from) query.from = from;
  if (to) query.to = to;
  if (startKey) query.startKey = startKey;
  return query;
}

export function hasFilters(filters: TicketFilters): boolean {
  return Object.keys(filtersToParams(filters)).length > 0;
}

/** "45s", "12m 5s", "3h 20m", "2d 4h": the two largest units are enough to compare agents. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.round(seconds);
  const units: [string, number][] = [
    ['d', Math.floor(s / 86_400)],
    ['h', Math.floor((s % 86_400) / 3_600)],
    ['m', Math.floor((s % 3_600) / 60)],
    ['s', s % 60],
  ];
  const first = units.findIndex(([, n]) => n > 0);
  if (first < 0) return '0s';
  return units
    .slice(first, first + 2)
    .filter(([, n]) => n > 0)
    .map(([unit, n]) => `${n}${unit}`)
    .join(' ');
}
