-- Message templates (issue 6): written in Sapa, submitted to Meta, approved or rejected there.
-- A template lives on one WhatsApp channel's business account (WABA).

CREATE TABLE templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  channel_id uuid NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  -- Meta's template name: lowercase letters, digits and underscores (reference §2.6).
  name text NOT NULL,
  category text NOT NULL CHECK (category IN ('MARKETING', 'UTILITY', 'AUTHENTICATION')),
  language text NOT NULL,
  initiate_message boolean NOT NULL DEFAULT false,
  header_type text NOT NULL DEFAULT 'none' CHECK (header_type IN ('none', 'text', 'image', 'video', 'document')),
  header_text text,
  -- Example media for an image/video/document header, as Meta asks on submission.
  header_example_url text,
  footer text,
  -- Body with positional {{n}} parameters, and one example value per parameter.
  content text NOT NULL,
  examples jsonb NOT NULL DEFAULT '{}',
  -- [{type: 'chat'|'link'|'call', label, code?|url?|phone?}]
  buttons jsonb NOT NULL DEFAULT '[]',
  disclaimer text,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'rejected', 'accepted')),
  -- Meta's id once submitted ("template_id" in the spec) and its reason when rejected.
  provider_template_id text,
  rejection_reason text,
  -- The template that opens conversations (hsm/welcome); at most one per account.
  is_welcome boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  published_at timestamptz,
  status_updated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Meta identifies a template by name and language within a WABA.
CREATE UNIQUE INDEX templates_channel_name_language ON templates (channel_id, name, language);
CREATE INDEX templates_account_created ON templates (account_id, created_at DESC, id DESC);
CREATE INDEX templates_account_status ON templates (account_id, status);
-- Status webhooks find the template by Meta's id.
CREATE UNIQUE INDEX templates_provider_id ON templates (provider_template_id) WHERE provider_template_id IS NOT NULL;
CREATE UNIQUE INDEX templates_account_welcome ON templates (account_id) WHERE is_welcome;
