import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0058_api_keys.sql. */
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export interface ApiKeysTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  public_id: string;
  key_hash: Buffer;
  scopes: string[];
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_by: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ApiKeyTables {
  api_keys: ApiKeysTable;
}
