import { sql, type Expression, type SqlBool } from 'kysely';
import type { LiveFloor } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import { viewerOf } from '../../realtime/viewer.js';
import type { Caller } from '../auth/principal.js';
import { chatVisibleTo } from '../conversations/index.js';
import type { Filters } from './scope.js';

/**
 * Right now, from the open tickets (a partial index holds only those) and their chats: open,
 * waiting for an agent (the chat's flag is red: the customer wrote last), unassigned. Managers
 * see the chats they may see; an agent their own queue.
 */
export interface FloorRow extends LiveFloor {
  waitingOverTarget: number;
  oldestWaitingSince: Date | null;
}

function who(p: Caller): Expression<SqlBool> {
  if (p.role === 'agent' && !p.divisionOnlyView)
    return sql<SqlBool>`c.agent_id = ${p.userId}::uuid`;
  return chatVisibleTo(viewerOf(p));
}

export async function liveFloor(
  db: Db,
  p: Caller,
  f: Filters,
  now: Date,
  firstResponseTarget: number,
): Promise<FloorRow> {
  const filters: Expression<SqlBool>[] = [who(p)];
  if (f.channel) filters.push(sql<SqlBool>`c.channel = ${f.channel}`);
  if (f.agentId) filters.push(sql<SqlBool>`c.agent_id = ${f.agentId}::uuid`);
  if (f.divisionId) filters.push(sql<SqlBool>`${f.divisionId}::uuid = ANY(c.division_ids)`);
  if (f.labelId) filters.push(sql<SqlBool>`${f.labelId}::uuid = ANY(c.labels)`);
  const overdue = new Date(now.getTime() - firstResponseTarget * 1000);
  const { rows } = await sql<{
    open: number;
    waiting: number;
    unassigned: number;
    over: number;
    oldest: Date | null;
  }>`
    SELECT count(*)::int AS open,
           count(*) FILTER (WHERE c.flag = 'red')::int AS waiting,
           count(*) FILTER (WHERE c.agent_id IS NULL)::int AS unassigned,
           count(*) FILTER (WHERE t.answer_at IS NULL AND t.open_at < ${overdue})::int AS over,
           min(t.open_at) FILTER (WHERE t.answer_at IS NULL) AS oldest
    FROM tickets t
    -- An open ticket's chat is never gray (resolving closes one and grays the other together):
    -- saying so lets both sides come from partial covering indexes, joined by hash (0056).
    JOIN chats c ON c.id = t.chat_id AND c.account_id = ${p.accountId} AND c.flag <> 'gray'
    WHERE t.account_id = ${p.accountId} AND t.close_at IS NULL
      AND NOT c.blocked AND ${sql.join(filters, sql` AND `)}`.execute(db);
  const r = rows[0];
  return {
    open: r?.open ?? 0,
    waiting: r?.waiting ?? 0,
    unassigned: r?.unassigned ?? 0,
    waitingOverTarget: r?.over ?? 0,
    oldestWaitingSince: r?.oldest ?? null,
  };
}

/** Open tickets per agent now (the agents tab's "open now"; blocked chats aside, as on the floor). */
export async function openPerAgent(db: Db, accountId: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ agent_id: string; n: number }>`
    SELECT c.agent_id, count(*)::int AS n
    FROM tickets t
    JOIN chats c ON c.id = t.chat_id AND c.account_id = ${accountId} AND c.flag <> 'gray'
    WHERE t.account_id = ${accountId} AND t.close_at IS NULL AND NOT c.blocked
      AND c.agent_id IS NOT NULL
    GROUP BY 1`.execute(db);
  return new Map(rows.map((r) => [r.agent_id, Number(r.n)]));
}
