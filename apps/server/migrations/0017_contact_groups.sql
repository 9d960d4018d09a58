-- Contact groups (issue 5): named sets of contacts that broadcasts will use as recipients.

CREATE TABLE contact_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- The channel broadcasts reach the members on; NULL means any channel.
  channel text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX contact_groups_account_name ON contact_groups (account_id, lower(name));

-- Deleting a group drops its memberships; deleting a contact drops it from every group. The
-- primary key makes adding idempotent (ON CONFLICT DO NOTHING) and serves member counts as an
-- index-only scan per group.
CREATE TABLE contact_group_members (
  group_id uuid NOT NULL REFERENCES contact_groups(id) ON DELETE CASCADE,
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, contact_id)
);
-- A contact's groups (contact detail, the contacts list's group filter, contact deletes).
CREATE INDEX contact_group_members_contact ON contact_group_members (contact_id);
