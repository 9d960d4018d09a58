-- The complete inbox: labels, tickets, quick replies, and the indexes the list and search need.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE labels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  color text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX labels_account_name ON labels (account_id, lower(name));

-- A ticket is one stretch of a conversation: from the customer's first message after the last
-- close (open_at), through the first agent reply (answer_at), to the resolve (close_at).
CREATE TABLE tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  -- The agent handling it: the chat's agent when it opened, or whoever answered first.
  agent_id uuid REFERENCES users(id) ON DELETE SET NULL,
  resolved_by uuid REFERENCES users(id) ON DELETE SET NULL,
  open_at timestamptz NOT NULL,
  answer_at timestamptz,
  close_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- At most one open ticket per chat; ingest opens one with ON CONFLICT DO NOTHING.
CREATE UNIQUE INDEX tickets_one_open_per_chat ON tickets (chat_id) WHERE close_at IS NULL;
CREATE INDEX tickets_account_open_at ON tickets (account_id, open_at DESC, id DESC);
CREATE INDEX tickets_account_agent ON tickets (account_id, agent_id, open_at DESC);

CREATE TABLE quick_replies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  shortcut text NOT NULL,
  text text NOT NULL DEFAULT '',
  media_id uuid REFERENCES media(id) ON DELETE SET NULL,
  division_ids uuid[] NOT NULL DEFAULT '{}',
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX quick_replies_account_shortcut ON quick_replies (account_id, lower(shortcut));
