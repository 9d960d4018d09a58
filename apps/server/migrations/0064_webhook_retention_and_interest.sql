-- Outbound webhooks' retention (issue 19 §5): events whose deliveries are all finished are purged
-- 30 days after they were written (webhooks-out/purge.job.ts), their deliveries and delivery log
-- with them (ON DELETE CASCADE). The purge walks events by age; the cascade, and the purge's
-- "nothing still pending" check, find an event's deliveries by event id.
CREATE INDEX webhook_events_created ON webhook_events (created_at);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
