-- Issue 17 §2: Messenger and Instagram channels. Their tokens live in config_sealed (0045); what
-- lists show and what sending reads on every reply are plain columns, so neither opens the seal:
-- page_id is the Facebook Page (Instagram's external_id is the IG account, its page is here), and
-- human_agent_replies is the channel setting that lets a person answer 24 h–7 d after the
-- customer's last message with Meta's HUMAN_AGENT tag (on by default, as the issue says).
ALTER TABLE channels ADD COLUMN page_id text;
ALTER TABLE channels ADD COLUMN human_agent_replies boolean NOT NULL DEFAULT true;
-- A Messenger/Instagram customer's picture from Meta's profile API, kept in Sapa's storage (Meta's
-- URL expires within days), and when the profile was asked: once per contact.
ALTER TABLE contacts ADD COLUMN picture_media_id uuid REFERENCES media (id) ON DELETE SET NULL;
ALTER TABLE contacts ADD COLUMN profile_fetched_at timestamptz;
