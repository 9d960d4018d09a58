-- Broadcast results (issue 6, API side): the replies count of a result page reads only the rows
-- that were answered, instead of every recipient of a 100,000-recipient broadcast.
CREATE INDEX broadcast_recipients_replied ON broadcast_recipients (broadcast_id) WHERE replied_at IS NOT NULL;
-- Unconfirmed recipient checks (status 'draft') are swept by age.
CREATE INDEX broadcasts_drafts ON broadcasts (created_at) WHERE status = 'draft';
