import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0067_wabasic_sessions.sql (WhatsApp basic sessions, issue 20). */
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type WabasicStateDb =
  | 'unlinked'
  | 'linking'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'qr_expired'
  | 'logged_out';

export interface WabasicSessionsTable {
  channel_id: string;
  account_id: string;
  state: ColumnType<WabasicStateDb, WabasicStateDb | undefined, WabasicStateDb>;
  reason: string | null;
  state_changed_at: DefaultTimestamp;
  qr_sealed: string | null;
  qr_expires_at: NullableTimestamp;
  qr_rotation: Generated<number>;
  pairing_phone: string | null;
  pairing_code: string | null;
  pairing_requested_at: NullableTimestamp;
  command: 'logout' | null;
  phone: string | null;
  push_name: string | null;
  lid: string | null;
  linked_at: NullableTimestamp;
  last_connected_at: NullableTimestamp;
  creds_sealed: string | null;
  updated_at: DefaultTimestamp;
}

export interface WabasicKeysTable {
  channel_id: string;
  type: string;
  key_id: string;
  value_sealed: string;
}

export interface WabasicLeasesTable {
  channel_id: string;
  owner: string;
  epoch: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  acquired_at: DefaultTimestamp;
}

export interface WabasicTables {
  wabasic_sessions: WabasicSessionsTable;
  wabasic_keys: WabasicKeysTable;
  wabasic_leases: WabasicLeasesTable;
}
