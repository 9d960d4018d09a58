-- Issue 17 §3: channels that can be disconnected, deleted and watched.
-- disconnected_at: the channel neither sends nor receives (webhooks for it are acknowledged and
-- dropped) until it is reconnected; its history stays. deleted_at: an admin removed a
-- disconnected channel to free the plan's limit. The row stays so its chats and messages stay
-- readable (they reference it); it no longer counts, lists or holds its external id.
ALTER TABLE channels
  ADD COLUMN disconnected_at timestamptz,
  ADD COLUMN deleted_at timestamptz,
  -- Why the channel needs attention (a sentence from MESSAGES); NULL: healthy. Set with a
  -- compare-and-set from NULL, so an incident tells the admins once.
  ADD COLUMN health_reason text,
  ADD COLUMN health_changed_at timestamptz,
  -- Written at most every few seconds per process (modules/channels/webhook-clock.ts).
  ADD COLUMN last_webhook_at timestamptz,
  ADD COLUMN last_send_error_at timestamptz,
  ADD COLUMN last_send_error text,
  ADD COLUMN token_checked_at timestamptz,
  ADD COLUMN token_valid boolean;

-- A deleted channel's external id may be connected again, by this account or, after deletion,
-- another one: only live rows hold it.
DROP INDEX channels_provider_external;
CREATE UNIQUE INDEX channels_provider_external ON channels (provider, external_id)
  WHERE deleted_at IS NULL;
