import type { ColumnType } from 'kysely';

/** Kysely's view of migrations/0059_idempotency.sql. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A caller's `Idempotency-Key`: claimed while its request runs, then its first answer for 24 h. */
export interface IdempotencyKeysTable {
  account_id: string;
  caller: string;
  key: string;
  request_hash: string;
  claim_id: string;
  state: 'running' | 'done';
  claimed_at: Timestamp;
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  expires_at: Timestamp;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
