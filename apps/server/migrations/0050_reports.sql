-- Reports (issue 18): one row per measurable fact, written by listeners on the event spine, and
-- daily rollups per account, local day, metric and dimension, updated in the same statement.
-- Reports read the rollups; nothing reads the messages table per request. See docs/REPORTS.md.

-- A fact: a ticket opened, answered, resolved; a customer message answered (reply time); a
-- message in or out; a contact active in a month; a CSAT answer; time online. Its key names what
-- it measures (the ticket, the message, the survey…), so a redelivered event adds nothing: the
-- insert does nothing and the rollup adds only what was inserted. No foreign keys (like
-- messages, decision 5): a hot parent row would be locked by every insert; the trigger below
-- removes an account's rows with it.
CREATE TABLE report_events (
  account_id uuid NOT NULL,
  kind text NOT NULL,
  source_id text NOT NULL,
  -- When it happened, and that instant's day in the account's time zone when it was written.
  at timestamptz NOT NULL,
  day date NOT NULL,
  -- Seconds (a rating 1–5 for csat), and the part of the duration inside working hours.
  value_s integer,
  value_bh_s integer,
  -- Histogram buckets of the two values (docs/REPORTS.md), computed once by the writer.
  bucket smallint,
  bucket_bh smallint,
  chat_id uuid,
  ticket_id uuid,
  agent_id uuid,
  channel text,
  channel_id uuid,
  division_id uuid,
  labels uuid[] NOT NULL DEFAULT '{}',
  msg_type text,
  -- A CSAT comment; nothing else uses it.
  note text,
  PRIMARY KEY (account_id, kind, source_id)
);
-- Facts of a kind in a range of days: filter combinations no rollup dimension answers, and the
-- reconcile's rebuild.
CREATE INDEX report_events_day ON report_events (account_id, kind, day);
-- Response and resolution times of a range with what filters them, read from the index alone:
-- breaches of the targets and the distribution chart.
CREATE INDEX report_events_durations ON report_events (account_id, kind, day)
  INCLUDE (value_s, agent_id, channel, division_id)
  WHERE kind IN ('first_response', 'resolution');

-- Sums per account × local day × metric × dimension ('all', 'agent:<id>', 'channel:<name>',
-- 'agent:<id>|channel:<name>', 'division:<id>', 'division:<id>|channel:<name>', 'label:<id>',
-- 'type:<channel>:<msg type>', 'broadcast:<id>'). `hist` counts values per bucket (index 1 is
-- the first bucket), trimmed after the last non-zero bucket. `amount` is money (rupiah).
CREATE TABLE report_daily (
  account_id uuid NOT NULL,
  metric text NOT NULL,
  dim text NOT NULL,
  day date NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  sum_s bigint NOT NULL DEFAULT 0,
  sum_bh_s bigint NOT NULL DEFAULT 0,
  amount numeric(16, 2) NOT NULL DEFAULT 0,
  hist integer[] NOT NULL DEFAULT '{}',
  hist_bh integer[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (account_id, metric, dim, day)
);

-- The same sums per ISO week (`day` is the week's Monday), for the metrics with a histogram only
-- (response, reply and resolution times, CSAT): a year is 53 rows per dimension instead of 365,
-- which is what makes medians of long ranges and many agents cheap to read.
CREATE TABLE report_weekly (LIKE report_daily INCLUDING DEFAULTS, PRIMARY KEY (account_id, metric, dim, day));

-- Element-wise sum of two histograms of any lengths.
CREATE FUNCTION report_hist_add(a integer[], b integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i), '{}')
  FROM unnest(coalesce(a, '{}'), coalesce(b, '{}')) WITH ORDINALITY AS u(x, y, i)
$$;

-- The histogram of a list of bucket numbers (nulls ignored).
CREATE FUNCTION report_hist_of(buckets smallint[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(coalesce(c.n, 0) ORDER BY g.i), '{}')
  FROM generate_series(1, coalesce((SELECT max(b) FROM unnest(buckets) b), 0)) AS g(i)
  LEFT JOIN (SELECT b, count(*)::int AS n FROM unnest(buckets) b WHERE b IS NOT NULL GROUP BY b) c
    ON c.b = g.i
$$;

CREATE AGGREGATE report_hist_sum(integer[]) (
  SFUNC = report_hist_add,
  STYPE = integer[],
  INITCOND = '{}'
);

-- How far each account's ledger has been rolled up (usage cost per day). An account's ledger
-- rows are written one at a time under its ledger lock, so they commit in id order: everything
-- up to `last_id` is in report_daily, exactly once (the cursor moves in the same transaction).
CREATE TABLE report_ledger_cursor (
  account_id uuid PRIMARY KEY,
  last_id bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The latest outcome counts of each broadcast (absolute, from `broadcast.progress`); the
-- difference to the previous snapshot is added to the day the broadcast started.
CREATE TABLE report_broadcasts (
  broadcast_id uuid PRIMARY KEY,
  account_id uuid NOT NULL,
  day date NOT NULL,
  channel text NOT NULL,
  created_by uuid,
  recipients integer NOT NULL DEFAULT 0,
  sent integer NOT NULL DEFAULT 0,
  delivered integer NOT NULL DEFAULT 0,
  read integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  replied integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_broadcasts_account_day ON report_broadcasts (account_id, day);

-- Who is online since when (time online per agent): one row while a user is online.
CREATE TABLE report_presence (
  user_id uuid PRIMARY KEY,
  account_id uuid NOT NULL,
  online_since timestamptz NOT NULL
);

-- SLA targets an admin sets; the defaults live in contracts.
CREATE TABLE report_targets (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  first_response_s integer NOT NULL,
  resolution_s integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A chat's tickets, closed ones included: the ticket an agent's reply answered, the previous
-- ticket of a reopened conversation.
CREATE INDEX tickets_chat ON tickets (chat_id, open_at DESC);
-- Open tickets of an account (the live floor: open, waiting, unassigned).
CREATE INDEX tickets_account_open ON tickets (account_id, open_at) WHERE close_at IS NULL;

-- An account's ledger rows of some days: the usage report's check against the ledger and the
-- reconcile. Ledger writes are serialised per account (about 90 a second), so one more index
-- costs them little.
CREATE INDEX balance_ledger_account_created ON balance_ledger (account_id, created_at)
  INCLUDE (amount, kind, order_id);

CREATE FUNCTION report_follow_deleted_accounts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_events r USING gone g WHERE r.account_id = g.id;
  DELETE FROM report_daily r USING gone g WHERE r.account_id = g.id;
  DELETE FROM report_weekly r USING gone g WHERE r.account_id = g.id;
  DELETE FROM report_ledger_cursor r USING gone g WHERE r.account_id = g.id;
  DELETE FROM report_broadcasts r USING gone g WHERE r.account_id = g.id;
  DELETE FROM report_presence r USING gone g WHERE r.account_id = g.id;
  RETURN NULL;
END $$;

CREATE TRIGGER accounts_delete_reports AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION report_follow_deleted_accounts();
