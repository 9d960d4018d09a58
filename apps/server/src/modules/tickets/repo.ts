import { sql, type Expression, type SqlBool } from 'kysely';
import type { TicketExportQuery } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import type { ChannelType } from '../../db/schema-messaging.js';
import { containsPattern } from '../../lib/like.js';

export interface TicketRow {
  id: string;
  chat_id: string;
  name: string;
  identifier: string;
  channel: ChannelType;
  agent_id: string | null;
  agent_name: string | null;
  resolved_by: string | null;
  resolved_by_name: string | null;
  open_at: Date;
  answer_at: Date | null;
  close_at: Date | null;
  first_response_seconds: number | null;
  /** open_at in UTC with its microseconds (a JS Date keeps only milliseconds), for the keyset. */
  open_key: string;
}

export interface TicketFilter extends TicketExportQuery {
  /** Start of `from` and the day after `to`, already in the account's time zone. */
  fromInstant?: string;
  toInstantExclusive?: string;
}

export interface TicketPageKey {
  openAt: string;
  id: string;
}

/** Tickets of one account joined to their chat (aliased `c` so chat visibility applies). */
function ticketRowsQuery(db: Db, accountId: string, visible: Expression<SqlBool>) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('chats as c', 'c.id', 't.chat_id')
    .leftJoin('users as ag', 'ag.id', 't.agent_id')
    .leftJoin('users as rb', 'rb.id', 't.resolved_by')
    .where('t.account_id', '=', accountId)
    .where('c.account_id', '=', accountId)
    .where(visible)
    .select([
      't.id',
      't.chat_id',
      'c.name',
      'c.identifier',
      'c.channel',
      't.agent_id',
      'ag.name as agent_name',
      't.resolved_by',
      'rb.name as resolved_by_name',
      't.open_at',
      't.answer_at',
      't.close_at',
      // Provider and server clocks can disagree by a little; a reply never counts as negative.
      sql<number | null>`CASE WHEN t.answer_at IS NULL THEN NULL
        ELSE round(greatest(0, extract(epoch FROM t.answer_at - t.open_at)))::int END`.as(
        'first_response_seconds',
      ),
      sql<string>`to_char(t.open_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'open_key',
      ),
    ]);
}

/** Tickets; `accountId` comes from the principal and `visible` is chatVisibleTo(viewer). */
export const ticketsRepo = {
  async page(
    db: Db,
    accountId: string,
    visible: Expression<SqlBool>,
    f: TicketFilter,
    limit: number,
    after?: TicketPageKey,
  ): Promise<TicketRow[]> {
    let q = ticketRowsQuery(db, accountId, visible);
    if (f.status === 'open') q = q.where('t.close_at', 'is', null);
    if (f.status === 'closed') q = q.where('t.close_at', 'is not', null);
    if (f.agentId) q = q.where('t.agent_id', '=', f.agentId);
    if (f.channel) q = q.where('c.channel', '=', f.channel);
    if (f.searchText) {
      const like = containsPattern(f.searchText);
      q = q.where((eb) => eb.or([eb('c.name', 'ilike', like), eb('c.identifier', 'ilike', like)]));
    }
    if (f.fromInstant) q = q.where(sql<SqlBool>`t.open_at >= ${f.fromInstant}::timestamptz`);
    if (f.toInstantExclusive)
      q = q.where(sql<SqlBool>`t.open_at < ${f.toInstantExclusive}::timestamptz`);
    if (after) {
      q = q.where(
        sql<SqlBool>`(t.open_at, t.id) < (${after.openAt}::timestamptz, ${after.id}::uuid)`,
      );
    }
    return (await q
      .orderBy('t.open_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .execute()) as TicketRow[];
  },

  async one(
    db: Db,
    accountId: string,
    visible: Expression<SqlBool>,
    id: string,
  ): Promise<TicketRow | undefined> {
    return (await ticketRowsQuery(db, accountId, visible)
      .where('t.id', '=', id)
      .executeTakeFirst()) as TicketRow | undefined;
  },

  /**
   * The account's time zone, and the instants where its `from` day starts and the day after
   * `to` starts (Postgres does the zone arithmetic, daylight saving included).
   */
  async dayRange(
    db: Db,
    accountId: string,
    from: string | undefined,
    to: string | undefined,
  ): Promise<{ timezone: string; fromInstant?: string; toInstantExclusive?: string }> {
    const row = await db
      .selectFrom('accounts')
      .where('id', '=', accountId)
      .select([
        'timezone',
        sql<string | null>`(${from ?? null}::date::timestamp AT TIME ZONE timezone)::text`.as(
          'from_instant',
        ),
        sql<string | null>`((${to ?? null}::date + 1)::timestamp AT TIME ZONE timezone)::text`.as(
          'to_instant',
        ),
      ])
      .executeTakeFirstOrThrow();
    return {
      timezone: row.timezone,
      ...(row.from_instant ? { fromInstant: row.from_instant } : {}),
      ...(row.to_instant ? { toInstantExclusive: row.to_instant } : {}),
    };
  },
};

/**
 * The first agent reply of the chat's open ticket (spec issue 4 "answerAt"). Called inside the
 * transaction that stores an agent's outgoing message, after the chat row is updated: ingest
 * locks the chat before touching its ticket too, so both take the locks in the same order.
 * Automatic and system messages never call this.
 */
export async function markTicketAnswered(
  trx: Db,
  input: { accountId: string; chatId: string; agentId: string | null; at: Date },
): Promise<void> {
  await trx
    .updateTable('tickets')
    .set({ answer_at: input.at, agent_id: sql`coalesce(agent_id, ${input.agentId}::uuid)` })
    .where('account_id', '=', input.accountId)
    .where('chat_id', '=', input.chatId)
    .where('close_at', 'is', null)
    .where('answer_at', 'is', null)
    .execute();
}
