-- Ingest's cost of keeping reports (issue 18). A message's fact (message_in / message_out, the
-- commonest row by far) was a row plus two index entries: the key (account, kind, source) and the
-- day index (account, kind, day), each a WAL record the listener adds to ingest's own. Now one
-- index does both jobs: the primary key is (account, kind, day, source), read by day as the day
-- index was, so a message's fact is a row plus one entry (about a quarter less WAL per message).
-- A message's day follows from its time in the account's zone; the one writer that may meet a
-- message again after the zone changed (the reconcile) looks for its fact on the neighbouring
-- days first (modules/reports/facts.repo.ts). Every other kind stays unique by its source alone,
-- so a fact written again on another day (a contact's month first seen from a later message by a
-- reconcile over part of the month) is still refused.
ALTER TABLE report_events DROP CONSTRAINT report_events_pkey;
ALTER TABLE report_events ADD PRIMARY KEY (account_id, kind, day, source_id);
CREATE UNIQUE INDEX report_events_source ON report_events (account_id, kind, source_id)
  WHERE kind NOT IN ('message_in', 'message_out');
DROP INDEX report_events_day;
