-- Issue 19 §3: `Idempotency-Key` on creating POSTs. One row per key a caller has used in an
-- account: claimed atomically by INSERT … ON CONFLICT (so two processes racing on one key run it
-- once), then holding the first answer for 24 h until the purge job removes it.
-- `caller` is 'user:<id>' or 'key:<id>' (modules/auth/caller.ts): a key is never shared between
-- two users of one account, nor between a user and an API key.
CREATE TABLE idempotency_keys (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  caller text NOT NULL,
  key text NOT NULL,
  -- sha256 of method, URL and body: the same key with another request is refused (422).
  request_hash text NOT NULL,
  -- Which execution holds the key: only it may store the answer, so a late finisher whose claim
  -- was taken over (its process looked dead) cannot overwrite the answer of the one that won.
  claim_id uuid NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  claimed_at timestamptz NOT NULL,
  response_status integer,
  response_type text,
  response_body text,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, caller, key),
  CHECK (state = 'running' OR response_status IS NOT NULL)
);

CREATE INDEX idempotency_keys_expires ON idempotency_keys (expires_at);
