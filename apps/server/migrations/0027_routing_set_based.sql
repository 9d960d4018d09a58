-- Routing's batch assignment (0018, 0026) updated each chat, and then each chat's ticket, with a
-- statement of its own: per chat an executor start, a plan lookup and trigger setup, twice. It now
-- reads the batch's chats once, under the same row locks taken in the same order, checks and picks
-- in memory, then writes all chats with one statement and all tickets with another. Arguments,
-- results, locks and the order of picks are unchanged (the routing tests hold them).
--
-- chats_agent (0010) is dropped: chats_inbox_agent answers the inbox by agent and chats_agent_open
-- routing's open-chat counts. Every inbound message updates its chat, and each index on chats is
-- one more entry to write for each of them.
DROP INDEX IF EXISTS chats_agent;

CREATE OR REPLACE FUNCTION routing_assign_batch(
  p_account uuid, p_chats uuid[], p_expected_agents uuid[], p_expected_divisions text[],
  p_route_divisions text[], p_allow_offline boolean[], p_fallbacks uuid[], p_now timestamptz
) RETURNS TABLE (r_ord int, r_agent uuid) LANGUAGE plpgsql AS $$
DECLARE
  v_n int := coalesce(array_length(p_chats, 1), 0);
  v_any_offline boolean := coalesce(true = ANY (p_allow_offline), false);
  v_all boolean := EXISTS (SELECT 1 FROM unnest(p_route_divisions) r WHERE r IS NULL);
  v_divs uuid[];
  v_key text;
  -- The batch's chats as locked, in the order of p_chats (not found: not the account's).
  s_found boolean[];
  s_agent uuid[];
  s_divs text[];
  s_blocked boolean[];
  v_repeats boolean;
  v_same int;
  -- The candidates, loaded once: id, online, open chats, last assignment, and the position of
  -- their latest assignment in this batch (0: none), which orders ties among them.
  a_ids uuid[];
  a_online boolean[];
  a_load int[];
  a_last timestamptz[];
  a_seq int[];
  v_route_text text;
  v_route uuid[];
  v_cached_route text := NULL;
  v_eligible int[];
  v_expected uuid;
  v_online_only boolean;
  v_pick int;
  v_agent uuid;
  v_seq int := 0;
  v_stamp timestamptz;
  v_done_chats uuid[] := '{}';
  v_done_agents uuid[] := '{}';
  v_done_seqs int[] := '{}';
