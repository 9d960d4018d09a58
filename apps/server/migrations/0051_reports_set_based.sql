-- Reports written set-based (the large seed's backfill): the part of [a, b) inside daily working
-- hours (start and end in minutes after local midnight; end before start spans midnight; equal
-- means the whole day), in whole seconds. The twin of modules/reports/working-hours.ts
-- secondsWithin; a test compares the two on random spans.
CREATE FUNCTION report_seconds_within(a timestamptz, b timestamptz, open_min int, close_min int, tz text)
RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN b <= a THEN 0
    WHEN open_min = close_min THEN floor(extract(epoch FROM b - a))::int
    ELSE coalesce(floor(sum(greatest(0, extract(epoch FROM least(b, w.close_at) - greatest(a, w.open_at))))), 0)::int
  END
  FROM generate_series((a AT TIME ZONE tz)::date - 1, (b AT TIME ZONE tz)::date, interval '1 day') AS d(day)
  CROSS JOIN LATERAL (
    SELECT (d.day::date + make_interval(mins => open_min)) AT TIME ZONE tz AS open_at,
           (d.day::date + make_interval(mins => CASE WHEN close_min < open_min THEN close_min + 1440 ELSE close_min END))
             AT TIME ZONE tz AS close_at
  ) w
$$;
