import type pg from 'pg';
import type { Db } from '../../db/database.js';
import { loadReportAccounts } from './account-context.js';
import { fact, secondsBetween, type Fact } from './facts.js';
import { localDay, secondsWithin } from './working-hours.js';

/** A conversation counts as reopened when its previous ticket was resolved less than this before. */
export const REOPEN_WINDOW_MS = 7 * 86_400_000;

/**
 * Everything the facts of some messages need, in one statement, by message id: the chat's
 * channel, labels and division; for a customer's message the ticket it opened (its open time is
 * the message's time, as ingest opens it) and the chat's previous ticket; for a person's reply
 * the ticket it answered (answer time = the reply's time, as sending sets it) and when the run of
 * customer messages it ends began. A person's reply is a message with a sender that is not a
 * system message: automatic messages, broadcasts and Meta-app echoes have no sender.
 * Oldest first: a contact's `contact_active` fact of a month is the first one written, so it must
 * be its first message's, whatever plan the database picks.
 */
const CONTEXT_SQL = `
  SELECT m.id::text AS id, m.account_id, m.chat_id, m.channel_id, m.msg_type, m.from_me, m.sender_id,
         m.is_system, m.status, m.sent_at, c.channel, c.agent_id AS chat_agent, c.contact_id, c.labels::text[] AS labels,
         c.division_ids[1]::text AS chat_division,
         ot.id AS opened_ticket, ot.open_at AS opened_at, ot.agent_id AS opened_agent,
         prev.close_at AS previous_close,
         ans.id AS answered_ticket, ans.open_at AS answered_open_at,
         ws.waiting_since
  FROM messages m
  JOIN chats c ON c.id = m.chat_id
  LEFT JOIN LATERAL (
    SELECT t.id, t.open_at, t.agent_id FROM tickets t
    WHERE NOT m.from_me AND t.chat_id = m.chat_id AND t.open_at = m.sent_at
    ORDER BY t.id LIMIT 1) ot ON true
  LEFT JOIN LATERAL (
    SELECT p.close_at FROM tickets p
    WHERE ot.id IS NOT NULL AND p.chat_id = m.chat_id AND p.id <> ot.id AND p.open_at <= ot.open_at
      AND p.close_at IS NOT NULL
    ORDER BY p.open_at DESC LIMIT 1) prev ON true
  LEFT JOIN LATERAL (
    SELECT t.id, t.open_at FROM tickets t
    WHERE m.from_me AND m.sender_id IS NOT NULL AND NOT m.is_system
      AND t.chat_id = m.chat_id AND t.answer_at = m.sent_at
    ORDER BY t.id LIMIT 1) ans ON true
  LEFT JOIN LATERAL (
    SELECT min(q.sent_at) AS waiting_since FROM messages q
    WHERE m.from_me AND m.sender_id IS NOT NULL AND NOT m.is_system
      AND q.chat_id = m.chat_id AND q.id < m.id AND NOT q.from_me
      AND q.id > coalesce((
        SELECT h.id FROM messages h
        WHERE h.chat_id = m.chat_id AND h.id < m.id AND h.from_me AND h.sender_id IS NOT NULL
          AND NOT h.is_system
        ORDER BY h.id DESC LIMIT 1), 0)) ws ON true
  WHERE m.id = ANY($1::bigint[])
  ORDER BY m.id`;

interface ContextRow {
  id: string;
  account_id: string;
  chat_id: string;
  channel_id: string;
  msg_type: string;
  from_me: boolean;
  sender_id: string | null;
  is_system: boolean;
  status: string;
  sent_at: Date;
  channel: string;
  chat_agent: string | null;
  contact_id: string;
  labels: string[];
  chat_division: string | null;
  opened_ticket: string | null;
  opened_at: Date | null;
  opened_agent: string | null;
  previous_close: Date | null;
  answered_ticket: string | null;
  answered_open_at: Date | null;
  waiting_since: Date | null;
}

/** Each user's first division (by id), the division of their facts on chats without one. */
async function firstDivisions(pool: pg.Pool, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await pool.query<{ user_id: string; division_id: string }>(
    `SELECT user_id, min(division_id::text) AS division_id FROM user_divisions
     WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`,
    [userIds],
  );
  return new Map(rows.map((r) => [r.user_id, r.division_id]));
}

const monthOf = (day: string) => day.slice(0, 7);

