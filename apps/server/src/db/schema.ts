import type { ColumnType, Generated } from 'kysely';
import type { ContactTables } from './schema-contacts.js';
import type { MessagingTables } from './schema-messaging.js';
import type { RoutingTables } from './schema-routing.js';
import type { GroupTables } from './schema-groups.js';
import type { TemplateTables } from './schema-templates.js';
import type { BroadcastTables } from './schema-broadcasts.js';
import type { SecurityTables } from './schema-security.js';
import type { MoneyTables } from './schema-money.js';
import type { PricingTables } from './schema-pricing.js';
import type { ReportTables } from './schema-reports.js';
import type { CsatTables } from './schema-csat.js';
import type { IdempotencyTables } from './schema-idempotency.js';
import type { ApiKeyTables } from './schema-api-keys.js';
import type { WebhookTables } from './schema-webhooks.js';
import type { WabasicTables } from './schema-wabasic.js';

/** Kysely's view of the tables in migrations/. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
// A timestamp with a database default: optional on insert.
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Numeric = ColumnType<string, number | string, number | string>;
// A nullable column added later: optional on insert, so older inserts need not name it.
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

export interface AccountsTable {
  id: Generated<string>;
  name: string;
  type: Generated<'regular' | 'api_only'>;
  timezone: Generated<string>;
  suspended_at: NullableTimestamp;
  suspended_reason: OptionalText;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface DivisionsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  description: Generated<string>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface UsersTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  email: string;
  phone: string | null;
  password_hash: string | null;
  role: 'admin' | 'supervisor' | 'agent';
  status: 'unverified' | 'invited' | 'active' | 'deactivated';
  language: Generated<'en' | 'id'>;
  division_only_view: Generated<boolean>;
  all_chat: Generated<boolean>;
  two_factor_secret: string | null;
  two_factor_enabled: Generated<boolean>;
  /** The TOTP time step of the last code accepted (migrations/0031). */
  two_factor_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  email_verified_at: NullableTimestamp;
  deactivated_at: NullableTimestamp;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface UserDivisionsTable {
  account_id: string;
  user_id: string;
  division_id: string;
}

export interface SupervisorAgentsTable {
  account_id: string;
  supervisor_id: string;
  agent_id: string;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string;
  two_factor_verified: Generated<boolean>;
  user_agent: string | null;
  ip: string | null;
  created_at: GeneratedTimestamp;
  last_used_at: GeneratedTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: GeneratedTimestamp;
  used_at: NullableTimestamp;
}

export interface OneTimeTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify_email' | 'reset_password' | 'invite';
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: GeneratedTimestamp;
}

export interface SettingsTable {
  account_id: string;
  key: string;
  value: string | null;
  updated_at: GeneratedTimestamp;
}

export interface ProductsTable {
  id: Generated<string>;
  code: string;
  name: string;
  description: Generated<string>;
  /** The monthly price (0041: a plan sells monthly and yearly). */
  price: Numeric;
  yearly_price: Numeric;
  billing_period: 'monthly' | 'yearly';
  agent_limit: number;
  features: ColumnType<string[], string, string>;
  trial_days: Generated<number>;
  sort_order: Generated<number>;
  active: Generated<boolean>;
}

export interface SubscriptionsTable {
  account_id: string;
  product_id: string;
  status: 'trial' | 'active';
  billing_period: string;
  billing_amount: Numeric;
  started_at: GeneratedTimestamp;
  due_date: Timestamp;
  trial_used: Generated<boolean>;
  updated_at: GeneratedTimestamp;
  last_order_id: OptionalText;
}

export interface BalanceLedgerTable {
  id: Generated<string>;
  account_id: string;
  amount: Numeric;
  balance_after: Numeric;
  kind: 'topup' | 'charge' | 'refund' | 'adjustment' | 'plan';
  order_id: string | null;
  description: Generated<string>;
  operator_id: string | null;
  created_at: GeneratedTimestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  account_id: string | null;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  created_at: GeneratedTimestamp;
  sent_at: NullableTimestamp;
  error: string | null;
}

export interface Database
  extends
    MessagingTables,
    GroupTables,
    ContactTables,
    RoutingTables,
    TemplateTables,
    BroadcastTables,
    SecurityTables,
    MoneyTables,
    PricingTables,
    ReportTables,
    CsatTables,
    IdempotencyTables,
    ApiKeyTables,
    WebhookTables,
    WabasicTables {
  accounts: AccountsTable;
  divisions: DivisionsTable;
  users: UsersTable;
  user_divisions: UserDivisionsTable;
  supervisor_agents: SupervisorAgentsTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  one_time_tokens: OneTimeTokensTable;
  settings: SettingsTable;
  products: ProductsTable;
  subscriptions: SubscriptionsTable;
  balance_ledger: BalanceLedgerTable;
  mail_outbox: MailOutboxTable;
}
