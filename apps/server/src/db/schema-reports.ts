import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0050_reports.sql. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
// pg parses `date` into a local Date: every read selects `day::text`, so the type says string.
type Day = ColumnType<string, string, string>;
// bigint and numeric: the int8 parser in database.ts yields a number; numeric stays text.
type BigCount = ColumnType<number, number | string | undefined, number | string>;
type Numeric = ColumnType<string, number | string | undefined, number | string>;

export interface ReportEventsTable {
  account_id: string;
  kind: string;
  source_id: string;
  at: Timestamp;
  day: Day;
  value_s: number | null;
  value_bh_s: number | null;
  bucket: number | null;
  bucket_bh: number | null;
  chat_id: string | null;
  ticket_id: string | null;
  agent_id: string | null;
  channel: string | null;
  channel_id: string | null;
  division_id: string | null;
  labels: ColumnType<string[], string[] | undefined, string[]>;
  msg_type: string | null;
  note: string | null;
}

/** Migration 0077: messages counted per day and everything a report filters them by. */
export interface ReportMessageCountsTable {
  account_id: string;
  kind: string;
  day: Day;
  agent_id: string | null;
  channel: string | null;
  division_id: string | null;
  labels: ColumnType<string[], string[] | undefined, string[]>;
  msg_type: string | null;
  count: number;
}

/** Migration 0077: which messages are counted, a bit per message id in blocks of 1,024. */
export interface ReportMessageMarksTable {
  account_id: string;
  block: string;
  bits: string;
}

export interface ReportDailyTable {
  account_id: string;
  metric: string;
  dim: string;
  day: Day;
  count: BigCount;
  sum_s: BigCount;
  sum_bh_s: BigCount;
  amount: Numeric;
  hist: ColumnType<number[], number[] | undefined, number[]>;
  hist_bh: ColumnType<number[], number[] | undefined, number[]>;
}

export interface ReportLedgerCursorTable {
  account_id: string;
  last_id: BigCount;
  updated_at: Timestamp;
}

export interface ReportBroadcastsTable {
  broadcast_id: string;
  account_id: string;
  day: Day;
  channel: string;
  created_by: string | null;
  recipients: Generated<number>;
  sent: Generated<number>;
  delivered: Generated<number>;
  read: Generated<number>;
  failed: Generated<number>;
  replied: Generated<number>;
  updated_at: Timestamp;
}

export interface ReportPresenceTable {
  user_id: string;
  account_id: string;
  online_since: Timestamp;
}

export interface ReportTargetsTable {
  account_id: string;
  first_response_s: number;
  resolution_s: number;
  updated_at: Timestamp;
}

export interface ReportTables {
  report_events: ReportEventsTable;
  report_message_counts: ReportMessageCountsTable;
  report_message_marks: ReportMessageMarksTable;
  report_daily: ReportDailyTable;
  /** Migration 0050: ReportDailyTable per ISO week (`day` is the Monday), histogram metrics only. */
  report_weekly: ReportDailyTable;
  report_ledger_cursor: ReportLedgerCursorTable;
  report_broadcasts: ReportBroadcastsTable;
  report_presence: ReportPresenceTable;
  report_targets: ReportTargetsTable;
}
