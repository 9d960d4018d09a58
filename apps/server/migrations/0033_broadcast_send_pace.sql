-- Broadcast pacing (issue 15): the token bucket of 0023 saved up to half a second of sends while
-- Meta was slow and released them at once (120 in one second at 80/s, which Meta answers with
-- 130429). A channel's sends now start on a grid, one every 1/rate s, shared by every worker
-- process: a reservation takes the next slots from max(next_slot_at, now), so a slot nobody used
-- is dropped, never saved for later.
CREATE TABLE broadcast_send_pace (
  channel_id uuid PRIMARY KEY REFERENCES channels(id) ON DELETE CASCADE,
  next_slot_at timestamptz NOT NULL
);

DROP TABLE broadcast_send_buckets;
