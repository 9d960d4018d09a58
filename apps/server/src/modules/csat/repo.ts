import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ChannelType } from '../../db/schema-messaging.js';
import type { CsatStatusDb, CsatViaDb } from '../../db/schema-csat.js';
import { previewOf } from '../conversations/index.js';

/** What deciding a ticket's survey needs: the ticket, its chat and channel, who resolved it. */
export interface TicketFacts {
  ticket_id: string;
  account_id: string;
  chat_id: string;
  resolved_by: string | null;
  channel: ChannelType;
  channel_id: string;
  blocked: boolean;
  initiate_at: Date | null;
  division_id: string | null;
  human_agent_replies: boolean | null;
  channel_usable: boolean;
  business: string;
  language: 'en' | 'id' | null;
}

export interface NewMessage {
  account_id: string;
  chat_id: string;
  channel_id: string;
  msg_type: string;
  text: string;
  payload: Record<string, unknown>;
  /** `queue` for what the send job sends; `received` for Sapa's notes, which never leave. */
  status: 'queue' | 'received';
  sent_at: Date;
}

export interface SurveyRow {
  id: string;
  account_id: string;
  ticket_id: string;
  chat_id: string;
  channel_id: string;
  channel: ChannelType;
  agent_id: string | null;
  division_id: string | null;
  language: 'en' | 'id';
  via: CsatViaDb | null;
  status: CsatStatusDb;
  sent_at: Date;
  expires_at: Date | null;
  comment_until: Date | null;
}

const SURVEY_COLUMNS = [
  's.id',
  's.account_id',
  's.ticket_id',
  's.chat_id',
  's.channel_id',
  's.channel',
  's.agent_id',
  's.division_id',
  's.language',
  's.via',
  's.status',
  's.sent_at',
  's.expires_at',
  's.comment_until',
] as const;

