-- Contacts as records (issue 5): labels on contacts, account-defined attributes, list indexes
-- and the server-side store of import previews.

ALTER TABLE contacts ADD COLUMN labels uuid[] NOT NULL DEFAULT '{}';

-- Search matches the name, the canonical phone or the email, case-insensitively, in one column
-- lower-cased on write (as chats.search_text does); chr(1) keeps a search from spanning fields.
ALTER TABLE contacts ADD COLUMN search_text text
  GENERATED ALWAYS AS (
    lower(name) || chr(1) || coalesce(phone, '') || chr(1) || lower(coalesce(email, ''))
  ) STORED;

-- The list: account, archived or not, ordered by name then id (the keyset). Archived contacts
-- are few, so each side gets its own partial index.
CREATE INDEX contacts_list_active ON contacts (account_id, lower(name), id)
  WHERE archived_at IS NULL;
CREATE INDEX contacts_list_archived ON contacts (account_id, lower(name), id)
  WHERE archived_at IS NOT NULL;
CREATE INDEX contacts_search ON contacts USING gin (search_text gin_trgm_ops);
CREATE INDEX contacts_labels ON contacts USING gin (labels);
-- A contact's channels, the channel filter and "has chats?" on delete all start from here.
CREATE INDEX chats_contact ON chats (contact_id);

CREATE TABLE contact_attributes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  key text NOT NULL,
  label text NOT NULL,
  type text NOT NULL DEFAULT 'text' CHECK (type IN ('text', 'number', 'date', 'boolean')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT contact_attributes_account_key UNIQUE (account_id, key)
);

-- A previewed import: the parsed rows wait here until committed or expired, so the commit
-- writes exactly what the user saw.
CREATE TABLE contact_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  filename text NOT NULL,
  columns text[] NOT NULL,
  rows jsonb NOT NULL,
  rejected jsonb NOT NULL,
  committed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX contact_imports_expiry ON contact_imports (expires_at);
