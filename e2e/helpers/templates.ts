// A template Meta has already approved, straight in Sapa's database: approval is the sandbox's
// job in the template specs; inbox specs only need one to exist in the 'accepted' state.
import pg from 'pg';

export interface ApprovedTemplate {
  /** The demo WhatsApp number's phone-number id (the channel's external id). */
  phoneNumberId: string;
  name: string;
  language: string;
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  headerText: string | null;
  content: string;
  examples: string[];
  footer: string | null;
  providerTemplateId: string;
}

/**
 * Adds the template to the channel as accepted, or marks an existing one of the same name and
 * language accepted. Answers the template's id.
 */
export async function ensureApprovedTemplate(t: ApprovedTemplate): Promise<string> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (scripts/e2e.mjs sets it)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ id: string }>(
      `INSERT INTO templates (account_id, channel_id, name, category, language, header_type,
         header_text, footer, content, examples, status, provider_template_id, published_at,
         status_updated_at)
       SELECT ch.account_id, ch.id, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, 'accepted', $10, now(), now()
         FROM channels ch WHERE ch.external_id = $1 AND ch.provider = 'whatsapp_cloud'
       ON CONFLICT (channel_id, name, language)
         DO UPDATE SET status = 'accepted', status_updated_at = now()
       RETURNING id`,
      [
        t.phoneNumberId,
        t.name,
        t.category,
        t.language,
        t.headerText ? 'text' : 'none',
        t.headerText,
        t.footer,
        t.content,
        JSON.stringify({ body: t.examples }),
        t.providerTemplateId,
      ],
    );
    const id = res.rows[0]?.id;
    if (!id) throw new Error(`no WhatsApp channel with phone number id ${t.phoneNumberId}`);
    return id;
  } finally {
    await client.end();
  }
}
