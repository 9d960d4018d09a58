-- Routing: agent presence, round-robin state, and the automatic messages already sent.

-- Presence lives in the database so every server process agrees on who is online: each process
-- counts its own sockets into `connections` (+1 on connect, -1 on disconnect). An agent is online
-- while connections > 0 and they have not switched themselves to away.
CREATE TABLE user_presence (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'online' CHECK (status IN ('online', 'away')),
  connections integer NOT NULL DEFAULT 0 CHECK (connections >= 0),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- Round robin: ties between agents with as many open chats go to the longest-waiting one.
  last_assigned_at timestamptz
);
CREATE INDEX user_presence_account_online ON user_presence (account_id) WHERE connections > 0;

-- Open chats per agent are counted on every automatic assignment.
CREATE INDEX chats_agent_open ON chats (account_id, agent_id) WHERE flag <> 'gray' AND NOT is_archive;

-- One automatic message of a kind per chat per conversation window (24 h from the customer's first
-- message of the window): the primary key makes a second send a no-op, also across processes.
CREATE TABLE chat_auto_messages (
  chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('welcome', 'no_agent', 'greeting')),
  window_start timestamptz NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chat_id, kind, window_start)
);

-- When each chat's current conversation window started (the customer's first message of it). A
-- message 24 h or more after the start opens a new window: a new conversation.
CREATE TABLE chat_windows (
  chat_id uuid PRIMARY KEY REFERENCES chats(id) ON DELETE CASCADE,
  window_start timestamptz NOT NULL
);

-- Greeting assignment (bo.enableGreetingAssignment): one greeting per account listing divisions in
-- order; the customer's reply ("1", "2", or a button) picks one and the chat is routed there.
CREATE TABLE greetings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL UNIQUE REFERENCES accounts(id) ON DELETE CASCADE,
  text text NOT NULL,
  division_ids uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One automatic assignment in one round trip: takes the routing lock (the account's, or shared
-- with it the locks of the chat's divisions, in order), then picks and assigns. Each statement
-- inside sees what committed before the lock was granted, so arrivals balance against each other.
-- Returns the agent given the chat, or null (nobody qualifies, or the chat changed meanwhile).
CREATE FUNCTION routing_assign(
  p_account uuid, p_chat uuid, p_expected_agent uuid, p_expected_divisions uuid[],
  p_route_divisions uuid[], p_allow_offline boolean, p_fallback uuid, p_now timestamptz
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_agent uuid;
  v_key text;
  v_online_only boolean;
BEGIN
  IF p_route_divisions IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('routing:' || p_account));
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtext('routing:' || p_account));
    FOR v_key IN SELECT DISTINCT d::text FROM unnest(p_route_divisions) d ORDER BY 1 LOOP
      PERFORM pg_advisory_xact_lock(hashtext('routing:' || p_account || ':' || v_key));
    END LOOP;
  END IF;

  -- A chat waiting for an agent who is still online stays with them.
  IF p_expected_agent IS NOT NULL AND EXISTS (
    SELECT 1 FROM user_presence WHERE user_id = p_expected_agent AND connections > 0 AND status = 'online'
  ) THEN
    RETURN NULL;
  END IF;

  FOREACH v_online_only IN ARRAY (CASE WHEN p_allow_offline AND p_expected_agent IS NULL
                                       THEN ARRAY[true, false] ELSE ARRAY[true] END) LOOP
    SELECT u.id INTO v_agent
    FROM users u LEFT JOIN user_presence p ON p.user_id = u.id
    WHERE u.account_id = p_account AND u.status = 'active' AND u.role = 'agent'
      AND (NOT v_online_only OR (p.connections > 0 AND p.status = 'online'))
      AND (p_expected_agent IS NULL OR u.id <> p_expected_agent)
      AND (p_route_divisions IS NULL OR EXISTS (
        SELECT 1 FROM user_divisions ud WHERE ud.user_id = u.id AND ud.division_id = ANY (p_route_divisions)))
    ORDER BY (SELECT count(*) FROM chats c WHERE c.account_id = p_account AND c.agent_id = u.id
                AND c.flag <> 'gray' AND NOT c.is_archive),
             p.last_assigned_at ASC NULLS FIRST, u.id
    LIMIT 1;
    EXIT WHEN v_agent IS NOT NULL;
  END LOOP;

  IF v_agent IS NULL AND p_expected_agent IS NULL AND p_fallback IS NOT NULL THEN
    SELECT id INTO v_agent FROM users WHERE account_id = p_account AND id = p_fallback AND status = 'active';
  END IF;
  IF v_agent IS NULL THEN
    RETURN NULL;
  END IF;

  UPDATE chats SET agent_id = v_agent, updated_at = p_now
  WHERE account_id = p_account AND id = p_chat AND NOT blocked
    AND agent_id IS NOT DISTINCT FROM p_expected_agent AND division_ids = p_expected_divisions;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE tickets SET agent_id = v_agent WHERE account_id = p_account AND chat_id = p_chat AND close_at IS NULL;
  INSERT INTO user_presence (user_id, account_id, last_assigned_at, last_seen_at)
  VALUES (v_agent, p_account, p_now, p_now)
  ON CONFLICT (user_id) DO UPDATE SET last_assigned_at = EXCLUDED.last_assigned_at;
  RETURN v_agent;
END $$;
