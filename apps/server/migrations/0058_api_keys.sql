-- API keys (issue 19): a key acts as its account within its scopes, never as a user, so it has
-- no user and survives its creator's password change or deactivation. Only the SHA-256 of the
-- whole key is kept; `public_id` is the short part after `sapa_live_` that lists show.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  public_id text NOT NULL UNIQUE,
  key_hash bytea NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_account ON api_keys (account_id, created_at DESC);

-- Revoking, re-dating or deleting a key must reach the key cache of every server process at
-- once (AuthCache drops everything on this channel). `last_used_at` is written about once a
-- minute per key and must not empty every cache.
CREATE TRIGGER api_keys_auth_change
  AFTER UPDATE OF revoked_at, expires_at, scopes ON api_keys
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER api_keys_auth_delete AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();

-- `enable_rest_api` is checked on every key request from the same cache.
CREATE FUNCTION notify_rest_api_setting() RETURNS trigger AS $$
BEGIN
  IF coalesce(NEW.key, OLD.key) = 'enable_rest_api' THEN
    PERFORM pg_notify('sapa_auth_changed', coalesce(NEW.account_id, OLD.account_id)::text);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER settings_rest_api_change AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH ROW EXECUTE FUNCTION notify_rest_api_setting();

-- The key a message was sent with: such messages have no sender user, and the conversation shows
-- "API key <name>" as their author. No foreign key: keys are revoked, never deleted, and
-- validating one would scan the whole messages table.
ALTER TABLE messages ADD COLUMN api_key_id uuid;
