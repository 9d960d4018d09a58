import { sentTemplateOf } from '@sapa/contracts';
import type { TemplateSend } from '../../../channels/types.js';

/** A document's name on the customer's phone: the link's last path segment, when it has one. */
function filenameOf(link: string): string | null {
  try {
    const last = new URL(link).pathname.split('/').filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

/**
 * Meta's template send rebuilt from what `sendTemplate` stored on the message, so a retry sends
 * exactly what the agent filled in. Null for a message that is not a template.
 */
export function templateSendOf(payload: Record<string, unknown>): TemplateSend | null {
  const t = sentTemplateOf(payload);
  if (!t) return null;
  const media =
    t.headerType && t.headerType !== 'text' && t.headerMediaUrl
      ? {
          type: t.headerType,
          link: t.headerMediaUrl,
          filename: t.headerType === 'document' ? filenameOf(t.headerMediaUrl) : null,
        }
      : null;
  return {
    name: t.name,
    language: t.language,
    bodyParams: t.params,
    headerText: t.headerType === 'text' ? t.headerParam : null,
    headerMedia: media,
  };
}
