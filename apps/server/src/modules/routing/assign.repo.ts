import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface AssignInput {
  accountId: string;
  chatId: string;
  /** The chat as routing saw it: the assignment lands only if it is still so. */
  expectedAgentId: string | null;
  expectedDivisionIds: string[];
  /** Only agents of one of these divisions; null means any agent. */
  routeDivisionIds: string[] | null;
  allowOffline: boolean;
  fallbackAgentId: string | null;
  now: Date;
}

/** SQL of automatic assignment; every statement is scoped by the account id. */
export const assignRepo = {
  /**
   * One round trip to `routing_assign` (migration 0018): the routing lock, the pick (online
   * agents with fewest open chats, then the longest since their last assignment; offline ones if
   * allowed; then the fallback), and the assignment of chat and open ticket. The lock is held only
   * while the function runs, so arrivals are assigned one after another without waiting on the
   * network. The agent given the chat, or null.
   */
  async assign(db: Db, input: AssignInput): Promise<string | null> {
    const result = await sql<{ agent: string | null }>`
      SELECT routing_assign(${input.accountId}, ${input.chatId}, ${input.expectedAgentId}::uuid,
        ${input.expectedDivisionIds}::uuid[], ${input.routeDivisionIds}::uuid[], ${input.allowOffline},
        ${input.fallbackAgentId}::uuid, ${input.now}) AS agent`.execute(db);
    return result.rows[0]?.agent ?? null;
  },

  /** The chat's routing facts, locked until the transaction ends. */
  async lockChat(trx: Db, accountId: string, chatId: string) {
    return trx
      .selectFrom('chats')
      .select(['id', 'agent_id', 'division_ids', 'blocked'])
      .where('account_id', '=', accountId)
      .where('id', '=', chatId)
      .forUpdate()
      .executeTakeFirst();
  },
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
