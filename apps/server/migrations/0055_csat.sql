-- Customer satisfaction surveys (issue 18 §4): one per resolved ticket, sent in the chat inside
-- the reply window or as a link to the public page outside it, or skipped with a reason.

CREATE TABLE csat_surveys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  -- Once per ticket: a redelivered event or a sweep racing the listener adds nothing.
  ticket_id uuid NOT NULL UNIQUE REFERENCES tickets(id) ON DELETE CASCADE,
  chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  channel_id uuid NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  channel text NOT NULL,
  -- The person who resolved the ticket, and the chat's division then: what the answer is credited to.
  agent_id uuid REFERENCES users(id) ON DELETE SET NULL,
  division_id uuid REFERENCES divisions(id) ON DELETE SET NULL,
  -- The resolver's language: the survey's words in the chat, and the public page's first language.
  language text NOT NULL CHECK (language IN ('en', 'id')),
  via text CHECK (via IN ('interactive', 'link', 'template')),
  status text NOT NULL CHECK (status IN ('sent', 'skipped', 'answered', 'expired')),
  skip_reason text,
  -- The survey message in the conversation (or the note of a skip).
  message_id bigint,
  -- SHA-256 of the public page's token (only link and template surveys have one).
  token_hash bytea UNIQUE,
  sent_at timestamptz NOT NULL,
  expires_at timestamptz,
  -- After a rating in the chat: the customer's next text before this time is the comment.
  comment_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'skipped') = (skip_reason IS NOT NULL)),
  CHECK ((status = 'skipped') = (via IS NULL))
);
CREATE INDEX csat_surveys_account_sent ON csat_surveys (account_id, sent_at DESC);
CREATE INDEX csat_surveys_chat ON csat_surveys (chat_id, sent_at DESC);
-- The expiry sweep reads open surveys by their deadline.
CREATE INDEX csat_surveys_open_expiry ON csat_surveys (expires_at) WHERE status = 'sent';
-- Ingest asks, per inbound message, whether the chat waits for a survey comment: a tiny index.
CREATE INDEX csat_surveys_comment_window ON csat_surveys (chat_id, comment_until)
  WHERE comment_until IS NOT NULL;

CREATE TABLE csat_responses (
  -- One answer per survey: a second tap, a redelivered webhook or a second page submit adds nothing.
  survey_id uuid PRIMARY KEY REFERENCES csat_surveys(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text,
  -- Where the customer answered: a tap in the chat, or the public page.
  source text NOT NULL CHECK (source IN ('chat', 'page')),
  answered_at timestamptz NOT NULL,
  commented_at timestamptz,
  -- The answer's card in the conversation.
  message_id bigint
);
CREATE INDEX csat_responses_account_answered ON csat_responses (account_id, answered_at DESC);

-- The survey sweep finds an account's tickets resolved in the last hour without a survey.
CREATE INDEX tickets_account_close_at ON tickets (account_id, close_at) WHERE close_at IS NOT NULL;
