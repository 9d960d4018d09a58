-- The CSAT tab lists a range's newest 50 comments. Read through the day index it sorted every
-- answer of the range (a year of the Large seed: about 330,000) to keep 50; this index holds only
-- answers with a comment, newest first, so the list stops after the rows it shows.
CREATE INDEX report_events_csat_comments ON report_events (account_id, at DESC)
  WHERE kind = 'csat' AND note IS NOT NULL AND note <> '';
