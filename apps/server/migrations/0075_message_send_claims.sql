-- Issue 19: the provider drain claims queued messages before calling the provider. A claim is
-- taken atomically (`UPDATE … WHERE status = 'queue' AND send_claimed_at IS NULL RETURNING`), so
-- a retried or duplicated send job never sends a message twice; it is released only when the
-- provider surely did not take the message (a retryable refusal). A message still queued with an
-- old claim belongs to a worker that died mid-send: the sweep fails it as in doubt, never sends
-- it again. A nullable column without a default is added without rewriting the table.
ALTER TABLE messages ADD COLUMN send_claimed_at timestamptz;

-- The sweep's search: the few queued messages holding a claim.
CREATE INDEX messages_send_claimed ON messages (send_claimed_at)
  WHERE status = 'queue' AND send_claimed_at IS NOT NULL;
