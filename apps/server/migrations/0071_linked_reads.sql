-- Read receipts of a linked number's chats, waiting for the process that holds the number's
-- session (any worker may run the mark-read job; only the owner can tell WhatsApp). One row per
-- chat: a newer read replaces an older one not yet told, as WhatsApp reads everything up to it.
CREATE TABLE linked_reads (
  chat_id uuid PRIMARY KEY REFERENCES chats (id) ON DELETE CASCADE,
  channel_id uuid NOT NULL REFERENCES channels (id),
  customer text NOT NULL,
  provider_message_id text NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX linked_reads_channel ON linked_reads (channel_id, queued_at);
