-- Issue 20: messages through a number linked by QR code (whatsapp_basic).

-- Group chats reach the inbox only when the admin turns them on (the session drops them otherwise).
ALTER TABLE channels ADD COLUMN include_groups boolean NOT NULL DEFAULT false;

-- A queued message the number's owning process took to send. Claimed atomically before the
-- session is called and never released once the call may have reached WhatsApp: a process that
-- dies between the call and marking the message sent leaves the claim 'sending', and the next
-- owner declares that message in doubt instead of sending it twice. 'retry' means the last
-- attempt surely sent nothing (the session was not connected, the number was rate limited).
CREATE TABLE linked_send_claims (
  message_id bigint PRIMARY KEY,
  channel_id uuid NOT NULL REFERENCES channels (id),
  state text NOT NULL CHECK (state IN ('sending', 'retry')),
  attempts int NOT NULL DEFAULT 1,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  retry_at timestamptz
);
CREATE INDEX linked_send_claims_channel ON linked_send_claims (channel_id, state);

-- The owner drains its number's queue in order: queued messages by channel.
CREATE INDEX messages_queue_by_channel ON messages (channel_id, id) WHERE status = 'queue';

-- A customer WhatsApp names by an `@lid` identity, and the phone number it later maps to. The
-- chat keeps the identifier it was created with; the other one is an alias of it.
CREATE TABLE linked_identities (
  channel_id uuid NOT NULL REFERENCES channels (id),
  lid text NOT NULL,
  phone text NOT NULL,
  mapped_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (channel_id, lid)
);
CREATE INDEX linked_identities_phone ON linked_identities (channel_id, phone);
