import { sql } from 'kysely';
import { MESSAGES, type Chat, type Message } from '@sapa/contracts';
import type { z } from 'zod';
import type { chatPageQuerySchema, messagePageQuerySchema } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../http/errors.js';
import { viewerOf } from '../../realtime/viewer.js';
import type { Caller } from '../auth/principal.js';
import {
  presentChat,
  presentMessage,
  type ChatRow,
  type MessageRow,
  chatRowsQuery,
  loadChatRows,
  loadMessageRows,
  messageRowsQuery,
  chatVisibleTo,
} from '../conversations/index.js';
import { containsPattern } from '../../lib/like.js';
import { messageIdKey, searchMessageIds } from './read-search.js';

type ChatPageQuery = z.output<typeof chatPageQuerySchema>;
type MessagePageQuery = z.output<typeof messagePageQuerySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The exact stored time (microseconds, UTC): a JavaScript Date would drop the microseconds and
// make the next page skip chats that moved within the same millisecond.
const KEY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const invalidStartKey = () => badRequest('Invalid startKey', 'INVALID_START_KEY');

function encodeChatKey(time: string, id: string): string {
  return Buffer.from(`${time}|${id}`).toString('base64url');
}
function decodeChatKey(key: string): { time: string; id: string } {
  const [time, id, ...rest] = Buffer.from(key, 'base64url').toString('utf8').split('|');
  if (rest.length || !time || !id || !KEY_TIME.test(time) || !UUID.test(id)) {
    throw invalidStartKey();
  }
  return { time, id };
}

/**
 * Chat list, newest activity first, keyset-paginated on (last_update, id); only chats the caller
 * may see, never blocked ones (they stay reachable by id). The page's ids come from a lean query
 * that an index of migration 0015 answers in order; the presented rows are loaded for those ids.
 */