/** The SQL of surveys and answers; every statement names the account or one of its rows. */
export const csatRepo = {
  async isOn(db: Db, accountId: string): Promise<boolean> {
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('account_id', '=', accountId)
      .where('key', '=', 'bo.isCsat')
      .executeTakeFirst();
    return row?.value === 'true';
  },

  async ticketFacts(db: Db, ticketId: string): Promise<TicketFacts | undefined> {
    const { rows } = await sql<TicketFacts>`
      SELECT t.id AS ticket_id, t.account_id, t.chat_id, t.resolved_by,
             c.channel, c.channel_id, c.blocked, c.initiate_at, c.division_ids[1] AS division_id,
             ch.human_agent_replies,
             (ch.is_enabled AND ch.disconnected_at IS NULL AND ch.deleted_at IS NULL) AS channel_usable,
             a.name AS business, u.language
      FROM tickets t
      JOIN chats c ON c.id = t.chat_id AND c.account_id = t.account_id
      JOIN channels ch ON ch.id = c.channel_id
      JOIN accounts a ON a.id = t.account_id
      LEFT JOIN users u ON u.id = t.resolved_by AND u.account_id = t.account_id
      WHERE t.id = ${ticketId}::uuid AND t.close_at IS NOT NULL`.execute(db);
    return rows[0];
  },

  async hasSurvey(db: Db, ticketId: string): Promise<boolean> {
    const row = await db
      .selectFrom('csat_surveys')
      .select('id')
      .where('ticket_id', '=', ticketId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The survey, once per ticket: undefined when another process or event got there first. */
  async insertSurvey(
    trx: Db,
    v: {
      account_id: string;
      ticket_id: string;
      chat_id: string;
      channel_id: string;
      channel: ChannelType;
      agent_id: string | null;
      division_id: string | null;
      language: 'en' | 'id';
      via: CsatViaDb | null;
      status: 'sent' | 'skipped';
      skip_reason: string | null;
      token_hash: Buffer | null;
      sent_at: Date;
      expires_at: Date | null;
    },
  ): Promise<string | undefined> {
    const row = await trx
      .insertInto('csat_surveys')
      .values(v)
      .onConflict((oc) => oc.column('ticket_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  async setSurveyMessage(trx: Db, surveyId: string, messageId: string): Promise<void> {
    await trx
      .updateTable('csat_surveys')
      .set({ message_id: Number(messageId) })
      .where('id', '=', surveyId)
      .execute();
  },

  /** A message of Sapa's (no sender): the survey, its follow-ups, or a note that never leaves. */
  async insertMessage(trx: Db, m: NewMessage): Promise<string> {
    const row = await trx
      .insertInto('messages')
      .values({
        account_id: m.account_id,
        chat_id: m.chat_id,
        channel_id: m.channel_id,
        msg_type: m.msg_type,
        text: m.text,
        payload: JSON.stringify(m.payload),
        attachment_name: null,
        media_id: null,
        status: m.status,
        from_me: true,
        is_system: true,
        sender_id: null,
        sent_at: m.sent_at,
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** The chat list shows what went out last; the flag stays (an automatic message answers nothing). */
  async touchChat(trx: Db, accountId: string, chatId: string, text: string, now: Date) {
    await trx
      .updateTable('chats')
      .set({
        last_message_text: previewOf('text', text, null),
        last_message_type: 'text',
        last_message_from_me: true,
        last_update: now,
        updated_at: now,
      })
      .where('account_id', '=', accountId)
      .where('id', '=', chatId)
      .execute();
  },

  survey(db: Db, accountId: string, surveyId: string): Promise<SurveyRow | undefined> {
    return db
      .selectFrom('csat_surveys as s')
      .select(SURVEY_COLUMNS)
      .where('s.account_id', '=', accountId)
      .where('s.id', '=', surveyId)
      .executeTakeFirst();
  },

  /** Locks the survey for its answer: two taps (or two page submits) decide one after the other. */
  lockSurvey(trx: Db, surveyId: string): Promise<SurveyRow | undefined> {
    return trx
      .selectFrom('csat_surveys as s')
      .select(SURVEY_COLUMNS)
      .where('s.id', '=', surveyId)
      .forUpdate()
      .executeTakeFirst();
  },

  /** The answer, once per survey: false when there already is one. */
  async insertResponse(
    trx: Db,
    v: {
      survey_id: string;
      account_id: string;
      rating: number;
      comment: string | null;
      source: 'chat' | 'page';
      answered_at: Date;
      commented_at: Date | null;
    },
  ): Promise<boolean> {
    const row = await trx
      .insertInto('csat_responses')
      .values(v)
      .onConflict((oc) => oc.column('survey_id').doNothing())
      .returning('survey_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async markAnswered(trx: Db, surveyId: string, commentUntil: Date | null): Promise<void> {
    await trx
      .updateTable('csat_surveys')
      .set({ status: 'answered', comment_until: commentUntil })
      .where('id', '=', surveyId)
      .execute();
  },

  async setResponseMessage(trx: Db, surveyId: string, messageId: string): Promise<void> {
    await trx
      .updateTable('csat_responses')
      .set({ message_id: Number(messageId) })
      .where('survey_id', '=', surveyId)
      .execute();
  },

  response(db: Db, surveyId: string) {
    return db
      .selectFrom('csat_responses')
      .selectAll()
      .where('survey_id', '=', surveyId)
      .executeTakeFirst();
  },

  /** The survey of this chat that waits for a comment at `at`, if any (newest first). */
  awaitingComment(db: Db, accountId: string, chatId: string, at: Date) {
    return db
      .selectFrom('csat_surveys as s')
      .select(SURVEY_COLUMNS)
      .where('s.account_id', '=', accountId)
      .where('s.chat_id', '=', chatId)
      .where('s.comment_until', '>=', at)
      .orderBy('s.sent_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /**
   * The comment, once: the first text wins, and the window closes with it (ingest stops
   * treating the customer's texts as survey traffic). The card's message id, or undefined.
   */
  async saveComment(
    trx: Db,
    surveyId: string,
    comment: string,
    at: Date,
  ): Promise<{ message_id: number | null; rating: number } | undefined> {
    await trx
      .updateTable('csat_surveys')
      .set({ comment_until: null })
      .where('id', '=', surveyId)
      .execute();
    return trx
      .updateTable('csat_responses')
      .set({ comment, commented_at: at })
      .where('survey_id', '=', surveyId)
      .where('comment', 'is', null)
      .returning(['message_id', 'rating'])
      .executeTakeFirst();
  },

  async updateCard(trx: Db, messageId: number, text: string, payload: Record<string, unknown>) {
    await trx
      .updateTable('messages')
      .set({ text, payload: JSON.stringify(payload) })
      .where('id', '=', messageId)
      .execute();
  },

  /** The public page's view of a survey, by its token's hash. */
  async byToken(db: Db, tokenHash: Buffer) {
    return db
      .selectFrom('csat_surveys as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .leftJoin('csat_responses as r', 'r.survey_id', 's.id')
      .select(SURVEY_COLUMNS)
      .select(['a.name as business', 'r.rating', 'r.comment', 'r.answered_at', 'r.source'])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  async markExpired(db: Db, surveyId: string): Promise<void> {
    await db
      .updateTable('csat_surveys')
      .set({ status: 'expired' })
      .where('id', '=', surveyId)
      .where('status', '=', 'sent')
      .execute();
  },

  /** Surveys past their 14 days, marked expired a batch at a time; how many were. */
  async expireDue(db: Db, now: Date, limit: number): Promise<number> {
    const { numAffectedRows } = await sql`
      UPDATE csat_surveys SET status = 'expired'
      WHERE id IN (SELECT id FROM csat_surveys WHERE status = 'sent' AND expires_at <= ${now}
                   ORDER BY expires_at LIMIT ${limit})`.execute(db);
    return Number(numAffectedRows ?? 0);
  },

  /** Comment windows that passed: closed, so ingest's index of open ones stays small. */
  async closeCommentWindows(db: Db, now: Date): Promise<number> {
    const { numAffectedRows } = await sql`
      UPDATE csat_surveys SET comment_until = NULL
      WHERE comment_until IS NOT NULL AND comment_until < ${now}`.execute(db);
    return Number(numAffectedRows ?? 0);
  },

  /**
   * Tickets a lost event left without a survey: resolved in accounts with CSAT on, since it was
   * switched on and within `lookbackMs`, more than `graceMs` ago (the listener's own turn).
   */
  async unsurveyed(db: Db, now: Date, lookbackMs: number, graceMs: number, limit: number) {
    const { rows } = await sql<{ id: string }>`
      SELECT t.id FROM settings s
      JOIN tickets t ON t.account_id = s.account_id AND t.close_at IS NOT NULL
        AND t.close_at > GREATEST(s.updated_at, ${new Date(now.getTime() - lookbackMs)}::timestamptz)
        AND t.close_at <= ${new Date(now.getTime() - graceMs)}::timestamptz
      WHERE s.key = 'bo.isCsat' AND s.value = 'true'
        AND NOT EXISTS (SELECT 1 FROM csat_surveys cs WHERE cs.ticket_id = t.id)
      ORDER BY t.close_at LIMIT ${limit}`.execute(db);
    return rows.map((r) => r.id);
  },
};
