-- WhatsApp basic (issue 20 §3): a number linked by QR code is a session one server process holds
-- open. Its state (what the page shows), its credentials and Signal keys (sealed, like channel
-- configs), and the lease that says which process owns it.

-- One row per whatsapp_basic channel: where the link stands and who the linked number is.
-- `state`: unlinked | linking | connecting | connected | reconnecting | qr_expired | logged_out
-- (packages/contracts whatsapp-basic.ts). The QR carries key material: sealed.
-- `pairing_*`: a pairing code asked for over HTTP (any process), answered by the owner.
-- `command`: what the admin asked of a running session ('logout'), done by its owner.
CREATE TABLE wabasic_sessions (
  channel_id uuid PRIMARY KEY REFERENCES channels(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'unlinked' CHECK (state IN
    ('unlinked', 'linking', 'connecting', 'connected', 'reconnecting', 'qr_expired', 'logged_out')),
  reason text,
  state_changed_at timestamptz NOT NULL DEFAULT now(),
  qr_sealed text,
  qr_expires_at timestamptz,
  qr_rotation integer NOT NULL DEFAULT 0,
  pairing_phone text,
  pairing_code text,
  pairing_requested_at timestamptz,
  command text CHECK (command IN ('logout')),
  phone text,
  push_name text,
  lid text,
  linked_at timestamptz,
  last_connected_at timestamptz,
  creds_sealed text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wabasic_sessions_account ON wabasic_sessions (account_id);
-- The supervisor's scan: sessions that should be running.
CREATE INDEX wabasic_sessions_wanted ON wabasic_sessions (state)
  WHERE state IN ('linking', 'connecting', 'connected', 'reconnecting');

-- Signal keys, one row per key (they change on every message; each write is one small upsert).
CREATE TABLE wabasic_keys (
  channel_id uuid NOT NULL REFERENCES wabasic_sessions(channel_id) ON DELETE CASCADE,
  type text NOT NULL,
  key_id text NOT NULL,
  value_sealed text NOT NULL,
  PRIMARY KEY (channel_id, type, key_id)
);

-- The lease: exactly one process owns a session. `expires_at` is database time; the owner
-- renews it every few seconds; another process may take it once it has expired. `epoch` grows
-- with every change of owner, and the owner's writes are fenced by it (a process that lost the
-- lease while paused cannot write the session's keys afterwards).
CREATE TABLE wabasic_leases (
  channel_id uuid PRIMARY KEY REFERENCES wabasic_sessions(channel_id) ON DELETE CASCADE,
  owner text NOT NULL,
  epoch bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  acquired_at timestamptz NOT NULL DEFAULT now()
);