export async function listChats(
  deps: Deps,
  principal: Caller,
  q: ChatPageQuery,
): Promise<{ data: Chat[]; nextKey: string | null }> {
  const accountId = principal.accountId;
  let page = deps.db
    .selectFrom('chats as c')
    .select('c.id')
    .where('c.account_id', '=', accountId)
    .where(sql<boolean>`NOT c.blocked`)
    .where('c.is_archive', '=', q.isArchive ?? false)
    .where(chatVisibleTo(viewerOf(principal)));
  // An API key holds no chats, so "mine" is empty for it (agent_id = NULL matches nothing).
  if (q.assignee === 'MINE') page = page.where('c.agent_id', '=', principal.userId);
  if (q.assignee === 'UNASSIGNED') page = page.where('c.agent_id', 'is', null);
  // Literal SQL where a partial index (migration 0015) has to recognise its predicate.
  if (q.unread) page = page.where(sql<boolean>`c.unread_count > 0`);
  if (q.channel) page = page.where('c.channel', '=', q.channel as ChatRow['channel']);
  if (q.flag === 'gray') page = page.where(sql<boolean>`c.flag = 'gray'`);
  if (q.flag === 'red' || q.flag === 'green') {
    page = page.where(sql<boolean>`c.flag <> 'gray'`).where('c.flag', '=', q.flag);
  }
  if (q.resolved === true) page = page.where(sql<boolean>`c.flag = 'gray'`);
  if (q.resolved === false) page = page.where(sql<boolean>`c.flag <> 'gray'`);
  if (q.label) {
    if (!UUID.test(q.label)) throw badRequest('Invalid label', 'INVALID_LABEL');
    page = page.where(sql<boolean>`c.labels @> ARRAY[${q.label}]::uuid[]`);
  }
  if (q.searchText) {
    // Same answer as `name ILIKE x OR identifier ILIKE x`, on the column migration 0015 stores
    // lower-cased (chr(1) between the two, which no search may contain).
    const like = containsPattern(q.searchText.replaceAll('\u0001', ''));
    page = page.where(sql<boolean>`c.search_text LIKE lower(${like})`);
  }
  if (q.startKey) {
    const key = decodeChatKey(q.startKey);
    page = page.where(
      sql<boolean>`(c.last_update, c.id) < (${key.time}::timestamptz, ${key.id}::uuid)`,
    );
  }
  const ids = page
    .orderBy('c.last_update', 'desc')
    .orderBy('c.id', 'desc')
    .limit(q.perpage + 1);
  const rows = (await chatRowsQuery(deps.db, accountId)
    .select(
      sql<string>`to_char(c.last_update AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'page_time',
      ),
    )
    .where('c.id', 'in', ids)
    .orderBy('c.last_update', 'desc')
    .orderBy('c.id', 'desc')
    .execute()) as (ChatRow & { page_time: string })[];
  const data = rows.slice(0, q.perpage);
  const last = data[data.length - 1];
  return {
    data: data.map(presentChat),
    nextKey: rows.length > q.perpage && last ? encodeChatKey(last.page_time, last.id) : null,
  };
}

/** One chat the caller may see, or 404 (also for other accounts' chats). */
export async function getVisibleChat(
  deps: Deps,
  principal: Caller,
  chatId: string,
): Promise<ChatRow> {
  const row = (await chatRowsQuery(deps.db, principal.accountId)
    .where('c.id', '=', chatId)
    .where(chatVisibleTo(viewerOf(principal)))
    .executeTakeFirst()) as ChatRow | undefined;
  if (!row) throw notFound(MESSAGES.noActiveChatroom);
  return row;
}

/**
 * Messages. With a chatId: one chat's page in chronological order; `older` (default) is the page
 * before startKey (the newest page without one) and nextKey goes further back; `newer` is the
 * page after startKey and nextKey goes forward, null once the newest message is included.
 * With searchText and no chatId: hits across every chat the caller may see, newest first, and
 * the chats they belong to.
 */
export async function listMessages(
  deps: Deps,
  principal: Caller,
  q: MessagePageQuery,
): Promise<{ data: Message[]; nextKey: string | null; chats?: Chat[] }> {
  if (!q.chatId && !q.searchText) throw badRequest('The chat id field is required', 'VALIDATION');
  const startKey = q.startKey ? messageIdKey(q.startKey) : undefined;
  if (startKey === null) throw invalidStartKey();
  if (!q.chatId && q.searchText) {
    if (q.direction === 'newer') {
      throw badRequest('A message search pages from the newest hit back', 'VALIDATION');
    }
    const found = await searchMessageIds(deps, principal, q.searchText, startKey, q.perpage);
    const [rows, chats] = await Promise.all([
      loadMessageRows(deps.db, principal.accountId, found.ids),
      loadChatRows(deps.db, principal.accountId, [...new Set(found.chatIds)]),
    ]);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    // The chats in the order their first hit appears.
    const order = new Map<string, number>();
    for (const id of found.chatIds) if (!order.has(id)) order.set(id, order.size);
    return {
      data: found.ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [presentMessage(row)] : [];
      }),
      nextKey: found.nextKey,
      chats: chats.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map(presentChat),
    };
  }
  const newer = q.direction === 'newer';
  let query = messageRowsQuery(deps.db, principal.accountId)
    .where(chatVisibleTo(viewerOf(principal)))
    .where('m.chat_id', '=', q.chatId as string);
  if (q.searchText) query = query.where('m.text', 'ilike', containsPattern(q.searchText));
  if (startKey !== undefined) query = query.where('m.id', newer ? '>' : '<', Number(startKey));
  const rows = (await query
    .orderBy('m.id', newer ? 'asc' : 'desc')
    .limit(q.perpage + 1)
    .execute()) as MessageRow[];
  // Rows prove the chat visible; none may mean it is not, which is a 404 as everywhere else.
  if (rows.length === 0) await getVisibleChat(deps, principal, q.chatId as string);
  const page = rows.slice(0, q.perpage);
  const edge = page[page.length - 1];
  return {
    data: (newer ? page : page.reverse()).map(presentMessage),
    nextKey: rows.length > q.perpage && edge ? String(edge.id) : null,
  };
}

export async function getMessage(deps: Deps, principal: Caller, id: string): Promise<MessageRow> {
  if (!/^\d{1,18}$/.test(id)) throw notFound(MESSAGES.messageNotFound);
  const row = (await messageRowsQuery(deps.db, principal.accountId)
    .where('m.id', '=', Number(id))
    .where(chatVisibleTo(viewerOf(principal)))
    .executeTakeFirst()) as MessageRow | undefined;
  if (!row) throw notFound(MESSAGES.messageNotFound);
  return row;
}
