import { templateParams, type Template, type TemplateButton } from '@sapa/contracts';
import type { TemplateRow } from './repo.js';

/** A template row as the API shows it (contracts `templateSchema`). */
export function presentTemplate(row: TemplateRow): Template {
  const headerText = row.header_type === 'text' ? row.header_text : null;
  return {
    _id: row.id,
    name: row.name,
    channel: row.channel_type,
    channelId: row.channel_id,
    channelName: row.channel_name,
    category: row.category,
    language: row.language,
    initiateMessage: row.initiate_message,
    headerType: row.header_type === 'none' ? null : row.header_type,
    headerText,
    headerExampleUrl: row.header_example_url,
    headerExampleMediaId: row.header_example_media_id,
    headerExampleFilename: row.header_example_media_id ? row.header_example_filename : null,
    footer: row.footer,
    content: row.content,
    examples: { body: row.examples.body ?? [], header: row.examples.header ?? null },
    buttons: row.buttons.map((b): TemplateButton =>
      b.type === 'link'
        ? { type: 'link', label: b.label, url: b.url ?? '' }
        : b.type === 'call'
          ? { type: 'call', label: b.label, phone: b.phone ?? '' }
          : { type: 'chat', label: b.label, code: b.code ?? '' },
    ),
    disclaimer: row.disclaimer,
    status: row.status,
    templateId: row.provider_template_id,
    rejectionReason: row.rejection_reason,
    isWelcome: row.is_welcome,
    bodyParamCount: templateParams(row.content).length,
    headerParam: templateParams(headerText).length === 1,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
