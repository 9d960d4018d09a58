-- Outbound webhooks (issue 19 §5). First, the outbox's write as one set-based function, so a batched
-- statement on a hot path (automatic routing's assignment, a batch of delivery statuses) writes
-- its events in the same statement as its change: a crash between the two can no longer lose them.
-- webhooks-out/outbox.ts `recordEvents` calls it too, so there is one definition of the write.
--
-- For each input event (arrays of equal length, in order): written when its account has webhooks
-- on (`enable_webhook`, default on for api-only accounts) and an enabled endpoint wants its type,
-- and its dedupe key (if any) is new; then one pending delivery per such endpoint. Events of one
-- chat in one call take consecutive sequence numbers in input order; the chat's counter row stays
-- locked to the commit, so numbers follow commit order. Answers how many deliveries were queued.
-- A receiver that answered 429 or 503 with Retry-After is not sent to before this time: its due
-- deliveries are moved to it, and deliveries queued meanwhile start there (dispatcher.ts).
ALTER TABLE webhook_endpoints ADD COLUMN throttled_until timestamptz;

CREATE FUNCTION webhook_record_events(
  p_accounts uuid[],
  p_types text[],
  p_chats uuid[],
  p_dedupe_keys text[],
  p_data jsonb[],
  p_at timestamptz[],
  p_now timestamptz
) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_queued integer;
BEGIN
  -- Most accounts have no endpoint: one index probe, and the statement below is not run.
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints
                 WHERE account_id = ANY (p_accounts) AND enabled) THEN
    RETURN 0;
  END IF;
  -- plpgsql, not sql: the statement's plan is cached per connection instead of planned per call.
  WITH input AS (
    SELECT * FROM unnest(p_accounts, p_types, p_chats, p_dedupe_keys, p_data, p_at)
      WITH ORDINALITY AS t(account_id, type, chat_id, dedupe_key, data, at, ord)
  ), accounts_on AS (
    SELECT a.id FROM accounts a
    WHERE a.id IN (SELECT account_id FROM input)
      AND coalesce(
        (SELECT s.value = 'true' FROM settings s WHERE s.account_id = a.id AND s.key = 'enable_webhook'),
        a.type = 'api_only', false)
  ), eps AS (
    SELECT e.id, e.account_id, e.events, e.throttled_until FROM webhook_endpoints e
    WHERE e.account_id IN (SELECT id FROM accounts_on) AND e.enabled
  ), wanted AS (
    -- The first of each dedupe key in the call; one seen before writes nothing (and takes no
    -- sequence number).
    SELECT DISTINCT ON (i.account_id, coalesce(i.dedupe_key, '#' || i.ord)) i.*
    FROM input i
    WHERE EXISTS (SELECT 1 FROM eps WHERE eps.account_id = i.account_id AND i.type = ANY (eps.events))
      AND (i.dedupe_key IS NULL OR NOT EXISTS (
        SELECT 1 FROM webhook_events w WHERE w.account_id = i.account_id AND w.dedupe_key = i.dedupe_key))
    ORDER BY i.account_id, coalesce(i.dedupe_key, '#' || i.ord), i.ord
  ), numbered AS MATERIALIZED (
    SELECT w.*, gen_random_uuid() AS id,
      row_number() OVER (PARTITION BY w.chat_id ORDER BY w.ord) AS nth,
      count(*) OVER (PARTITION BY w.chat_id) AS n
    FROM wanted w
  ), seq AS (
    -- In chat id order, so two calls over the same chats cannot deadlock on the counters.
    INSERT INTO webhook_chat_sequences AS s (chat_id, seq)
    SELECT chat_id, max(n) FROM numbered WHERE chat_id IS NOT NULL GROUP BY chat_id ORDER BY chat_id
    ON CONFLICT (chat_id) DO UPDATE SET seq = s.seq + excluded.seq
    RETURNING chat_id, seq
  ), ev AS (
    INSERT INTO webhook_events (id, account_id, type, chat_id, sequence, dedupe_key, body, created_at)
    SELECT x.id, x.account_id, x.type, x.chat_id, q.seq - x.n + x.nth, x.dedupe_key,
      json_build_object(
        'type', x.type,
        'timestamp', to_char(x.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'data', CASE WHEN x.chat_id IS NULL THEN x.data
          ELSE x.data || jsonb_build_object('chatId', x.chat_id::text, 'sequence', q.seq - x.n + x.nth) END
      )::text,
      p_now
    FROM numbered x LEFT JOIN seq q ON q.chat_id = x.chat_id
    ORDER BY x.ord
    ON CONFLICT (account_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
    RETURNING id, account_id, type
  ), queued AS (
    INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id, next_attempt_at, created_at)
    SELECT ev.account_id, eps.id, ev.id, greatest(p_now, eps.throttled_until), p_now
    FROM ev JOIN eps ON eps.account_id = ev.account_id AND ev.type = ANY (eps.events)
    RETURNING 1
  )
  SELECT count(*)::int INTO v_queued FROM queued;
  RETURN v_queued;
END
$$;
