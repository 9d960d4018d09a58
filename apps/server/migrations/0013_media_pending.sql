-- Inbound media waiting to be downloaded. The row itself is the durable record: a sweeper job
-- re-queues any download that was not queued (or not finished), so ingest can store a media
-- message in one statement and enqueue its download after the commit.
ALTER TABLE messages ADD COLUMN media_pending boolean NOT NULL DEFAULT false;
CREATE INDEX messages_media_pending ON messages (id) WHERE media_pending;
