import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0060_webhooks_out.sql (outbound webhooks). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type WebhookDisabledReasonDb = 'manual' | 'gone' | 'failing';
export type WebhookDeliveryStateDb = 'pending' | 'delivered' | 'failed';

export interface WebhookEndpointsTable {
  id: Generated<string>;
  account_id: string;
  url: string;
  events: string[];
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: NullableTimestamp;
  enabled: Generated<boolean>;
  disabled_reason: WebhookDisabledReasonDb | null;
  disabled_at: NullableTimestamp;
  failing_since: NullableTimestamp;
  /** A receiver's Retry-After (429/503): nothing is sent to it before then (migration 0063). */
  throttled_until: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface WebhookEventsTable {
  id: Generated<string>;
  account_id: string;
  type: string;
  chat_id: string | null;
  sequence: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  dedupe_key: string | null;
  body: string;
  created_at: Timestamp;
}

export interface WebhookChatSequencesTable {
  chat_id: string;
  seq: ColumnType<string, number | string, number | string>;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  account_id: string;
  endpoint_id: string;
  event_id: string;
  state: Generated<WebhookDeliveryStateDb>;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempt: number;
  replay: Generated<boolean>;
  at: Timestamp;
  request_headers: ColumnType<Record<string, string>, string, string>;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  latency_ms: number;
}

/** migrations/0061_webhook_sweep.sql. */
export interface WebhookSweepMarksTable {
  account_id: string;
  last_message_id: ColumnType<string, number | string, number | string>;
}

export interface WebhookTables {
  webhook_sweep_marks: WebhookSweepMarksTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_chat_sequences: WebhookChatSequencesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
