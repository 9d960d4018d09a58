import { z } from 'zod';
import { channelTypeSchema } from './channels.js';

/**
 * Message templates (spec §3 Template, §5, reference §2.6). This file holds the entity as the API
 * presents it and the pure rules both sides share; input schemas with the §5 validation sit in
 * `template-input.ts`.
 */
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export const templateCategorySchema = z.enum(TEMPLATE_CATEGORIES);
export type TemplateCategory = z.infer<typeof templateCategorySchema>;

export const TEMPLATE_HEADER_TYPES = ['text', 'image', 'video', 'document'] as const;
export const templateHeaderTypeSchema = z.enum(TEMPLATE_HEADER_TYPES);
export type TemplateHeaderType = z.infer<typeof templateHeaderTypeSchema>;

export const TEMPLATE_STATUSES = ['draft', 'published', 'rejected', 'accepted'] as const;
export const templateStatusSchema = z.enum(TEMPLATE_STATUSES);
export type TemplateStatus = z.infer<typeof templateStatusSchema>;

export const templateButtonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat'), label: z.string(), code: z.string() }),
  z.object({ type: z.literal('link'), label: z.string(), url: z.string() }),
  z.object({ type: z.literal('call'), label: z.string(), phone: z.string() }),
]);
export type TemplateButton = z.infer<typeof templateButtonSchema>;

/** A template as `GET /api/hsm` and `GET /api/hsm/:id` answer it. */
export const templateSchema = z.object({
  _id: z.string(),
  /** Meta's name; the spec calls it the title. */
  name: z.string(),
  channel: channelTypeSchema,
  channelId: z.string(),
  channelName: z.string(),
  category: templateCategorySchema,
  language: z.string(),
  initiateMessage: z.boolean(),
  /** null when the header is off. */
  headerType: templateHeaderTypeSchema.nullable(),
  headerText: z.string().nullable(),
  headerExampleUrl: z.string().nullable(),
  /** The uploaded example file, when the example is a file rather than a link. */
  headerExampleMediaId: z.string().nullable(),
  headerExampleFilename: z.string().nullable(),
  /** null when the footer is off. */
  footer: z.string().nullable(),
  content: z.string(),
  /** Example values: body[0] fills {{1}}; header fills the header's {{1}}. */
  examples: z.object({ body: z.array(z.string()), header: z.string().nullable() }),
  buttons: z.array(templateButtonSchema),
  disclaimer: z.string().nullable(),
  status: templateStatusSchema,
  /** Meta's template id once submitted (spec: template_id). */
  templateId: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  isWelcome: z.boolean(),
  /** How many {{n}} parameters the body takes (recipient columns in a broadcast). */
  bodyParamCount: z.number(),
  /** Whether the header takes one text parameter. */
  headerParam: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

const PARAM = /\{\{\s*(\d+)\s*\}\}/g;

/** The distinct positional parameters a text uses, ascending: "Hi {{2}} {{1}}" → [1, 2]. */
export function templateParams(text: string | null | undefined): number[] {
  if (!text) return [];
  const seen = new Set<number>();
  for (const m of text.matchAll(PARAM)) seen.add(Number(m[1]));
  return [...seen].sort((a, b) => a - b);
}

/** Fills {{n}} with values[n-1]; a missing value leaves the placeholder so a preview shows it. */
export function fillTemplate(text: string, values: readonly (string | undefined)[]): string {
  return text.replace(PARAM, (whole, n: string) => {
    const v = values[Number(n) - 1];
    return v === undefined || v === '' ? whole : v;
  });
}

/**
 * The columns a broadcast's recipient data must have for a template: `phone`, then one column
 * per body parameter (`param1`, `param2` …) and `header` when the header takes a parameter.
 */
export function recipientColumns(t: Pick<Template, 'bodyParamCount' | 'headerParam'>): string[] {
  const cols = ['phone'];
  for (let i = 1; i <= t.bodyParamCount; i++) cols.push(`param${i}`);
  if (t.headerParam) cols.push('header');
  return cols;
}
