-- The live floor (open, waiting, unassigned, waiting over the target) read from two index-only
-- scans and a hash join instead of one chat lookup per open ticket: with 68,000 open tickets on
-- a million chats the lookups cost ~400 ms a request (docs/BENCHMARKS.md, reports). An open
-- ticket's chat is never gray (resolving closes the ticket and grays the chat in one
-- transaction), so the floor reads only the chats the partial index below holds.
DROP INDEX IF EXISTS tickets_account_open;
CREATE INDEX tickets_account_open ON tickets (account_id, open_at) INCLUDE (chat_id, answer_at)
  WHERE close_at IS NULL;
CREATE INDEX chats_floor ON chats (account_id) INCLUDE (id, agent_id, flag, channel, division_ids, labels)
  WHERE flag <> 'gray' AND NOT blocked;
