import { z } from 'zod';
import { text } from './text.js';
import { fillTemplate, templateParams, templateSchema, type Template } from './templates.js';

/**
 * Templates in the inbox (issue 6 part 6): once a WhatsApp chat's 24-hour window has closed
 * only an approved template may go out, so the composer offers one with its parameters filled.
 * The per-template rules (how many parameters, which header input) live in
 * `templateSendIssues`, shared by the web form and the server so both refuse alike.
 */

/** `GET /api/chats/:id/templates`: the accepted templates of the chat's channel. */
export const chatTemplateListSchema = z.object({ data: z.array(templateSchema) });
export type ChatTemplateList = z.infer<typeof chatTemplateListSchema>;

/** Meta's body limit (reference §2.6), checked on the text as the customer will read it. */
export const TEMPLATE_BODY_MAX = 1024;
/** Meta refuses a parameter longer than this (and the filled body limit applies anyway). */
export const TEMPLATE_PARAM_MAX = 1024;
/** A header's text, its parameter included, stays within Meta's 60 characters. */
export const TEMPLATE_HEADER_MAX = 60;

export const TEMPLATE_SEND_MESSAGES = {
  paramRequired: (n: number) => `The parameter {{${n}}} field is required`,
  paramTooLong: (n: number) =>
    `The parameter {{${n}}} field may not be more than ${TEMPLATE_PARAM_MAX} characters`,
  paramFormat: (n: number) =>
    `The parameter {{${n}}} field may not contain new lines, tabs or more than 4 spaces in a row`,
  paramCount: (count: number) => `This template takes ${count} parameters`,
  headerParamRequired: 'The header parameter field is required',
  headerTooLong: `The header may not be more than ${TEMPLATE_HEADER_MAX} characters`,
  headerMediaRequired: 'The header media URL field is required',
  headerMediaHttps: 'The header media URL must be an https link',
  bodyTooLong: `The message may not be more than ${TEMPLATE_BODY_MAX} characters`,
  templateNotFound: 'The template was not found or is not approved for this channel',
} as const;

/** The socket event the composer may use instead of the REST route (same body, same answer). */
export const TEMPLATE_SEND_EVENT = 'new.template.out';

/** `POST /api/messages/template`. Values are checked against the template by the server. */
export const sendTemplateBodySchema = z.object({
  chatId: z.uuid({ error: 'The chat id is not valid' }),
  templateId: z.uuid({ error: 'The template id is not valid' }),
  params: z
    .array(text({ error: 'Every parameter must be text' }))
    .max(100)
    .default([]),
  headerParam: text().max(TEMPLATE_HEADER_MAX).optional(),
  headerMediaUrl: text().max(2000).optional(),
  /** The client's id for this send, so a retried request is stored once. */
  generatedId: text().min(1).max(100).optional(),
});
export type SendTemplateBody = z.infer<typeof sendTemplateBodySchema>;

export type TemplateSendField = 'params' | 'headerParam' | 'headerMediaUrl' | 'body';
export interface TemplateSendIssue {
  field: TemplateSendField;
  /** For `params`: which {{n}} (1-based). */
  param?: number;
  code: 'required' | 'tooLong' | 'format' | 'https' | 'count';
  message: string;
}

type SendableTemplate = Pick<Template, 'content' | 'headerType' | 'headerText'>;
type SendValues = Pick<SendTemplateBody, 'params' | 'headerParam' | 'headerMediaUrl'>;

/** Meta rejects parameter text with new lines, tabs or more than four spaces in a row (132018). */
const BAD_PARAM_TEXT = /[\n\r\t]| {5,}/;

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Which inputs a template needs: one per body {{n}}, a header parameter, or a header media link. */
export function templateInputs(t: SendableTemplate): {
  bodyParams: number[];
  headerParam: boolean;
  headerMedia: 'image' | 'video' | 'document' | null;
} {
  return {
    bodyParams: templateParams(t.content),
    headerParam: t.headerType === 'text' && templateParams(t.headerText).length > 0,
    headerMedia:
      t.headerType === 'image' || t.headerType === 'video' || t.headerType === 'document'
        ? t.headerType
        : null,
  };
}

