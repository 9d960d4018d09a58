import type { ColumnType, Generated } from 'kysely';
import type { ChannelType } from './schema-messaging.js';

/** Kysely's view of migrations/0055_csat.sql. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type CsatViaDb = 'interactive' | 'link' | 'template';
export type CsatStatusDb = 'sent' | 'skipped' | 'answered' | 'expired';

export interface CsatSurveysTable {
  id: Generated<string>;
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
  skip_reason: string | null;
  message_id: number | null;
  token_hash: Buffer | null;
  sent_at: Timestamp;
  expires_at: NullableTimestamp;
  comment_until: NullableTimestamp;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CsatResponsesTable {
  survey_id: string;
  account_id: string;
  rating: number;
  comment: string | null;
  source: 'chat' | 'page';
  answered_at: Timestamp;
  commented_at: NullableTimestamp;
  message_id: number | null;
}

export interface CsatTables {
  csat_surveys: CsatSurveysTable;
  csat_responses: CsatResponsesTable;
}
