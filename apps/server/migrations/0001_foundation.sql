-- Foundation: tenants, users, sessions, one-time tokens, settings, plans, balance, mail.
CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  type text NOT NULL DEFAULT 'regular' CHECK (type IN ('regular', 'api_only')),
  timezone text NOT NULL DEFAULT 'Asia/Jakarta',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE divisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX divisions_account_name ON divisions (account_id, lower(name));

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  email citext NOT NULL UNIQUE,
  phone text,
  password_hash text,
  role text NOT NULL CHECK (role IN ('admin', 'supervisor', 'agent')),
  status text NOT NULL CHECK (status IN ('unverified', 'invited', 'active', 'deactivated')),
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'id')),
  division_only_view boolean NOT NULL DEFAULT false,
  all_chat boolean NOT NULL DEFAULT false,
  two_factor_secret text,
  two_factor_enabled boolean NOT NULL DEFAULT false,
  email_verified_at timestamptz,
  deactivated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_account ON users (account_id, role);

CREATE TABLE user_divisions (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  division_id uuid NOT NULL REFERENCES divisions(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, division_id)
);
CREATE INDEX user_divisions_division ON user_divisions (division_id);

-- Agents a supervisor may see (§3 "agent ids").
CREATE TABLE supervisor_agents (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  supervisor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  agent_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (supervisor_id, agent_id)
);

-- A sign-in: one family of rotating refresh tokens. Revoking it kills every token of the family.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  two_factor_verified boolean NOT NULL DEFAULT false,
  user_agent text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX auth_sessions_user ON auth_sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

-- Email verification, password reset and invitation links. Only a hash of the token is kept.
CREATE TABLE one_time_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password', 'invite')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_tokens_user ON one_time_tokens (user_id, purpose);

CREATE TABLE settings (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  key text NOT NULL,
  value text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, key)
);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  price numeric(14, 2) NOT NULL,
  billing_period text NOT NULL CHECK (billing_period IN ('monthly', 'yearly')),
  agent_limit integer NOT NULL,
  features jsonb NOT NULL DEFAULT '[]',
  trial_days integer NOT NULL DEFAULT 14,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

INSERT INTO products (code, name, description, price, billing_period, agent_limit, features, sort_order) VALUES
  ('starter', 'Starter', 'For small teams starting with WhatsApp', 299000, 'monthly', 3,
   '["1 WhatsApp number", "3 agents", "Shared inbox", "Broadcasts"]', 1),
  ('growth', 'Growth', 'For growing teams on every channel', 799000, 'monthly', 10,
   '["3 channels", "10 agents", "Divisions and routing", "Reports"]', 2),
  ('business', 'Business', 'For large teams with automation and API', 1999000, 'monthly', 50,
   '["10 channels", "50 agents", "API and webhooks", "AI assistant"]', 3);

CREATE TABLE subscriptions (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id),
  status text NOT NULL CHECK (status IN ('trial', 'active')),
  billing_period text NOT NULL,
  billing_amount numeric(14, 2) NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  due_date timestamptz NOT NULL,
  trial_used boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Balance (saldo) ledger: append-only; balance_after makes the last row the current balance.
CREATE TABLE balance_ledger (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  amount numeric(14, 2) NOT NULL,
  balance_after numeric(14, 2) NOT NULL,
  kind text NOT NULL CHECK (kind IN ('topup', 'charge', 'adjustment', 'credit')),
  order_id text,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX balance_ledger_account ON balance_ledger (account_id, id DESC);

-- Every email sent; with no SMTP_URL it is also the development mailbox.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  to_address text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text text NOT NULL,
  template text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);
CREATE INDEX mail_outbox_to ON mail_outbox (to_address, id DESC);
