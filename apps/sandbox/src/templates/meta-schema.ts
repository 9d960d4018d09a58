import { z } from 'zod';
import { GraphError } from '../graph/errors.js';
import { countParams, type MetaComponent } from './book.js';

/**
 * Meta's checks on `POST /{waba-id}/message_templates` (reference §2.6) that answer at once,
 * before any review: name, category, components and their limits.
 */
const button = z.discriminatedUnion('type', [
  z.object({ type: z.literal('QUICK_REPLY'), text: z.string().min(1).max(25) }),
  z.object({
    type: z.literal('URL'),
    text: z.string().min(1).max(25),
    url: z
      .string()
      .regex(/^https?:\/\/\S+$/, 'must be a URL')
      .max(2000),
    example: z.array(z.string()).optional(),
  }),
  z.object({
    type: z.literal('PHONE_NUMBER'),
    text: z.string().min(1).max(25),
    phone_number: z.string().regex(/^\+?\d{6,20}$/, 'must be a phone number'),
  }),
]);

const component = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('HEADER'),
    format: z.enum(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION']),
    text: z.string().min(1).max(60).optional(),
    example: z
      .object({
        header_text: z.array(z.string()).optional(),
        header_handle: z.array(z.string()).optional(),
      })
      .optional(),
  }),
  z.object({
    type: z.literal('BODY'),
    text: z.string().min(1).max(1024),
    example: z.object({ body_text: z.array(z.array(z.string())) }).optional(),
  }),
  z.object({ type: z.literal('FOOTER'), text: z.string().min(1).max(60) }),
  z.object({ type: z.literal('BUTTONS'), buttons: z.array(button).min(1).max(10) }),
]);

export const createTemplateSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(512)
    .regex(/^[a-z0-9_]+$/, 'must contain only lowercase letters, numbers and underscores'),
  language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'is not a supported language'),
  category: z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION']),
  parameter_format: z.enum(['POSITIONAL', 'NAMED']).optional(),
  allow_category_change: z.boolean().optional(),
  components: z.array(component).min(1),
});
export type CreateTemplateBody = z.infer<typeof createTemplateSchema>;

export const editTemplateSchema = z.object({
  category: z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION']).optional(),
  components: z.array(component).min(1),
});

const invalid = (details: string, subcode = 2388093) =>
  new GraphError(400, 100, 'Invalid parameter', { subcode, details });

// The upload types a media header format takes.
const HEADER_FILE_TYPES: Record<string, readonly string[]> = {
  IMAGE: ['image/jpeg', 'image/jpg', 'image/png'],
  VIDEO: ['video/mp4'],
  DOCUMENT: ['application/pdf'],
};

/**
 * Cross-component rules Meta checks on submission; throws Meta's error. `uploadedType` gives
 * the file type behind a Resumable Upload handle, or undefined for anything else.
 */
export function checkComponents(
  components: MetaComponent[],
  uploadedType: (handle: string) => string | undefined,
): void {
  const count = (type: string) => components.filter((c) => c.type === type).length;
  if (count('BODY') !== 1) throw invalid('A template needs exactly one BODY component.');
  for (const type of ['HEADER', 'FOOTER', 'BUTTONS'])
    if (count(type) > 1) throw invalid(`A template may have only one ${type} component.`);
  const header = components.find((c) => c.type === 'HEADER');
  if (header?.format === 'TEXT') {
    if (!header.text) throw invalid('A TEXT header needs text.');
    if (countParams(header.text) > 1) throw invalid('A header may contain at most 1 variable.');
  }
  const accepts = header?.format ? HEADER_FILE_TYPES[header.format] : undefined;
  if (accepts) {
    const handle = (header?.example as { header_handle?: string[] } | undefined)
      ?.header_handle?.[0];
    if (!handle) throw invalid(`A ${header?.format} header needs example.header_handle.`, 2388273);
    const type = uploadedType(handle);
    if (!type)
      throw invalid(
        'example.header_handle must be a file handle from the Resumable Upload API.',
        2388273,
      );
    if (!accepts.includes(type))
      throw invalid(`A ${header?.format} header cannot take a ${type} example.`, 2388273);
  }
  const body = components.find((c) => c.type === 'BODY');
  const n = countParams(body?.text);
  const examples = (body?.example as { body_text?: string[][] } | undefined)?.body_text?.[0];
  if (n > 0 && (examples?.length ?? 0) !== n)
    throw invalid(
      `The body has ${n} variable(s) but ${examples?.length ?? 0} example value(s).`,
      2388043,
    );
  const buttons = (components.find((c) => c.type === 'BUTTONS')?.buttons ?? []) as {
    type: string;
    url?: string;
    example?: unknown;
  }[];
  for (const b of buttons)
    if (b.type === 'URL' && b.url?.includes('{{') && !(Array.isArray(b.example) && b.example[0]))
      throw invalid('A URL button with a variable needs an example URL.', 2388043);
  if (buttons.filter((b) => b.type === 'URL').length > 2)
    throw invalid('A template may have at most 2 URL buttons.');
  if (buttons.filter((b) => b.type === 'PHONE_NUMBER').length > 1)
    throw invalid('A template may have at most 1 phone number button.');
}

/** Formats a zod issue like Graph does: `(#100) Param components[0]['text'] …`. */
export function templateParamError(error: z.ZodError): GraphError {
  const issue = error.issues[0];
  const [head, ...rest] = (issue?.path ?? []).map(String);
  const param = `${head ?? 'body'}${rest.map((p) => `[${/^\d+$/.test(p) ? p : `'${p}'`}]`).join('')}`;
  const message = `(#100) Param ${param} is invalid: ${issue?.message ?? 'invalid'}`;
  return new GraphError(400, 100, message, { details: message });
}
