-- Usage charges (issue 16, pricing): what an account's conversations and monthly active contacts
-- cost. One row per billable conversation or contact-month; its `ref` is the ledger order id of
-- the charge (and of its refund), so the ledger's unique (account, kind, order_id) index books
-- each at most once, whoever gets there first: the domain-event listener or the sweeper.

CREATE TABLE usage_charges (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  -- user_initiated: the customer wrote in the last 24 hours and the business answers;
  -- business_initiated: a template opens the conversation; mau: a contact active in a month.
  kind text NOT NULL CHECK (kind IN ('user_initiated', 'business_initiated', 'mau')),
  -- conv:<chat id>:<opening message id> or mau:<contact id>:<yyyy-mm> (account time zone).
  ref text NOT NULL,
  -- No foreign keys: a deleted chat or message does not rewrite what was charged for it.
  chat_id uuid,
  contact_id uuid,
  -- The business message that opened the conversation (it moves to a surviving message of the
  -- conversation when the opener fails).
  message_id bigint,
  -- The conversation's start (its opener's sent_at), or the first instant of the month (mau).
  starts_at timestamptz NOT NULL,
  -- Plain price, no PPN (PPN was paid on the top-up).
  amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
  -- charged: in the ledger; owed: not yet, the balance could not cover it (collected by the
  -- sweeper once it can); free: the price was 0; refunded: the opener failed and nothing survived.
  status text NOT NULL CHECK (status IN ('charged', 'owed', 'free', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX usage_charges_ref ON usage_charges (account_id, ref);
-- "Is this message inside a conversation already?" looks at the chat's recent conversations.
CREATE INDEX usage_charges_chat ON usage_charges (chat_id, starts_at DESC) WHERE kind <> 'mau';
CREATE INDEX usage_charges_message ON usage_charges (message_id) WHERE message_id IS NOT NULL;
CREATE INDEX usage_charges_owed ON usage_charges (account_id, id) WHERE status = 'owed';
CREATE INDEX usage_charges_open ON usage_charges (created_at)
  WHERE status IN ('charged', 'owed') AND kind <> 'mau';

-- The sweeper's place in the messages table: every message with a larger id is looked at again
-- on the next run. It starts at today's last message, so history from before usage charges
-- existed is never billed.
CREATE TABLE usage_sweep_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_message_id bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO usage_sweep_state (id, last_message_id) SELECT true, coalesce(max(id), 0) FROM messages;
