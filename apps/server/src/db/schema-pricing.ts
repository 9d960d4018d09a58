import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0043_pricing.sql (usage charges and the sweeper's watermark). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Numeric = ColumnType<string, number | string, number | string>;
// bigint: the int8 parser in database.ts yields a number.
type BigId = ColumnType<number, number | string, number | string>;

export type UsageKind = 'user_initiated' | 'business_initiated' | 'mau';
export type UsageStatus = 'charged' | 'owed' | 'free' | 'refunded';

export interface UsageChargesTable {
  id: Generated<number>;
  account_id: string;
  kind: UsageKind;
  ref: string;
  chat_id: string | null;
  contact_id: string | null;
  message_id: ColumnType<number | null, number | string | null, number | string | null>;
  starts_at: Timestamp;
  amount: Numeric;
  status: UsageStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsageSweepStateTable {
  id: Generated<boolean>;
  last_message_id: BigId;
  updated_at: Timestamp;
}

export interface PricingTables {
  usage_charges: UsageChargesTable;
  usage_sweep_state: UsageSweepStateTable;
}
