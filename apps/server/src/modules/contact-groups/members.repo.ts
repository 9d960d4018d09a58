import { sql } from 'kysely';
import type { ChannelType, Contact } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { containsPattern } from '../../lib/like.js';

interface MemberRow {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  notes: string;
  attributes: Record<string, unknown>;
  labels: unknown;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  sort_name: string;
}

/** The keyset cursor: the last row's sort name and id, opaque to clients. */
const encodeKey = (row: { sort_name: string; id: string }) =>
  Buffer.from(JSON.stringify([row.sort_name, row.id])).toString('base64url');

function decodeKey(key: string): [string, string] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(key, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      // A name with a NUL was never issued, and PostgreSQL cannot compare with it.
      !parsed[0].includes('\u0000') &&
      typeof parsed[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(parsed[1])
    )
      return [parsed[0], parsed[1]];
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('The startKey is invalid', undefined, [
    { path: 'startKey', message: 'The startKey is invalid' },
  ]);
}

const asStringRecord = (value: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));

const asStringArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * A group's members in the contacts list's shape, alphabetical by name, keyset-paged. The group is
 * the account's (checked by the caller) and every contact read is scoped by the account as well.
 */
export async function listMembers(
  db: Db,
  accountId: string,
  groupId: string,
  query: { searchText?: string; perpage: number; startKey?: string },
): Promise<{ data: Contact[]; nextKey: string | null; total: number }> {
  let base = db
    .selectFrom('contact_group_members as m')
    .innerJoin('contacts as c', 'c.id', 'm.contact_id')
    .where('m.group_id', '=', groupId)
    .where('c.account_id', '=', accountId);
  if (query.searchText) {
    const like = containsPattern(query.searchText);
    base = base.where((eb) =>
      eb.or([
        eb('c.name', 'ilike', like),
        eb('c.phone', 'ilike', like),
        eb('c.email', 'ilike', like),
      ]),
    );
  }
  let page = base;
  if (query.startKey) {
    const [name, id] = decodeKey(query.startKey);
    page = page.where(sql<boolean>`(lower(c.name), c.id) > (${name}, ${id}::uuid)`);
  }
  const [rows, count] = await Promise.all([
    page
      .select([
        'c.id',
        'c.name',
        'c.phone',
        'c.email',
        'c.notes',
        'c.attributes',
        'c.archived_at',
        'c.created_at',
        'c.updated_at',
        sql<string>`lower(c.name)`.as('sort_name'),
        // contacts.labels arrives with the contacts migration; read it without naming the column
        // so this works whichever migration ran first.
        sql<unknown>`coalesce(to_jsonb(c) -> 'labels', '[]'::jsonb)`.as('labels'),
      ])
      .orderBy(sql`lower(c.name)`)
      .orderBy('c.id')
      .limit(query.perpage + 1)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const more = rows.length > query.perpage;
  const pageRows: MemberRow[] = more ? rows.slice(0, query.perpage) : rows;
  const data = await presentContacts(db, accountId, pageRows);
  const last = pageRows[pageRows.length - 1];
  return { data, nextKey: more && last ? encodeKey(last) : null, total: Number(count.n) };
}

/** Adds each contact's groups and its chats (one per channel address) in two batched reads. */
async function presentContacts(db: Db, accountId: string, rows: MemberRow[]): Promise<Contact[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [groups, chats] = await Promise.all([
    db
      .selectFrom('contact_group_members as m')
      .innerJoin('contact_groups as g', 'g.id', 'm.group_id')
      .select(['m.contact_id', 'm.group_id'])
      .where('g.account_id', '=', accountId)
      .where('m.contact_id', 'in', ids)
      .orderBy('m.added_at')
      .execute(),
    db
      .selectFrom('chats')
      .select(['id', 'contact_id', 'channel', 'identifier', 'last_update'])
      .where('account_id', '=', accountId)
      .where('contact_id', 'in', ids)
      .orderBy('last_update', 'desc')
      .execute(),
  ]);
  const groupIds = new Map<string, string[]>();
  for (const g of groups)
    groupIds.set(g.contact_id, [...(groupIds.get(g.contact_id) ?? []), g.group_id]);
  const channels = new Map<
    string,
    { channel: ChannelType; identifier: string; chatId: string; at: Date }[]
  >();
  for (const c of chats)
    channels.set(c.contact_id, [
      ...(channels.get(c.contact_id) ?? []),
      { channel: c.channel, identifier: c.identifier, chatId: c.id, at: c.last_update },
    ]);
  return rows.map((r) => {
    const own = channels.get(r.id) ?? [];
    return {
      _id: r.id,
      name: r.name,
      phone: r.phone,
      email: r.email,
      notes: r.notes,
      attributes: asStringRecord(r.attributes),
      labels: asStringArray(r.labels),
      groupIds: groupIds.get(r.id) ?? [],
      channels: own.map(({ channel, identifier, chatId }) => ({ channel, identifier, chatId })),
      archived: r.archived_at !== null,
      lastChatAt: own[0]?.at.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  });
}
