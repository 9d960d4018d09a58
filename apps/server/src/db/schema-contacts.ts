import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migration 0016 (contact attributes and import previews). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T> = ColumnType<T, string, string>;

export interface ContactAttributesTable {
  id: Generated<string>;
  account_id: string;
  key: string;
  label: string;
  type: 'text' | 'number' | 'date' | 'boolean';
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One parsed import row: canonical phone, fields and attribute values, all text. */
export interface ImportRow {
  row: number;
  phone: string;
  name: string;
  email: string;
  notes: string;
  labels: string[];
  attributes: Record<string, string>;
}

export interface ImportRejected {
  row: number;
  reason: string;
  values: Record<string, string>;
}

export interface ContactImportsTable {
  id: Generated<string>;
  account_id: string;
  created_by: string | null;
  filename: string;
  columns: string[];
  rows: Json<ImportRow[]>;
  rejected: Json<ImportRejected[]>;
  committed_at: NullableTimestamp;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface ContactTables {
  contact_attributes: ContactAttributesTable;
  contact_imports: ContactImportsTable;
}
