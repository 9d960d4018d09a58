import type { ColumnType, Generated } from 'kysely';
import type { InvoiceItem } from '@sapa/contracts';

/** Kysely's view of migrations/0040_money.sql. Amounts are whole rupiah, read as numeric text. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Numeric = ColumnType<string, number | string, number | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type OrderType = 'topup' | 'subscription' | 'renewal';
export type OrderStatusDb = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';

export interface OrdersTable {
  id: string;
  account_id: string;
  type: OrderType;
  status: Generated<OrderStatusDb>;
  amount: Numeric;
  ppn_rate: Numeric;
  tax_base: Numeric;
  ppn: Numeric;
  gross_amount: Numeric;
  product_id: string | null;
  billing_period: 'monthly' | 'yearly' | null;
  gateway: string;
  payment_token: string | null;
  payment_url: string | null;
  gateway_transaction_id: string | null;
  gateway_status: string | null;
  payment_type: string | null;
  payment_method: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: NullableTimestamp;
  expires_at: Timestamp;
  /** 0041: the paid period a plan order bought, set when it is paid. */
  period_start: NullableTimestamp;
  period_end: NullableTimestamp;
  /** 0041: the part of a refunded top-up the spent balance could not give back. */
  refund_shortfall: ColumnType<
    string | null,
    number | string | null | undefined,
    number | string | null
  >;
}

export interface PaymentNotificationsTable {
  id: Generated<string>;
  gateway: string;
  order_id: string;
  transaction_status: string;
  fraud_status: Generated<string>;
  payload: Json<unknown>;
  outcome: string | null;
  received_at: Timestamp;
  handled_at: NullableTimestamp;
}

export interface BillingProfilesTable {
  account_id: string;
  company_name: string;
  address: Generated<string>;
  npwp: string | null;
  email: string | null;
  low_balance_threshold: Numeric | null;
  low_balance_notified_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface InvoiceCountersTable {
  year: number;
  last_number: number;
}

/** Who sold or bought, as printed on the invoice at the time it was issued. */
export interface InvoicePartyDb {
  name: string;
  address: string;
  npwp: string | null;
  email: string | null;
}

export interface InvoiceLineDb {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  /** What was sold, so each language can name it (0042); `description` is the English text. */
  item: InvoiceItem;
}

export interface InvoicesTable {
  id: Generated<string>;
  account_id: string;
  order_id: string;
  year: number;
  sequence: number;
  number: string;
  issued_at: Timestamp;
  seller: Json<InvoicePartyDb>;
  buyer: Json<InvoicePartyDb>;
  lines: Json<InvoiceLineDb[]>;
  subtotal: Numeric;
  tax_base: Numeric;
  ppn_rate: Numeric;
  ppn: Numeric;
  total: Numeric;
  payment_method: string | null;
  paid_at: Timestamp;
  tax_invoice_number: string | null;
}

export interface PlatformSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface OperatorsTable {
  id: Generated<string>;
  email: string;
  name: Generated<string>;
  password_hash: string | null;
  two_factor_secret: string | null;
  two_factor_enabled: Generated<boolean>;
  last_totp_step: ColumnType<
    string | null,
    number | string | null | undefined,
    number | string | null
  >;
  status: Generated<'invited' | 'active' | 'disabled'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OperatorSessionsTable {
  id: Generated<string>;
  operator_id: string;
  two_factor_verified: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface OperatorTokensTable {
  token_hash: string;
  operator_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface OpsAuditLogTable {
  id: Generated<string>;
  operator_id: string | null;
  via: 'console' | 'cli';
  account_id: string | null;
  action: string;
  detail: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface MoneyTables {
  orders: OrdersTable;
  payment_notifications: PaymentNotificationsTable;
  billing_profiles: BillingProfilesTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  platform_settings: PlatformSettingsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_tokens: OperatorTokensTable;
  ops_audit_log: OpsAuditLogTable;
}
