-- Outbound webhooks' repair sweep (issue 19 §5): how far each account's customer messages have
-- been checked for a `message.received` event, so a crash between a message's commit and its
-- outbox row loses nothing.
CREATE TABLE webhook_sweep_marks (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  last_message_id bigint NOT NULL
);
