-- Every inbound message checked its chat foreign key after the same statement had updated that
-- chat (last message, unread count). The check takes a key-share lock on the chat's new row
-- version: one more WAL record and page write per message, measured at 45% of the ingest
-- statement's time. Ingest and sending take chat_id from a chat row they have just read and
-- locked, and the app never deletes chats; what the foreign key still gave, removing a chat's
-- messages with it, is kept by a statement-level trigger (deletes are rare, inserts are not).
ALTER TABLE messages DROP CONSTRAINT messages_chat_id_fkey;

CREATE FUNCTION messages_follow_deleted_chats() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM messages m USING gone g WHERE m.chat_id = g.id;
  RETURN NULL;
END $$;

CREATE TRIGGER chats_delete_messages AFTER DELETE ON chats
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION messages_follow_deleted_chats();
