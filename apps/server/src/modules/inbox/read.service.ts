import { sql } from 'kysely';
import { MESSAGES, type Chat, type Message } from '@sapa/contracts';
import type { z } from 'zod';
import type { chatPageQuerySchema, messagePageQuerySchema } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../http/errors.js';
import { viewerOf } from '../../realtime/viewer.js';
import type { Principal } from '../auth/principal.js';
import { presentChat, presentMessage, type ChatRow, type MessageRow } from './presenters.js';
import { chatRowsQuery, messageRowsQuery } from './queries.js';
import { chatVisibleTo } from './visibility-filter.js';

type ChatPageQuery = z.output<typeof chatPageQuerySchema>;
type MessagePageQuery = z.output<typeof messagePageQuerySchema>;

const encodeKey = (parts: string[]) => Buffer.from(parts.join('|')).toString('base64url');
function decodeKey(key: string, n: number): string[] {
  const parts = Buffer.from(key, 'base64url').toString('utf8').split('|');
  if (parts.length !== n || parts.some((p) => !p))
    throw badRequest('Invalid startKey', 'INVALID_START_KEY');
  return parts;
}

/** Chat list, newest activity first, keyset-paginated; only chats the caller may see. */
export async function listChats(
  deps: Deps,
  principal: Principal,
  q: ChatPageQuery,
): Promise<{ data: Chat[]; nextKey: string | null }> {
  let query = chatRowsQuery(deps.db, principal.accountId).where(chatVisibleTo(viewerOf(principal)));
  query = query.where('c.is_archive', '=', q.isArchive ?? false);
  if (q.assignee === 'MINE') query = query.where('c.agent_id', '=', principal.userId);
  if (q.assignee === 'UNASSIGNED') query = query.where('c.agent_id', 'is', null);
  if (q.unread) query = query.where('c.unread_count', '>', 0);
  if (q.channel) query = query.where('c.channel', '=', q.channel as ChatRow['channel']);
  if (q.flag) query = query.where('c.flag', '=', q.flag);
  if (q.resolved !== undefined) query = query.where('c.flag', q.resolved ? '=' : '!=', 'gray');
  if (q.label) query = query.where(sql<boolean>`c.labels @> ARRAY[${q.label}]::uuid[]`);
  if (q.searchText) {
    const like = `%${q.searchText.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('c.name', 'ilike', like), eb('c.identifier', 'ilike', like)]),
    );
  }
  if (q.startKey) {
    const [ts, id] = decodeKey(q.startKey, 2);
    query = query.where(sql<boolean>`(c.last_update, c.id) < (${ts}::timestamptz, ${id}::uuid)`);
  }
  const rows = (await query
    .orderBy('c.last_update', 'desc')
    .orderBy('c.id', 'desc')
    .limit(q.perpage + 1)
    .execute()) as ChatRow[];
  const page = rows.slice(0, q.perpage);
  const last = page[page.length - 1];
  return {
    data: page.map(presentChat),
    nextKey:
      rows.length > q.perpage && last ? encodeKey([last.last_update.toISOString(), last.id]) : null,
  };
}

/** One chat the caller may see, or 404 (also for other accounts' chats). */
export async function getVisibleChat(
  deps: Deps,
  principal: Principal,
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
 * A chat's messages, newest page first: `data` is in chronological order and `nextKey` loads the
 * page before it. With `searchText` and no chatId, searches every visible chat.
 */
export async function listMessages(
  deps: Deps,
  principal: Principal,
  q: MessagePageQuery,
): Promise<{ data: Message[]; nextKey: string | null }> {
  if (!q.chatId && !q.searchText) throw badRequest('The chat id field is required', 'VALIDATION');
  let query = messageRowsQuery(deps.db, principal.accountId).where(
    chatVisibleTo(viewerOf(principal)),
  );
  if (q.chatId) query = query.where('m.chat_id', '=', q.chatId);
  if (q.searchText) {
    const like = `%${q.searchText.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    query = query.where('m.text', 'ilike', like);
  }
  if (q.startKey) {
    if (!/^\d+$/.test(q.startKey)) throw badRequest('Invalid startKey', 'INVALID_START_KEY');
    query = query.where('m.id', '<', Number(q.startKey));
  }
  const rows = (await query
    .orderBy('m.id', 'desc')
    .limit(q.perpage + 1)
    .execute()) as MessageRow[];
  const page = rows.slice(0, q.perpage);
  const oldest = page[page.length - 1];
  return {
    data: page.reverse().map(presentMessage),
    nextKey: rows.length > q.perpage && oldest ? String(oldest.id) : null,
  };
}

export async function getMessage(
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<MessageRow> {
  if (!/^\d+$/.test(id)) throw notFound(MESSAGES.messageNotFound);
  const row = (await messageRowsQuery(deps.db, principal.accountId)
    .where('m.id', '=', Number(id))
    .where(chatVisibleTo(viewerOf(principal)))
    .executeTakeFirst()) as MessageRow | undefined;
  if (!row) throw notFound(MESSAGES.messageNotFound);
  return row;
}
