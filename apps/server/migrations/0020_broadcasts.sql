-- Broadcasts (issue 6): one approved template sent to many recipients at a paced rate.

CREATE TABLE broadcasts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  channel_id uuid NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  template_id uuid NOT NULL REFERENCES templates(id) ON DELETE RESTRICT,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  title text NOT NULL,
  -- draft: recipients being prepared; scheduled: waits for scheduled_at; running, paused;
  -- completed: every recipient settled; cancelled by a user.
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled')),
  -- Header media for templates that need it: {type, link?, mediaId?, filename?}.
  header_media jsonb,
  -- Replies to this broadcast are assigned to its creator ("Self Assign").
  self_assign boolean NOT NULL DEFAULT false,
  scheduled_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  total_count integer NOT NULL DEFAULT 0,
  invalid_count integer NOT NULL DEFAULT 0,
  -- Estimated from the account's price and PPN when it was confirmed; charged as it sends.
  estimated_cost numeric(14, 2) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX broadcasts_account_created ON broadcasts (account_id, created_at DESC, id DESC);
CREATE INDEX broadcasts_due ON broadcasts (scheduled_at) WHERE status = 'scheduled';

CREATE TABLE broadcast_recipients (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broadcast_id uuid NOT NULL REFERENCES broadcasts(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  -- Denormalised from the broadcast so a status webhook finds the row by (channel, wamid).
  channel_id uuid NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  -- The row of the uploaded data this came from (1-based, header excluded), for results.
  row_number integer NOT NULL,
  -- Canonical phone (spec §5 helper: leading plus, zero or 62 stripped, then 62…).
  phone text NOT NULL,
  -- Body parameter values, {{1}} first, and the header's parameter when it has one.
  params jsonb NOT NULL DEFAULT '[]',
  header_param text,
  contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'queue' CHECK (status IN ('queue', 'sending', 'expired', 'sent', 'delivered', 'undelivered', 'read', 'failed', 'no-match-template', 'delayed', 'cancelled')),
  provider_message_id text,
  error jsonb,
  attempts integer NOT NULL DEFAULT 0,
  -- A 'delayed' recipient (throughput back-off) is retried after this.
  next_attempt_at timestamptz,
  -- When a worker claimed it for sending; a crash leaves it 'sending' and recovery settles it.
  claimed_at timestamptz,
  sent_at timestamptz,
  delivered_at timestamptz,
  read_at timestamptz,
  failed_at timestamptz,
  replied_at timestamptz
);
-- One send per phone per broadcast: duplicates in the upload are rejected rows, not resends.
CREATE UNIQUE INDEX broadcast_recipients_phone ON broadcast_recipients (broadcast_id, phone);
-- Claims take the next queued rows in order; totals per status count by this index.
CREATE INDEX broadcast_recipients_status ON broadcast_recipients (broadcast_id, status, id);
CREATE UNIQUE INDEX broadcast_recipients_provider_id ON broadcast_recipients (channel_id, provider_message_id) WHERE provider_message_id IS NOT NULL;
-- A customer's reply finds the broadcast it answers.
CREATE INDEX broadcast_recipients_reply ON broadcast_recipients (channel_id, phone, sent_at DESC) WHERE sent_at IS NOT NULL;

-- Rows of the uploaded data that failed validation, with the reason, for the downloadable list.
CREATE TABLE broadcast_rejected_rows (
  broadcast_id uuid NOT NULL REFERENCES broadcasts(id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  raw jsonb NOT NULL,
  reason text NOT NULL,
  PRIMARY KEY (broadcast_id, row_number)
);
