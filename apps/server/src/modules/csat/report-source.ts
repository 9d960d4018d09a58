import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ChannelType } from '../../db/schema-messaging.js';

/** A survey that went out, with its answer if it has one: what the reports count. */
export interface SurveyForReports {
  surveyId: string;
  ticketId: string;
  chatId: string;
  agentId: string | null;
  channel: ChannelType;
  divisionId: string | null;
  sentAt: Date;
  rating: number | null;
  comment: string | null;
  answeredAt: Date | null;
}

/**
 * An account's surveys sent (not skipped) or answered in [from, to): the source the reports'
 * reconcile rebuilds their CSAT facts from, so a lost `csat.*` event is repaired.
 */
export async function surveysForReports(
  db: Db,
  accountId: string,
  from: Date,
  to: Date,
): Promise<SurveyForReports[]> {
  const { rows } = await sql<SurveyForReports>`
    SELECT s.id AS "surveyId", s.ticket_id AS "ticketId", s.chat_id AS "chatId",
           s.agent_id AS "agentId", s.channel, s.division_id AS "divisionId", s.sent_at AS "sentAt",
           r.rating, r.comment, r.answered_at AS "answeredAt"
    FROM csat_surveys s
    LEFT JOIN csat_responses r ON r.survey_id = s.id AND r.account_id = s.account_id
    WHERE s.account_id = ${accountId} AND s.status <> 'skipped'
      AND s.sent_at >= ${from} AND s.sent_at < ${to}
    UNION ALL
    SELECT s.id, s.ticket_id, s.chat_id, s.agent_id, s.channel, s.division_id, s.sent_at,
           r.rating, r.comment, r.answered_at
    FROM csat_responses r
    JOIN csat_surveys s ON s.id = r.survey_id AND s.account_id = r.account_id
    WHERE r.account_id = ${accountId} AND r.answered_at >= ${from} AND r.answered_at < ${to}
      AND NOT (s.sent_at >= ${from} AND s.sent_at < ${to})`.execute(db);
  return rows.map((r) => ({ ...r, rating: r.rating === null ? null : Number(r.rating) }));
}
