import type pg from 'pg';
import type { Db } from '../../db/database.js';
import { loadReportAccounts } from './account-context.js';
import { fact, secondsBetween, type Fact } from './facts.js';
import { localDay, secondsWithin } from './working-hours.js';

const CLOSED_SQL = `
  SELECT t.id, t.account_id, t.chat_id, t.agent_id, t.resolved_by, t.open_at, t.answer_at, t.close_at,
         c.channel, c.channel_id, c.labels::text[] AS labels, c.division_ids[1]::text AS chat_division,
         (SELECT min(ud.division_id::text) FROM user_divisions ud
          WHERE ud.user_id = coalesce(t.agent_id, t.resolved_by)) AS agent_division
  FROM tickets t JOIN chats c ON c.id = t.chat_id
  WHERE t.id = ANY($1::uuid[]) AND t.close_at IS NOT NULL`;

interface ClosedRow {
  id: string;
  account_id: string;
  chat_id: string;
  agent_id: string | null;
  resolved_by: string | null;
  open_at: Date;
  answer_at: Date | null;
  close_at: Date;
  channel: string;
  channel_id: string;
  labels: string[];
  chat_division: string | null;
  agent_division: string | null;
}

/**
 * The facts of resolved tickets: the resolution (open to close), and "unanswered" when no person
 * replied before the resolve. Both belong to the agent who held the ticket (else the resolver).
 */
export async function ticketCloseFacts(
  db: Db,
  pool: pg.Pool,
  ticketIds: string[],
): Promise<Fact[]> {
  if (ticketIds.length === 0) return [];
  const { rows } = await pool.query<ClosedRow>({
    name: 'sapa_report_ticket_close_v1',
    text: CLOSED_SQL,
    values: [ticketIds],
  });
  const accounts = await loadReportAccounts(
    db,
    rows.map((r) => r.account_id),
  );
  const facts: Fact[] = [];
  for (const r of rows) {
    const account = accounts.get(r.account_id);
    if (!account) continue;
    const { timezone, hours } = account;
    const agentId = r.agent_id ?? r.resolved_by;
    const base = {
      accountId: r.account_id,
      at: r.close_at,
      day: localDay(r.close_at, timezone),
      sourceId: r.id,
      ticketId: r.id,
      chatId: r.chat_id,
      agentId,
      channel: r.channel,
      channelId: r.channel_id,
      divisionId: r.chat_division ?? r.agent_division,
      labels: r.labels ?? [],
    };
    facts.push(
      fact({
        ...base,
        kind: 'resolution',
        valueS: secondsBetween(r.open_at, r.close_at),
        valueBhS:
          r.close_at > r.open_at ? secondsWithin(r.open_at, r.close_at, hours, timezone) : 0,
      }),
    );
    if (!r.answer_at) facts.push(fact({ ...base, kind: 'unanswered' }));
  }
  return facts;
}
