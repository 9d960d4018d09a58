-- Issue 15: sockets follow their sessions.
-- Every server process listens on `sapa_sessions` and acts on its own sockets: a session that
-- ends disconnects them; a user whose role, status, divisions or supervised agents change has
-- their sockets' rooms recomputed. Triggers (not the services) send these so that every path
-- that ends a session or changes a scope is covered, including ones written later.
-- Payloads: 'end:<session id>:<user id>' and 'user:<user id>'. NOTIFY drops identical payloads
-- within one transaction, so replacing a user's divisions row by row still sends one notice.
CREATE FUNCTION notify_session_ended() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('sapa_sessions', 'end:' || OLD.id || ':' || OLD.user_id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER auth_sessions_ended AFTER UPDATE OF revoked_at ON auth_sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION notify_session_ended();
CREATE TRIGGER auth_sessions_removed AFTER DELETE ON auth_sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL) EXECUTE FUNCTION notify_session_ended();

-- TG_ARGV[0] names the column holding the user whose scope changed.
CREATE FUNCTION notify_user_scope() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('sapa_sessions', 'user:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('sapa_sessions', 'user:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER users_scope AFTER UPDATE OF role, status, division_only_view, all_chat ON users
  FOR EACH ROW WHEN (
    OLD.role IS DISTINCT FROM NEW.role
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.division_only_view IS DISTINCT FROM NEW.division_only_view
    OR OLD.all_chat IS DISTINCT FROM NEW.all_chat
  )
  EXECUTE FUNCTION notify_user_scope('id');
CREATE TRIGGER user_divisions_scope AFTER INSERT OR UPDATE OR DELETE ON user_divisions
  FOR EACH ROW EXECUTE FUNCTION notify_user_scope('user_id');
CREATE TRIGGER supervisor_agents_scope AFTER INSERT OR UPDATE OR DELETE ON supervisor_agents
  FOR EACH ROW EXECUTE FUNCTION notify_user_scope('supervisor_id');

-- Issue 15: attempt counters (sign-in, two-factor PINs, password checks) shared by every server
-- process; in-process counters multiplied the allowance by the number of processes.
-- One row per throttled key; `expires_at` says when it is of no more use (swept by the server).
CREATE TABLE rate_limits (
  scope text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0),
  last_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX rate_limits_expires ON rate_limits (expires_at);

-- Issue 15: a two-factor code is accepted once. The TOTP time step (30 s) of the last code
-- accepted for the user; a code of that step or an earlier one is refused.
ALTER TABLE users ADD COLUMN two_factor_last_step bigint;
