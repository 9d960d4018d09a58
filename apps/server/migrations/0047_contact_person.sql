-- Issue 17 §2: one customer may write on WhatsApp and on Instagram, and each channel gives a
-- contact of its own (a phone, a page-scoped id). Merging groups contacts under one person
-- instead of folding rows together, so every contact keeps its channel identity and its chats,
-- and unmerging is clearing the group: nothing has to be split back apart.
ALTER TABLE contacts ADD COLUMN person_id uuid;
CREATE INDEX contacts_person ON contacts (account_id, person_id) WHERE person_id IS NOT NULL;
