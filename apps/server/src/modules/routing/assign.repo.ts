import type pg from 'pg';
import type { Db } from '../../db/database.js';
import { CHAT_RETURNING, lockChat, type ChatRow } from '../conversations/index.js';

export interface AssignItem {
  chatId: string;
  /** The chat as routing saw it: the assignment lands only if it is still so. */
  expectedAgentId: string | null;
  expectedDivisionIds: string[];
  /** Only agents of one of these divisions; null means any agent. */
  routeDivisionIds: string[] | null;
  allowOffline: boolean;
  fallbackAgentId: string | null;
}

/** A uuid[] literal: per-chat division lists travel as one text[] (SQL has no ragged arrays). */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** SQL of automatic assignment; every statement is scoped by the account id. */
export const assignRepo = {
  /**
   * One round trip to `routing_assign_batch` (migrations 0018, 0027) for many chats of one account: the
   * routing lock once, then each chat in turn to the online agent with fewest open chats (then
   * the longest since their last assignment; offline ones if allowed; then the fallback), with
   * its open ticket. The lock is held only while the function runs. The agent given each chat,
   * or null, in the items' order.
   */
  async assignMany(
    pool: pg.Pool,
    accountId: string,
    items: AssignItem[],
    now: Date,
  ): Promise<(string | null)[]> {
    if (items.length === 0) return [];
    // Named: on the hot path of every new conversation, parsed and planned once per connection.
    // The outbound webhooks' `chat.assigned` events are written by the same statement (the
    // outbox's `webhook_record_events`, migration 0063), so no crash falls between an assignment
    // and its event; the payload is the one webhooks-out/listeners/spine.listener.ts writes (the
    // chat keeps the divisions it was expected to have, or it is not assigned).
    const result = await pool.query<{ r_ord: number; r_agent: string }>({
      name: 'sapa_routing_assign_v2',
      text: `WITH a AS MATERIALIZED (
               SELECT r_ord, r_agent FROM routing_assign_batch($1, $2::uuid[], $3::uuid[], $4::text[],
                 $5::text[], $6::boolean[], $7::uuid[], $8)
             ), hooks AS MATERIALIZED (
               SELECT webhook_record_events(
                 array_agg($1::uuid ORDER BY r_ord), array_agg('chat.assigned'::text ORDER BY r_ord),
                 array_agg(($2::uuid[])[r_ord] ORDER BY r_ord), array_agg(NULL::text ORDER BY r_ord),
                 array_agg(jsonb_build_object('agentId', r_agent,
                   'divisionIds', to_jsonb((($4::text[])[r_ord])::uuid[]), 'by', NULL) ORDER BY r_ord),
                 array_agg($8::timestamptz ORDER BY r_ord), $8) AS queued
               FROM a WHERE r_agent IS NOT NULL
             )
             SELECT r_ord, r_agent FROM a CROSS JOIN hooks`,
      values: [
        accountId,
        items.map((i) => i.chatId),
        items.map((i) => i.expectedAgentId),
        items.map((i) => uuidArray(i.expectedDivisionIds)),
        items.map((i) => (i.routeDivisionIds ? uuidArray(i.routeDivisionIds) : null)),
        items.map((i) => i.allowOffline),
        items.map((i) => i.fallbackAgentId),
        now,
      ],
    });
    const agents: (string | null)[] = items.map(() => null);
    for (const row of result.rows) agents[row.r_ord - 1] = row.r_agent;
    return agents;
  },

  /** The assigned chats as events carry them (the columns ingest returns), by a named statement. */
  async assignedChats(pool: pg.Pool, accountId: string, chatIds: string[]): Promise<ChatRow[]> {
    if (chatIds.length === 0) return [];
    const result = await pool.query<ChatRow>({
      name: 'sapa_routing_assigned_chats_v1',
      text: `SELECT ${CHAT_RETURNING} FROM chats c WHERE c.account_id = $1 AND c.id = ANY ($2::uuid[])`,
      values: [accountId, chatIds],
    });
    return result.rows;
  },

  /** The chat's routing facts, locked until the transaction ends. */
  lockChat,
  async countOnlineAgents(
    db: Db,
    accountId: string,
    divisionIds: string[] | null,
  ): Promise<number> {
    let q = db
      .selectFrom('user_presence as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('p.account_id', '=', accountId)
      .where('p.connections', '>', 0)
      .where('p.status', '=', 'online')
      .where('u.status', '=', 'active')
      .where('u.role', '=', 'agent');
    if (divisionIds !== null && divisionIds.length > 0)
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_divisions as ud')
            .select('ud.user_id')
            .whereRef('ud.user_id', '=', 'u.id')
            .where('ud.division_id', 'in', divisionIds),
        ),
      );
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.n);
  },
  /** Divisions of a user (the audience a chat of theirs had). */
  async divisionsOf(db: Db, userId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('user_divisions')
      .select('division_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.division_id);
  },
};
