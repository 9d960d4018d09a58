-- Broadcast sending engine (issue 6 part 4): per-channel pace, a token bucket shared by every
-- worker process, sending lanes with leases, and why a broadcast paused by itself.

-- Messages per second a channel's broadcasts may send (Meta's default is 80/s, up to 1,000/s).
ALTER TABLE channels ADD COLUMN broadcast_rate integer NOT NULL DEFAULT 80
  CHECK (broadcast_rate BETWEEN 1 AND 1000);

-- Set when the engine paused a broadcast by itself (e.g. 'Insufficient Balance'); cleared on resume.
ALTER TABLE broadcasts ADD COLUMN pause_reason text;

-- One token bucket per channel. Every worker takes tokens with one atomic UPDATE (refill by the
-- elapsed time × rate, then take), so two processes never add up to twice the rate.
CREATE TABLE broadcast_send_buckets (
  channel_id uuid PRIMARY KEY REFERENCES channels(id) ON DELETE CASCADE,
  tokens double precision NOT NULL,
  refilled_at timestamptz NOT NULL
);

-- A running broadcast is sent by a few lanes (pg-boss jobs); a lane's holder renews its
-- heartbeat every batch, so the sweep can restart a lane whose worker died.
CREATE TABLE broadcast_send_leases (
  broadcast_id uuid NOT NULL REFERENCES broadcasts(id) ON DELETE CASCADE,
  slot integer NOT NULL,
  holder uuid NOT NULL,
  heartbeat_at timestamptz NOT NULL,
  PRIMARY KEY (broadcast_id, slot)
);

-- In-doubt sends (claimed, never recorded) are found by age.
CREATE INDEX broadcast_recipients_in_doubt ON broadcast_recipients (broadcast_id, claimed_at)
  WHERE status = 'sending';
-- Delayed recipients come back when their back-off ends.
CREATE INDEX broadcast_recipients_delayed ON broadcast_recipients (broadcast_id, next_attempt_at)
  WHERE status = 'delayed';
CREATE INDEX broadcasts_running ON broadcasts (id) WHERE status = 'running';
