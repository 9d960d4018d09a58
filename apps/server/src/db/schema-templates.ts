import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0019_templates.sql. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type TemplateCategoryDb = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
export type TemplateHeaderTypeDb = 'none' | 'text' | 'image' | 'video' | 'document';
export type TemplateStatusDb = 'draft' | 'published' | 'rejected' | 'accepted';

export interface TemplateButtonDb {
  type: 'chat' | 'link' | 'call';
  label: string;
  code?: string;
  url?: string;
  phone?: string;
}

export interface TemplateExamplesDb {
  /** One example value per body parameter, {{1}} first. */
  body?: string[];
  /** The example for the header's single text parameter. */
  header?: string;
}

export interface TemplatesTable {
  id: Generated<string>;
  account_id: string;
  channel_id: string;
  name: string;
  category: TemplateCategoryDb;
  language: string;
  initiate_message: Generated<boolean>;
  header_type: Generated<TemplateHeaderTypeDb>;
  header_text: string | null;
  header_example_url: string | null;
  header_example_media_id: string | null;
  footer: string | null;
  content: string;
  examples: Json<TemplateExamplesDb>;
  buttons: Json<TemplateButtonDb[]>;
  disclaimer: string | null;
  status: Generated<TemplateStatusDb>;
  provider_template_id: string | null;
  rejection_reason: string | null;
  is_welcome: Generated<boolean>;
  created_by: string | null;
  published_at: NullableTimestamp;
  status_updated_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TemplateTables {
  templates: TemplatesTable;
}