/** A system message of Sapa's that is stored as already there ('received') rather than sent. */
const isNote = (m: Pick<ContextRow, 'from_me' | 'is_system' | 'status'>) =>
  m.from_me && m.is_system && m.status === 'received';

/**
 * The facts of some stored messages: each message in or out, the contact's activity of the
 * month, a ticket it opened (and whether that reopened the conversation), a ticket it answered
 * first (first response) and the customer's wait it ended (reply time).
 */
export async function messageFacts(db: Db, pool: pg.Pool, messageIds: string[]): Promise<Fact[]> {
  if (messageIds.length === 0) return [];
  const { rows } = await pool.query<ContextRow>({
    name: 'sapa_report_message_context_v3',
    text: CONTEXT_SQL,
    values: [messageIds],
  });
  if (rows.length === 0) return [];
  // Oldest first: a contact's month is active from its first message, and of two facts with one
  // key the first is kept (distinctFacts), so the earliest message must come first.
  rows.sort((a, b) => a.sent_at.getTime() - b.sent_at.getTime() || Number(a.id) - Number(b.id));
  const accounts = await loadReportAccounts(
    db,
    rows.map((r) => r.account_id),
  );
  const people = new Set<string>();
  for (const r of rows) {
    if (r.sender_id) people.add(r.sender_id);
    if (r.chat_agent) people.add(r.chat_agent);
    if (r.opened_agent) people.add(r.opened_agent);
  }
  const divisions = await firstDivisions(pool, [...people]);
  const facts: Fact[] = [];
  for (const r of rows) {
    const account = accounts.get(r.account_id);
    if (!account) continue;
    const { timezone, hours } = account;
    // Sapa's notes in a conversation (a survey skipped, a CSAT answer's card) never leave: not a
    // message out, nor anyone's activity. The survey itself is queued and sent, and counts.
    if (isNote(r)) continue;
    const human = r.from_me && r.sender_id !== null && !r.is_system;
    const divisionOf = (agent: string | null) =>
      r.chat_division ?? (agent ? (divisions.get(agent) ?? null) : null);
    const on = (at: Date, agentId: string | null) => ({
      accountId: r.account_id,
      at,
      day: localDay(at, timezone),
      chatId: r.chat_id,
      agentId,
      channel: r.channel,
      channelId: r.channel_id,
      divisionId: divisionOf(agentId),
      labels: r.labels ?? [],
    });
    const duration = (from: Date, to: Date) => ({
      valueS: secondsBetween(from, to),
      valueBhS: to > from ? secondsWithin(from, to, hours, timezone) : 0,
    });

    // In: the chat's agent of the moment; out: whoever sent it (nobody for automatic messages).
    const agent = r.from_me ? (human ? r.sender_id : null) : r.chat_agent;
    const base = on(r.sent_at, agent);
    // The commonest fact by far, so it keeps only what a report reads of it: no chat or channel
    // row (figures per channel read the channel's name).
    facts.push(
      fact({
        ...base,
        kind: r.from_me ? 'message_out' : 'message_in',
        sourceId: r.id,
        msgType: r.msg_type,
        chatId: null,
        channelId: null,
      }),
    );
    facts.push(
      fact({
        ...base,
        kind: 'contact_active',
        sourceId: `${r.contact_id}:${monthOf(base.day)}`,
        agentId: null,
        divisionId: null,
        labels: [],
      }),
    );

    if (r.opened_ticket && r.opened_at) {
      const opened = on(r.opened_at, r.opened_agent);
      facts.push(
        fact({ ...opened, kind: 'opened', sourceId: r.opened_ticket, ticketId: r.opened_ticket }),
      );
      if (r.previous_close && r.opened_at.getTime() - r.previous_close.getTime() < REOPEN_WINDOW_MS)
        facts.push(
          fact({
            ...opened,
            kind: 'reopened',
            sourceId: r.opened_ticket,
            ticketId: r.opened_ticket,
          }),
        );
    }
    if (human && r.answered_ticket && r.answered_open_at)
      facts.push(
        fact({
          ...base,
          ...duration(r.answered_open_at, r.sent_at),
          kind: 'first_response',
          sourceId: r.answered_ticket,
          ticketId: r.answered_ticket,
        }),
      );
    if (human && r.waiting_since)
      facts.push(
        fact({
          ...base,
          ...duration(r.waiting_since, r.sent_at),
          kind: 'reply_time',
          sourceId: r.id,
        }),
      );
  }
  return facts;
}