BEGIN
  IF v_n = 0 THEN
    RETURN;
  END IF;
  SELECT coalesce(array_agg(DISTINCT d ORDER BY d), '{}') INTO v_divs
  FROM unnest(p_route_divisions) r, unnest(r::uuid[]) d WHERE r IS NOT NULL;
  IF v_all THEN
    PERFORM pg_advisory_xact_lock(hashtext('routing:' || p_account));
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtext('routing:' || p_account));
    FOR v_key IN SELECT DISTINCT d::text FROM unnest(v_divs) d ORDER BY 1 LOOP
      PERFORM pg_advisory_xact_lock(hashtext('routing:' || p_account || ':' || v_key));
    END LOOP;
  END IF;

  -- Locked in id order (as ingest and sending lock chats), read as they are once locked.
  WITH locked AS MATERIALIZED (
    SELECT id, agent_id, division_ids, blocked FROM chats
    WHERE account_id = p_account AND id = ANY (p_chats) ORDER BY id FOR NO KEY UPDATE
  )
  SELECT array_agg(l.id IS NOT NULL ORDER BY u.o), array_agg(l.agent_id ORDER BY u.o),
         array_agg(l.division_ids::text ORDER BY u.o), array_agg(coalesce(l.blocked, true) ORDER BY u.o)
    INTO s_found, s_agent, s_divs, s_blocked
  FROM unnest(p_chats) WITH ORDINALITY u(id, o) LEFT JOIN locked l ON l.id = u.id;
  v_repeats := (SELECT count(DISTINCT x) FROM unnest(p_chats) x) <> v_n;

  -- Only agents some chat of the batch could get; offline ones only if some chat allows them.
  SELECT coalesce(array_agg(u.id ORDER BY u.id), '{}'),
         coalesce(array_agg(coalesce(p.connections > 0 AND p.status = 'online', false) ORDER BY u.id), '{}'),
         coalesce(array_agg(l.n ORDER BY u.id), '{}'),
         coalesce(array_agg(p.last_assigned_at ORDER BY u.id), '{}'),
         coalesce(array_agg(0 ORDER BY u.id), '{}')
    INTO a_ids, a_online, a_load, a_last, a_seq
  FROM users u LEFT JOIN user_presence p ON p.user_id = u.id
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n FROM chats c
    WHERE c.account_id = p_account AND c.agent_id = u.id AND c.flag <> 'gray' AND NOT c.is_archive
  ) l
  WHERE u.account_id = p_account AND u.status = 'active' AND u.role = 'agent'
    AND (v_any_offline OR (p.connections > 0 AND p.status = 'online'))
    AND (v_all OR EXISTS (
      SELECT 1 FROM user_divisions ud WHERE ud.user_id = u.id AND ud.division_id = ANY (v_divs)));

  -- The batch's assignments are stamped after every candidate's last one, a microsecond apart in
  -- batch order, so the order carries to the next batch even when clocks stand still (tests) or
  -- another process's clock runs ahead; in practice this is p_now.
  SELECT greatest(p_now, max(x) + interval '1 microsecond') INTO v_stamp FROM unnest(a_last) x;

  FOR i IN 1 .. v_n LOOP
    v_expected := p_expected_agents[i];
    -- The chat must still be as routing saw it (an agent or a greeting may have moved it since).
    CONTINUE WHEN NOT s_found[i] OR s_blocked[i] OR s_agent[i] IS DISTINCT FROM v_expected
      OR s_divs[i]::uuid[] IS DISTINCT FROM p_expected_divisions[i]::uuid[];
    v_agent := NULL;
    v_pick := NULL;
    IF v_expected IS NOT NULL AND EXISTS (
      SELECT 1 FROM user_presence WHERE user_id = v_expected AND connections > 0 AND status = 'online'
    ) THEN
      CONTINUE;
    END IF;
    -- Who may take it depends only on the route: computed once per run of the same route.
    v_route_text := p_route_divisions[i];
    IF v_cached_route IS DISTINCT FROM coalesce(v_route_text, '*') THEN
      v_route := v_route_text::uuid[];
      SELECT coalesce(array_agg(k ORDER BY k), '{}') INTO v_eligible
      FROM generate_subscripts(a_ids, 1) k
      WHERE v_route IS NULL OR EXISTS (
        SELECT 1 FROM user_divisions ud WHERE ud.user_id = a_ids[k] AND ud.division_id = ANY (v_route));
      v_cached_route := coalesce(v_route_text, '*');
    END IF;
    FOREACH v_online_only IN ARRAY (CASE WHEN p_allow_offline[i] AND v_expected IS NULL
                                         THEN ARRAY[true, false] ELSE ARRAY[true] END) LOOP
      SELECT k INTO v_pick FROM unnest(v_eligible) k
      WHERE (NOT v_online_only OR a_online[k]) AND (v_expected IS NULL OR a_ids[k] <> v_expected)
      ORDER BY a_load[k], a_last[k] ASC NULLS FIRST, a_seq[k], a_ids[k]
      LIMIT 1;
      EXIT WHEN v_pick IS NOT NULL;
    END LOOP;
    IF v_pick IS NOT NULL THEN
      v_agent := a_ids[v_pick];
    ELSIF v_expected IS NULL AND p_fallbacks[i] IS NOT NULL THEN
      SELECT id INTO v_agent FROM users WHERE account_id = p_account AND id = p_fallbacks[i] AND status = 'active';
      v_pick := array_position(a_ids, v_agent);
    END IF;
    CONTINUE WHEN v_agent IS NULL;

    -- The same chat later in the batch sees it assigned (and, expecting no agent, is skipped).
    IF v_repeats THEN
      FOREACH v_same IN ARRAY array_positions(p_chats, p_chats[i]) LOOP
        s_agent[v_same] := v_agent;
      END LOOP;
    END IF;
    v_seq := v_seq + 1;
    IF v_pick IS NOT NULL THEN
      a_load[v_pick] := a_load[v_pick] + 1;
      -- Now the most recently assigned: after everyone of as many open chats, in batch order.
      a_last[v_pick] := 'infinity';
      a_seq[v_pick] := v_seq;
    END IF;
    v_done_chats := v_done_chats || p_chats[i];
    v_done_agents := v_done_agents || v_agent;
    v_done_seqs := v_done_seqs || v_seq;
    r_ord := i;
    r_agent := v_agent;
    RETURN NEXT;
  END LOOP;

  IF v_seq = 0 THEN
    RETURN;
  END IF;
  -- Every chat once (a repeat expecting no agent was skipped above), all already locked.
  UPDATE chats c SET agent_id = d.agent, updated_at = p_now
  FROM unnest(v_done_chats, v_done_agents) d(id, agent)
  WHERE c.id = d.id AND c.account_id = p_account;
  -- Their open tickets, found by the open-ticket index (the chats are the account's, checked above).
  UPDATE tickets t SET agent_id = d.agent
  FROM unnest(v_done_chats, v_done_agents) d(id, agent)
  WHERE t.chat_id = d.id AND t.close_at IS NULL;
  -- Each agent's latest assignment of the batch. Rows in id order: no deadlock with a concurrent
  -- batch of another division sharing agents.
  INSERT INTO user_presence (user_id, account_id, last_assigned_at, last_seen_at)
  SELECT agent, p_account, v_stamp + (max(seq) - 1) * interval '1 microsecond', p_now
  FROM unnest(v_done_agents, v_done_seqs) d(agent, seq)
  GROUP BY agent ORDER BY agent
  ON CONFLICT (user_id) DO UPDATE SET last_assigned_at = EXCLUDED.last_assigned_at;
END $$;
