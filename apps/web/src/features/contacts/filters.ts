import { CHANNEL_TYPES, type ChannelType, type ContactListQuery } from '@sapa/contracts';

/** The /contact filters as the URL holds them, so a reload or a shared link shows the same list. */
export interface ContactFilters {
  searchText: string;
  channel: ChannelType | null;
  label: string | null;
  groupId: string | null;
  archived: boolean;
}

export const EMPTY_CONTACT_FILTERS: ContactFilters = {
  searchText: '',
  channel: null,
  label: null,
  groupId: null,
  archived: false,
};

export const CONTACT_PAGE_SIZE = 50;

// The server rejects anything but a uuid for these; a hand-edited URL must not break the page.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidOrNull(raw: string | null): string | null {
  return raw && UUID.test(raw) ? raw : null;
}

export function filtersFromParams(params: URLSearchParams): ContactFilters {
  const channel = params.get('channel');
  return {
    searchText: params.get('q') ?? '',
    channel: CHANNEL_TYPES.find((c) => c === channel) ?? null,
    label: uuidOrNull(params.get('label')),
    groupId: uuidOrNull(params.get('group')),
    archived: params.get('archived') === 'true',
  };
}

export function filtersToParams(filters: ContactFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.searchText) out.q = filters.searchText;
  if (filters.channel) out.channel = filters.channel;
  if (filters.label) out.label = filters.label;
  if (filters.groupId) out.group = filters.groupId;
  if (filters.archived) out.archived = 'true';
  return out;
}

export function hasFilters(filters: ContactFilters): boolean {
  return Object.keys(filtersToParams(filters)).length > 0;
}

type FilterQuery = Omit<ContactListQuery, 'perpage' | 'startKey'>;

/** The filter part shared by `GET /contacts` and `GET /contacts/export`. */
export function filterQuery(filters: ContactFilters): Partial<FilterQuery> {
  const query: Partial<FilterQuery> = {};
  const search = filters.searchText.trim();
  if (search) query.searchText = search;
  if (filters.channel) query.channel = filters.channel;
  if (filters.label) query.label = filters.label;
  if (filters.groupId) query.groupId = filters.groupId;
  // The server's default is "not archived"; only the other choice travels.
  if (filters.archived) query.archived = true;
  return query;
}

/** The query of `GET /contacts` (contactListQuerySchema). */
export function contactQuery(
  filters: ContactFilters,
  startKey: string | null = null,
  perpage = CONTACT_PAGE_SIZE,
): Partial<ContactListQuery> {
  return { ...filterQuery(filters), perpage, ...(startKey ? { startKey } : {}) };
}

/**
 * A canonical phone (normalizePhone: no plus, no 62, no leading zero) shown the Indonesian way,
 * "+62 812-3456-7890". Numbers that already carry another country code stay as digits with a plus.
 */
export function formatPhone(canonical: string | null): string {
  if (!canonical) return '';
  const digits = canonical.replace(/\D/g, '');
  if (!digits) return canonical;
  // Indonesian mobile numbers start with 8 once the prefix is stripped.
  if (!digits.startsWith('8') || digits.length < 9 || digits.length > 13) return `+${digits}`;
  const head = digits.slice(0, 3);
  const rest = digits.slice(3);
  const middle = rest.slice(0, 4);
  const tail = rest.slice(4);
  return `+62 ${head}-${middle}${tail ? `-${tail}` : ''}`;
}

/** Initials for an avatar from the words that start with a letter: "Budi Santoso" → "BS". */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  const first = words[0] ?? name.trim();
  const last = words.length > 1 ? (words.at(-1) ?? '') : '';
  return (last ? `${first.charAt(0)}${last.charAt(0)}` : first.slice(0, 2)).toUpperCase();
}
