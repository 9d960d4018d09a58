-- Issue 17 §1: a channel's whole config (ids and tokens, in its adapter's shape) sealed as one
-- value, so Messenger and Instagram need no columns of their own. Sealing needs the server's key,
-- which SQL does not have: the server backfills rows still NULL here from external_id, waba_id,
-- display_phone_number and access_token_sealed when it starts (modules/channels/config.ts), and
-- reads those columns meanwhile. external_id and waba_id stay as plain lookup keys (webhooks name
-- channels and WABAs by them); access_token_sealed is no longer written and goes in a later step.
ALTER TABLE channels ADD COLUMN config_sealed text;
