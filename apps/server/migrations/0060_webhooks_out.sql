-- Outbound webhooks (issue 19 §5): an account's endpoints, the events they are owed (the outbox)
-- and every attempt to deliver them (the delivery log).

CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  -- The whsec_ secret, sealed (lib/crypto.ts SecretBox): signing needs it in the clear, so a hash
  -- would not do. After a rotation the previous one signs too until previous_secret_expires_at.
  secret_sealed text NOT NULL,
  previous_secret_sealed text,
  previous_secret_expires_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text CHECK (disabled_reason IN ('manual', 'gone', 'failing')),
  disabled_at timestamptz,
  -- The first failed attempt since the last success: three days of it disable the endpoint.
  failing_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (enabled = (disabled_reason IS NULL))
);
CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, created_at);

-- One row per event an account owes to at least one endpoint. `body` is the exact JSON every
-- attempt sends, so a retry or a replay signs and sends the same bytes under the same id.
CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  type text NOT NULL,
  chat_id uuid,
  sequence bigint,
  -- What the event is about (`message.received:<message id>`): the listener and the sweep that
  -- repairs a crash both write it, and the unique index keeps one of them.
  dedupe_key text,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX webhook_events_dedupe ON webhook_events (account_id, dedupe_key)
  WHERE dedupe_key IS NOT NULL;

-- The per-chat counter behind `sequence`: receivers order a chat's events by it.
CREATE TABLE webhook_chat_sequences (
  chat_id uuid PRIMARY KEY REFERENCES chats(id) ON DELETE CASCADE,
  seq bigint NOT NULL
);

-- One event for one endpoint: due while pending at next_attempt_at. A worker that takes it moves
-- next_attempt_at past its lease, so a worker killed mid-POST leaves it due again (same id).
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  UNIQUE (endpoint_id, event_id),
  CHECK ((state = 'pending') = (next_attempt_at IS NOT NULL))
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
  WHERE state = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);

CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  replay boolean NOT NULL DEFAULT false,
  at timestamptz NOT NULL,
  request_headers jsonb NOT NULL,
  response_status integer,
  response_body text,
  error text,
  latency_ms integer NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);
