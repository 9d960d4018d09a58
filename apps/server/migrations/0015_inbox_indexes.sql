-- Indexes for the inbox's reads at a million chats and ten million messages (DECISIONS.md,
-- "Inbox reads at scale").
--
-- Chat list: every list query is "account, archive or not, not blocked, newest activity first,
-- keyset on (last_update, id)". Each index below keeps that order behind an equality prefix or a
-- partial predicate, so a filter reads the first page straight off an index instead of sorting
-- its matches. Blocked chats never appear in lists, so no list index carries them.
-- Chat search matches the name or the identifier, case-insensitively, as ILIKE would: both
-- lower-cased once, on write, so a scan compares bytes instead of folding case per row. chr(1)
-- keeps a search from matching across the two.
ALTER TABLE chats ADD COLUMN search_text text
  GENERATED ALWAYS AS (lower(name) || chr(1) || lower(identifier)) STORED;

-- The list's spine. It carries every column a filter or the visibility rule reads, so any
-- combination of filters walks this index alone (an index-only scan), never the table.
CREATE INDEX chats_inbox ON chats (account_id, is_archive, last_update DESC, id DESC)
  INCLUDE (agent_id, division_ids, channel, flag, unread_count, labels, search_text)
  WHERE NOT blocked;
-- MINE (an agent owns a small share of a million chats), UNASSIGNED, a restricted agent's own.
CREATE INDEX chats_inbox_agent ON chats (account_id, is_archive, agent_id, last_update DESC, id DESC)
  WHERE NOT blocked;
-- Unresolved (flag red or green): the resolved=false view, the red/green flags and the
-- active-chat count. Resolved chats (gray) are most chats, so the spine serves them.
CREATE INDEX chats_inbox_open ON chats (account_id, is_archive, last_update DESC, id DESC)
  WHERE NOT blocked AND flag <> 'gray';
CREATE INDEX chats_inbox_unread ON chats (account_id, is_archive, last_update DESC, id DESC)
  WHERE NOT blocked AND unread_count > 0;
-- A rare label, or a rare search, is answered from these (a bitmap, then a top-N sort of its
-- few chats); a common one by walking the spine, where matches are dense.
CREATE INDEX chats_labels ON chats USING gin (labels) WHERE NOT blocked;
CREATE INDEX chats_search_trgm ON chats USING gin (search_text gin_trgm_ops) WHERE NOT blocked;
-- Superseded by chats_inbox; one index fewer to update on every message.
DROP INDEX IF EXISTS chats_account_last_update;

-- Message search, newest first: a bounded walk of an account's newest messages finds common
-- words; the trigram index finds the rest (modules/inbox/read-search.ts).
CREATE INDEX messages_account_recent ON messages (account_id, id DESC);
CREATE INDEX messages_text_trgm ON messages USING gin (text gin_trgm_ops) WHERE text <> '';

-- Substring estimates (ILIKE '%x%') come from matching the pattern against the histogram; a
-- larger one tells rare words from common ones better.
ALTER TABLE messages ALTER COLUMN text SET STATISTICS 1000;
ALTER TABLE chats ALTER COLUMN search_text SET STATISTICS 1000;
