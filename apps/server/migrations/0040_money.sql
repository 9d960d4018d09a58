-- The money loop: orders paid through a payment gateway, their notifications, invoices with
-- gap-free numbers, the buyer's billing profile, platform settings, and the operator console.

-- Ledger kinds: 'credit' (broadcast refunds, the demo's opening credit) splits into 'refund' and
-- 'adjustment'; 'plan' books what a plan brings or costs (the trial's starting credit, a renewal
-- paid from the balance).
ALTER TABLE balance_ledger DROP CONSTRAINT balance_ledger_kind_check;
UPDATE balance_ledger SET kind = 'refund' WHERE kind = 'credit' AND order_id LIKE 'broadcast:%';
UPDATE balance_ledger SET kind = 'adjustment' WHERE kind = 'credit';
ALTER TABLE balance_ledger ADD CONSTRAINT balance_ledger_kind_check
  CHECK (kind IN ('topup', 'charge', 'refund', 'adjustment', 'plan'));
-- Who booked an adjustment (an operator), for the audit trail shown beside the entry.
ALTER TABLE balance_ledger ADD COLUMN operator_id uuid;

-- One order per payment attempt; its id is the gateway's order_id (Midtrans: ≤ 50 characters of
-- letters, digits, '-', '_', '.', '~'). Amounts are whole rupiah.
CREATE TABLE orders (
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('topup', 'subscription', 'renewal')),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'refunded')),
  -- The price before tax: the top-up amount, or the plan's price for the period.
  amount numeric(14, 0) NOT NULL CHECK (amount > 0),
  -- PPN: tax base (DPP) = effective rate / 12 of the price, PPN = 12 % of the base (contracts' ppnOf).
  ppn_rate numeric(5, 2) NOT NULL,
  tax_base numeric(14, 0) NOT NULL,
  ppn numeric(14, 0) NOT NULL,
  gross_amount numeric(14, 0) NOT NULL CHECK (gross_amount = amount + ppn),
  product_id uuid REFERENCES products(id),
  billing_period text CHECK (billing_period IN ('monthly', 'yearly')),
  gateway text NOT NULL,
  -- One gateway transaction per order: asking for a token again returns these.
  payment_token text,
  payment_url text,
  gateway_transaction_id text,
  -- What the gateway last said, as it said it (Midtrans transaction_status / payment_type).
  gateway_status text,
  payment_type text,
  payment_method text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  expires_at timestamptz NOT NULL,
  CHECK ((type = 'topup') = (product_id IS NULL))
);
CREATE INDEX orders_account ON orders (account_id, created_at DESC);
CREATE INDEX orders_pending ON orders (expires_at) WHERE status = 'pending';

-- Every notification a gateway sent, verified or not, and what handling it did. Handling is
-- idempotent on (order, status): the unique key lets the first of concurrent copies through.
CREATE TABLE payment_notifications (
  id bigserial PRIMARY KEY,
  gateway text NOT NULL,
  order_id text NOT NULL,
  transaction_status text NOT NULL,
  fraud_status text NOT NULL DEFAULT '',
  payload jsonb NOT NULL,
  outcome text,
  received_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz
);
CREATE UNIQUE INDEX payment_notifications_once
  ON payment_notifications (gateway, order_id, transaction_status, fraud_status);

-- The buyer on invoices: the account's company details (NPWP optional, 16 digits).
CREATE TABLE billing_profiles (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  company_name text NOT NULL,
  address text NOT NULL DEFAULT '',
  npwp text CHECK (npwp ~ '^\d{16}$'),
  email text,
  -- Low-balance alert: below this the banner shows and one email goes out until topped up again.
  low_balance_threshold numeric(14, 0),
  low_balance_notified_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Invoice numbers per calendar year (Asia/Jakarta) without gaps: the counter row is updated in the
-- invoice's own transaction, so a rolled-back invoice gives its number back.
CREATE TABLE invoice_counters (
  year integer PRIMARY KEY,
  last_number integer NOT NULL
);

CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  order_id text NOT NULL UNIQUE REFERENCES orders(id),
  year integer NOT NULL,
  sequence integer NOT NULL,
  number text NOT NULL UNIQUE,
  issued_at timestamptz NOT NULL,
  seller jsonb NOT NULL,
  buyer jsonb NOT NULL,
  lines jsonb NOT NULL,
  subtotal numeric(14, 0) NOT NULL,
  tax_base numeric(14, 0) NOT NULL,
  ppn_rate numeric(5, 2) NOT NULL,
  ppn numeric(14, 0) NOT NULL,
  total numeric(14, 0) NOT NULL,
  payment_method text,
  paid_at timestamptz NOT NULL,
  -- NSFP, the 17-digit tax invoice number issued in Coretax and entered later by an operator.
  tax_invoice_number text CHECK (tax_invoice_number ~ '^\d{17}$'),
  UNIQUE (year, sequence)
);
CREATE INDEX invoices_account ON invoices (account_id, issued_at DESC);

-- Platform-wide values operators own (the trial's starting credit, the seller on invoices).
CREATE TABLE platform_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The platform's own staff. Never tenants: no account_id, their own tokens and sign-in.
CREATE TABLE operators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email citext NOT NULL UNIQUE,
  name text NOT NULL DEFAULT '',
  password_hash text,
  two_factor_secret text,
  two_factor_enabled boolean NOT NULL DEFAULT false,
  last_totp_step bigint,
  status text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operator_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  operator_id uuid NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  two_factor_verified boolean NOT NULL DEFAULT false,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

-- One-time links to set an operator's password and two-factor (printed by the CLI).
CREATE TABLE operator_tokens (
  token_hash text PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Every operator action: who, on which account, what, with the values before and after.
CREATE TABLE ops_audit_log (
  id bigserial PRIMARY KEY,
  operator_id uuid REFERENCES operators(id) ON DELETE SET NULL,
  -- 'cli' when run from `npm run operator`.
  via text NOT NULL CHECK (via IN ('console', 'cli')),
  account_id uuid REFERENCES accounts(id) ON DELETE SET NULL,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ops_audit_log_account ON ops_audit_log (account_id, id DESC);

-- A suspended account cannot sign in or send; customers' messages are still stored.
ALTER TABLE accounts ADD COLUMN suspended_at timestamptz;
ALTER TABLE accounts ADD COLUMN suspended_reason text;

-- The order that last paid the plan (null for a trial); expiry stays derived from due_date.
ALTER TABLE subscriptions ADD COLUMN last_order_id text REFERENCES orders(id);
