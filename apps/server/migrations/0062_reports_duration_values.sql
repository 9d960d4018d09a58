-- Exact SLA breaches and distribution bands at a million tickets (issue 18). The tickets tab
-- counts times from the duration histograms of the rollups, bucket by bucket; only the one
-- bucket a target (or a band bound) falls inside is split, by counting its facts from that
-- value on (modules/reports/read.repo.ts countSlices). This index holds the durations in value
-- order with the columns the tab's filters read, so that count is a range scan over one
-- bucket's values (about 5 % wide) and never touches the table or the rest of the range.
CREATE INDEX report_events_value ON report_events (account_id, kind, value_s, day)
  INCLUDE (agent_id, channel, division_id, labels)
  WHERE kind IN ('first_response', 'resolution');
