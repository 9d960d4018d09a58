-- Who-may-do-what data changed: tell every server process to drop its cached principals.
-- Coarse (per account) on purpose: these tables change rarely and a reload is one query.
CREATE FUNCTION notify_auth_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('sapa_auth_changed', coalesce(NEW.account_id, OLD.account_id)::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION notify_account_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('sapa_auth_changed', coalesce(NEW.id, OLD.id)::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER users_auth_change AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER user_divisions_auth_change AFTER INSERT OR UPDATE OR DELETE ON user_divisions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER supervisor_agents_auth_change AFTER INSERT OR UPDATE OR DELETE ON supervisor_agents
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER divisions_auth_change AFTER UPDATE OR DELETE ON divisions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER accounts_auth_change AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_account_change();
-- Sessions: only ending one matters (new sessions are never cached before they exist).
CREATE TRIGGER auth_sessions_revoked AFTER UPDATE OF revoked_at ON auth_sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER auth_sessions_deleted AFTER DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
