-- Presence that survives a crashed process (issue 5). user_presence.connections counts sockets
-- across processes; a process that dies without its disconnects would leave agents "online" and
-- routing would keep giving them chats. Each process now registers itself, heartbeats, and
-- records its own share of every user's count, so another process can take a dead one's share
-- back out.

CREATE TABLE server_processes (
  id uuid PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL
);

CREATE TABLE presence_sockets (
  process_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  connections integer NOT NULL CHECK (connections >= 0),
  PRIMARY KEY (process_id, user_id)
);
