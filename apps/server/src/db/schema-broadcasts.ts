import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0020_broadcasts.sql. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Numeric = ColumnType<string, number | string | undefined, number | string>;

export type BroadcastStatusDb =
  'draft' | 'scheduled' | 'running' | 'paused' | 'completed' | 'cancelled';

export type RecipientStatusDb =
  | 'queue'
  | 'sending'
  | 'expired'
  | 'sent'
  | 'delivered'
  | 'undelivered'
  | 'read'
  | 'failed'
  | 'no-match-template'
  | 'delayed'
  | 'cancelled';

export interface BroadcastHeaderMediaDb {
  type: 'image' | 'video' | 'document';
  /** A public https link given by the user. */
  link?: string;
  /** Or a file uploaded to Sapa's media store. */
  mediaId?: string;
  filename?: string | null;
}

export interface BroadcastsTable {
  id: Generated<string>;
  account_id: string;
  channel_id: string;
  template_id: string;
  created_by: string | null;
  title: string;
  status: Generated<BroadcastStatusDb>;
  header_media: Json<BroadcastHeaderMediaDb | null> | null;
  self_assign: Generated<boolean>;
  scheduled_at: NullableTimestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  total_count: Generated<number>;
  invalid_count: Generated<number>;
  estimated_cost: Numeric;
  /** Migration 0023: why the engine paused it by itself ('Insufficient Balance'). */
  pause_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BroadcastRecipientsTable {
  id: Generated<string>;
  broadcast_id: string;
  account_id: string;
  channel_id: string;
  row_number: number;
  phone: string;
  params: Json<string[]>;
  header_param: string | null;
  contact_id: string | null;
  status: Generated<RecipientStatusDb>;
  provider_message_id: string | null;
  error: Json<Record<string, unknown> | null> | null;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  claimed_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  read_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  replied_at: NullableTimestamp;
}

export interface BroadcastRejectedRowsTable {
  broadcast_id: string;
  row_number: number;
  raw: Json<Record<string, string>>;
  reason: string;
}

/** Migration 0033: where the next free send slot of a channel's shared pacing grid starts. */
export interface BroadcastSendPaceTable {
  channel_id: string;
  next_slot_at: Timestamp;
}

/** Migration 0023: who runs a sending lane of a broadcast, and when it last showed life. */
export interface BroadcastSendLeasesTable {
  broadcast_id: string;
  slot: number;
  holder: string;
  heartbeat_at: Timestamp;
}

export interface BroadcastTables {
  broadcast_send_pace: BroadcastSendPaceTable;
  broadcast_send_leases: BroadcastSendLeasesTable;
  broadcasts: BroadcastsTable;
  broadcast_recipients: BroadcastRecipientsTable;
  broadcast_rejected_rows: BroadcastRejectedRowsTable;
}
