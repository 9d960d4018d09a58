-- Ingest's cost of keeping reports (issue 18, decision 75). A message's fact was a row of
-- report_events (and an index entry): the commonest row by far, written for every message while
-- ingest waits on the same database. A message now adds to two small rows instead:
--
--   report_message_counts: how many messages of a kind a day had with the same agent, channel,
--     division, labels and type. Every filter combination a report reads of a message fact is
--     one of these columns, so a read sums `count` where it counted rows; a busy account has a
--     few hundred such rows a day where it had a row per message.
--   report_message_marks: which messages are counted, one bit per message id in blocks of 1,024
--     ids per account. The bit, not the day, is what makes a message count once: a listener's
--     redelivered event, the reconcile and a second process all find it set. A message counts
--     once whatever day it is reckoned on, so a time-zone change needs no neighbouring-day look.
--
-- Everything that read message facts reads `report_fact_rows`, the facts with a multiplicity
-- (`n`: 1 for a fact row, `count` for a count row).
CREATE TABLE report_message_counts (
  account_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('message_in', 'message_out')),
  day date NOT NULL,
  agent_id uuid,
  channel text,
  division_id uuid,
  labels uuid[] NOT NULL DEFAULT '{}',
  msg_type text,
  count integer NOT NULL CHECK (count >= 0)
);
CREATE UNIQUE INDEX report_message_counts_key ON report_message_counts
  (account_id, kind, day, agent_id, channel, division_id, labels, msg_type) NULLS NOT DISTINCT;

CREATE TABLE report_message_marks (
  account_id uuid NOT NULL,
  -- message id >> 10; bit (id & 1023), leftmost first, is set once the message is counted.
  block bigint NOT NULL,
  bits bit(1024) NOT NULL,
  PRIMARY KEY (account_id, block)
);

-- Marks the messages (by account) and returns those that were not marked before: the ones to
-- count. One block row at a time in (account, block) order, so concurrent writers queue on a
-- block rather than deadlock; each statement sees rows other writers committed meanwhile
-- (read committed), so of two writers of one message exactly one gets it back.
CREATE FUNCTION report_mark_messages(p_accounts uuid[], p_ids bigint[])
RETURNS TABLE (account_id uuid, message_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  had bit(1024);
  fresh bit(1024);
BEGIN
  FOR r IN
    SELECT t.a, t.id >> 10 AS block, bit_or(B'1'::bit(1024) >> (t.id & 1023)::int) AS mask,
           array_agg(t.id) AS ids
    FROM unnest(p_accounts, p_ids) AS t(a, id)
    GROUP BY 1, 2 ORDER BY 1, 2
  LOOP
    INSERT INTO report_message_marks AS k (account_id, block, bits)
    VALUES (r.a, r.block, r.mask) ON CONFLICT ON CONSTRAINT report_message_marks_pkey DO NOTHING;
    IF FOUND THEN
      RETURN QUERY SELECT DISTINCT r.a, id FROM unnest(r.ids) id;
      CONTINUE;
    END IF;
    SELECT k.bits INTO had FROM report_message_marks k
    WHERE k.account_id = r.a AND k.block = r.block FOR UPDATE;
    fresh := r.mask & ~had;
    IF position(B'1' IN fresh) = 0 THEN CONTINUE; END IF;
    UPDATE report_message_marks k SET bits = had | r.mask
    WHERE k.account_id = r.a AND k.block = r.block;
    RETURN QUERY SELECT DISTINCT r.a, id FROM unnest(r.ids) id WHERE get_bit(fresh, (id & 1023)::int) = 1;
  END LOOP;
END $$;

-- Message fact rows of report_events (written by an older server, or by the Large seed, which
-- writes rows in bulk) folded into counts and marks. Rows of messages already marked are
-- dropped uncounted: their message is in the counts already; so are Sapa's notes. The rollups are not touched: they
-- already hold these rows.
CREATE FUNCTION report_fold_message_rows(p_account uuid) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
BEGIN
  CREATE TEMP TABLE report_fold (
    account_id uuid, kind text, day date, agent_id uuid, channel text, division_id uuid,
    labels uuid[], msg_type text, id bigint) ON COMMIT DROP;
  WITH gone AS (
    DELETE FROM report_events e
    WHERE e.kind IN ('message_in', 'message_out') AND (p_account IS NULL OR e.account_id = p_account)
    RETURNING e.account_id, e.kind, e.day, e.agent_id, e.channel, e.division_id, e.labels,
              e.msg_type, e.source_id::bigint AS id)
  INSERT INTO report_fold SELECT * FROM gone;
  GET DIAGNOSTICS folded = ROW_COUNT;
  -- Sapa's notes were once counted as messages out; they are not messages (the rebuild that
  -- the reconcile runs takes them out of the rollups).
  DELETE FROM report_fold f USING messages m
  WHERE m.id = f.id AND m.from_me AND m.is_system AND m.status = 'received';
  CREATE TEMP TABLE report_fold_fresh ON COMMIT DROP AS
    SELECT * FROM report_mark_messages(
      (SELECT coalesce(array_agg(f.account_id ORDER BY f.account_id, f.id), '{}') FROM report_fold f),
      (SELECT coalesce(array_agg(f.id ORDER BY f.account_id, f.id), '{}') FROM report_fold f));
  INSERT INTO report_message_counts AS c
    (account_id, kind, day, agent_id, channel, division_id, labels, msg_type, count)
  SELECT f.account_id, f.kind, f.day, f.agent_id, f.channel, f.division_id, f.labels, f.msg_type, count(*)
  FROM report_fold f JOIN report_fold_fresh n ON n.account_id = f.account_id AND n.message_id = f.id
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (account_id, kind, day, agent_id, channel, division_id, labels, msg_type)
  DO UPDATE SET count = c.count + EXCLUDED.count;
  DROP TABLE report_fold;
  DROP TABLE report_fold_fresh;
  RETURN folded;
END $$;

SELECT report_fold_message_rows(NULL);

CREATE VIEW report_fact_rows AS
  SELECT account_id, kind, day, 1 AS n, source_id, at, value_s, value_bh_s, bucket, bucket_bh,
         chat_id, ticket_id, agent_id, channel, division_id, labels, msg_type, note
  FROM report_events
  UNION ALL
  SELECT account_id, kind, day, count, NULL, NULL, NULL, NULL, NULL, NULL,
         NULL, NULL, agent_id, channel, division_id, labels, msg_type, NULL
  FROM report_message_counts;
