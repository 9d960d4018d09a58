-- Every message of an account references the same `accounts` and `channels` rows. Checking
-- those foreign keys takes a shared row lock on one hot parent per insert; under concurrent
-- ingest that turns into MultiXact churn and caps throughput. Messages still belong to their
-- chat by foreign key (deleting an account or channel cascades through chats), and ingest sets
-- account_id and channel_id from the chat's own channel row.
ALTER TABLE messages DROP CONSTRAINT messages_account_id_fkey;
ALTER TABLE messages DROP CONSTRAINT messages_channel_id_fkey;