/**
 * Every problem with the values for one template, in form order; empty when it may be sent.
 * Body parameters are positional: values[n-1] fills {{n}}, so the array must be as long as the
 * highest {{n}}.
 */
export function templateSendIssues(t: SendableTemplate, v: SendValues): TemplateSendIssue[] {
  const issues: TemplateSendIssue[] = [];
  const need = templateInputs(t);
  const m = TEMPLATE_SEND_MESSAGES;

  if (need.headerParam) {
    const value = v.headerParam?.trim() ?? '';
    if (!value)
      issues.push({ field: 'headerParam', code: 'required', message: m.headerParamRequired });
    else if (BAD_PARAM_TEXT.test(value))
      issues.push({ field: 'headerParam', code: 'format', message: m.paramFormat(1) });
    else if (fillTemplate(t.headerText ?? '', [value]).length > TEMPLATE_HEADER_MAX)
      issues.push({ field: 'headerParam', code: 'tooLong', message: m.headerTooLong });
  }
  if (need.headerMedia) {
    const url = v.headerMediaUrl?.trim() ?? '';
    if (!url)
      issues.push({ field: 'headerMediaUrl', code: 'required', message: m.headerMediaRequired });
    else if (!isHttpsUrl(url))
      issues.push({ field: 'headerMediaUrl', code: 'https', message: m.headerMediaHttps });
  }

  const highest = need.bodyParams.at(-1) ?? 0;
  if (v.params.length > highest)
    issues.push({ field: 'params', code: 'count', message: m.paramCount(highest) });
  for (const n of need.bodyParams) {
    const value = v.params[n - 1]?.trim() ?? '';
    if (!value)
      issues.push({ field: 'params', param: n, code: 'required', message: m.paramRequired(n) });
    else if (value.length > TEMPLATE_PARAM_MAX)
      issues.push({ field: 'params', param: n, code: 'tooLong', message: m.paramTooLong(n) });
    else if (BAD_PARAM_TEXT.test(value))
      issues.push({ field: 'params', param: n, code: 'format', message: m.paramFormat(n) });
  }
  if (issues.length === 0 && filledBody(t, v.params).length > TEMPLATE_BODY_MAX)
    issues.push({ field: 'body', code: 'tooLong', message: m.bodyTooLong });
  return issues;
}

/** The body as the customer reads it: trimmed values in place of {{n}}. */
export function filledBody(t: Pick<Template, 'content'>, params: readonly string[]): string {
  return fillTemplate(
    t.content,
    params.map((p) => p.trim()),
  );
}

/** The header text with its parameter, or null for no text header. */
export function filledHeader(
  t: Pick<Template, 'headerType' | 'headerText'>,
  headerParam: string | undefined,
): string | null {
  if (t.headerType !== 'text' || !t.headerText) return null;
  return fillTemplate(t.headerText, [headerParam?.trim() ?? '']);
}

/**
 * What a sent template message keeps in `message.payload.template`: enough for the send job to
 * build Meta's body again on a retry, and for the bubble to draw header, footer and buttons.
 */
export const sentTemplatePayloadSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  params: z.array(z.string()),
  headerType: z.enum(['text', 'image', 'video', 'document']).nullable(),
  /** The header's text parameter as sent (text headers with {{1}} only). */
  headerParam: z.string().nullable(),
  /** The filled header text, for display. */
  headerText: z.string().nullable(),
  headerMediaUrl: z.string().nullable(),
  footer: z.string().nullable(),
  buttons: z.array(z.object({ type: z.string(), label: z.string() })),
});
export type SentTemplatePayload = z.infer<typeof sentTemplatePayloadSchema>;

/** The template part of a stored message's payload, or null when it was not a template. */
export function sentTemplateOf(payload: Record<string, unknown>): SentTemplatePayload | null {
  const parsed = sentTemplatePayloadSchema.safeParse(payload.template);
  return parsed.success ? parsed.data : null;
}
