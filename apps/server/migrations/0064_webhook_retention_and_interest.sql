-- Outbound webhooks (issue 19 §5): retention, and the notices behind the per-process interest cache.
-- Retention: events whose deliveries are all finished are purged 30 days after they were
-- written (webhooks-out/purge.job.ts), their deliveries and delivery log with them (ON DELETE
-- CASCADE). The purge walks events by age; the cascade, and the purge's "nothing still pending"
-- check, find an event's deliveries by event id.
CREATE INDEX webhook_events_created ON webhook_events (created_at);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

-- Which types an account's endpoints want is cached in every process (webhooks-out/interest.ts)
-- so an event no one listens to costs no statement; these notices drop an account's entry
-- whatever wrote the change (the API, the dispatcher disabling an endpoint, an operator).
CREATE FUNCTION notify_webhooks_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('sapa_webhooks_changed', coalesce(NEW.account_id, OLD.account_id)::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION notify_webhooks_account_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('sapa_webhooks_changed', NEW.id::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER webhook_endpoints_notify AFTER INSERT OR DELETE OR UPDATE OF enabled, events
  ON webhook_endpoints FOR EACH ROW EXECUTE FUNCTION notify_webhooks_change();
CREATE TRIGGER settings_enable_webhook_insert_notify AFTER INSERT ON settings
  FOR EACH ROW WHEN (NEW.key = 'enable_webhook') EXECUTE FUNCTION notify_webhooks_change();
CREATE TRIGGER settings_enable_webhook_update_notify AFTER UPDATE ON settings
  FOR EACH ROW WHEN (NEW.key = 'enable_webhook' OR OLD.key = 'enable_webhook')
  EXECUTE FUNCTION notify_webhooks_change();
CREATE TRIGGER settings_enable_webhook_delete_notify AFTER DELETE ON settings
  FOR EACH ROW WHEN (OLD.key = 'enable_webhook') EXECUTE FUNCTION notify_webhooks_change();
CREATE TRIGGER accounts_type_notify AFTER UPDATE OF type ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_webhooks_account_change();
