-- Reports at a million conversations (issue 18): the labels and tickets tabs read rollups only.
--
-- * A ticket opened with a label now also adds to the 'labelled' dimensions of report_daily
--   ('labelled', 'labelled|channel:…', 'labelled|agent:…', …; modules/reports/facts.ts dimsOf),
--   so "labelled conversations" of any scope is a rollup read. The rows of days before this
--   migration are written by `npm run operator -- reports-rebuild all opened` (docs/REPORTS.md).
-- * Breaches of the SLA targets and the tickets tab's distribution are read from the duration
--   histograms of the rollups (a time counts at its bucket's lower edge, as medians do), so no
--   request reads the duration facts any more: their covering index only cost every insert.
DROP INDEX IF EXISTS report_events_durations;
