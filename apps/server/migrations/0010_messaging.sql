-- Message pipeline: channels ("services"), contacts, chats, messages, media.

CREATE TABLE channels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('whatsapp', 'instagram', 'messenger', 'whatsapp_basic')),
  provider text NOT NULL CHECK (provider IN ('whatsapp_cloud', 'instagram', 'messenger', 'whatsapp_basic')),
  -- The provider's id for this channel: WhatsApp phone_number_id, Page id, Instagram id.
  external_id text NOT NULL,
  display_phone_number text,
  waba_id text,
  access_token_sealed text,
  is_enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A provider number belongs to one account: webhooks route by it.
CREATE UNIQUE INDEX channels_provider_external ON channels (provider, external_id);
CREATE INDEX channels_account ON channels (account_id, channel);

CREATE TABLE contacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '',
  phone text,
  email text,
  notes text NOT NULL DEFAULT '',
  attributes jsonb NOT NULL DEFAULT '{}',
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Canonical phone (spec §5 helper) is the merge key.
CREATE UNIQUE INDEX contacts_account_phone ON contacts (account_id, phone) WHERE phone IS NOT NULL;

CREATE TABLE chats (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  channel_id uuid NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  contact_id uuid NOT NULL REFERENCES contacts(id),
  channel text NOT NULL,
  -- The customer's address on the channel (wa_id, PSID, IGSID).
  identifier text NOT NULL,
  name text NOT NULL DEFAULT '',
  agent_id uuid REFERENCES users(id) ON DELETE SET NULL,
  division_ids uuid[] NOT NULL DEFAULT '{}',
  flag text NOT NULL DEFAULT 'gray' CHECK (flag IN ('gray', 'red', 'green')),
  unread_count integer NOT NULL DEFAULT 0,
  last_message_text text NOT NULL DEFAULT '',
  last_message_type text,
  last_message_from_me boolean NOT NULL DEFAULT false,
  last_update timestamptz NOT NULL DEFAULT now(),
  -- When the customer last wrote: the 24-hour window runs from here.
  initiate_at timestamptz,
  is_archive boolean NOT NULL DEFAULT false,
  is_flow boolean NOT NULL DEFAULT false,
  labels uuid[] NOT NULL DEFAULT '{}',
  blocked boolean NOT NULL DEFAULT false,
  is_out boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX chats_channel_identifier ON chats (channel_id, identifier);
CREATE INDEX chats_account_last_update ON chats (account_id, last_update DESC, id DESC);
CREATE INDEX chats_agent ON chats (account_id, agent_id, last_update DESC);

CREATE TABLE media (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  storage_key text NOT NULL,
  mime_type text NOT NULL,
  size_bytes integer NOT NULL,
  sha256 text NOT NULL,
  filename text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  channel_id uuid NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  provider_message_id text,
  generated_id text,
  msg_type text NOT NULL,
  text text NOT NULL DEFAULT '',
  payload jsonb NOT NULL DEFAULT '{}',
  attachment_name text,
  media_id uuid REFERENCES media(id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('queue', 'expired', 'sent', 'delivered', 'undelivered', 'read', 'failed', 'no-match-template', 'delayed', 'cancelled', 'received')),
  error jsonb,
  from_me boolean NOT NULL,
  sender_id uuid REFERENCES users(id) ON DELETE SET NULL,
  is_system boolean NOT NULL DEFAULT false,
  reply_to_provider_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz NOT NULL DEFAULT now()
);
-- Exactly-once ingest: Meta redelivers; the provider id is the dedup key.
CREATE UNIQUE INDEX messages_channel_provider_id ON messages (channel_id, provider_message_id);
CREATE INDEX messages_chat ON messages (chat_id, id DESC);
CREATE UNIQUE INDEX messages_generated_id ON messages (chat_id, generated_id) WHERE generated_id IS NOT NULL;

-- Statuses that arrive before the send job stored the provider id (Meta does not order them).
CREATE TABLE pending_statuses (
  channel_id uuid NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  provider_message_id text NOT NULL,
  status text NOT NULL,
  error jsonb,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (channel_id, provider_message_id, status)
);

-- Socket.IO's cross-process pub/sub (@socket.io/postgres-adapter).
CREATE TABLE socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
