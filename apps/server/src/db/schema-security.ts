import type { ColumnType } from 'kysely';

/** Kysely's view of the tables of migrations/0031_sessions_and_limits.sql. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One throttled key's attempts (lib/rate-limiter.ts). */
export interface RateLimitsTable {
  scope: string;
  key: string;
  window_start: Timestamp;
  hits: number;
  last_at: Timestamp;
  expires_at: Timestamp;
}

export interface SecurityTables {
  rate_limits: RateLimitsTable;
}
