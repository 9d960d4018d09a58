import { z } from 'zod';
import { invalidParameter, type GraphError } from './errors.js';

export const SEND_TYPES = [
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'location',
  'contacts',
  'interactive',
  'template',
  'reaction',
] as const;
export type SendType = (typeof SEND_TYPES)[number];
export const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

const mediaObject = z
  .object({
    id: z.string().min(1).optional(),
    link: z.url().optional(),
    caption: z.string().max(1024).optional(),
    filename: z.string().max(240).optional(),
  })
  .refine((m) => !!m.id !== !!m.link, { message: 'exactly one of id or link is required' });

const coordinate = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

const contactCard = z
  .object({
    name: z.object({ formatted_name: z.string().min(1) }).loose(),
    phones: z
      .array(z.object({ phone: z.string().optional(), wa_id: z.string().optional() }).loose())
      .optional(),
  })
  .loose();

const replyButton = z.object({
  type: z.literal('reply'),
  reply: z.object({ id: z.string().min(1).max(256), title: z.string().min(1).max(20) }),
});

const listRow = z.object({
  id: z.string().min(1).max(200),
  title: z.string().min(1).max(24),
  description: z.string().max(72).optional(),
});

const interactive = z
  .object({
    type: z.enum([
      'button',
      'list',
      'cta_url',
      'flow',
      'product',
      'product_list',
      'location_request_message',
    ]),
    header: z
      .object({
        type: z.enum(['text', 'image', 'video', 'document']),
        text: z.string().max(60).optional(),
      })
      .loose()
      .optional(),
    body: z.object({ text: z.string().min(1).max(1024) }).optional(),
    footer: z.object({ text: z.string().min(1).max(60) }).optional(),
    action: z
      .object({
        buttons: z.array(replyButton).min(1).max(3).optional(),
        button: z.string().min(1).max(20).optional(),
        sections: z
          .array(z.object({ title: z.string().max(24).optional(), rows: z.array(listRow).min(1) }))
          .min(1)
          .max(10)
          .optional(),
      })
      .loose()
      .optional(),
  })
  .superRefine((v, ctx) => {
    const need = (ok: unknown, path: string[], message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path, message });
    };
    if (v.type === 'button') {
      need(v.body, ['body'], 'is required');
      need(v.action?.buttons, ['action', 'buttons'], 'is required');
    }
    if (v.type === 'list') {
      need(v.body, ['body'], 'is required');
      need(v.action?.button, ['action', 'button'], 'is required');
      need(v.action?.sections, ['action', 'sections'], 'is required');
      const rows = (v.action?.sections ?? []).reduce((n, s) => n + s.rows.length, 0);
      need(rows <= 10, ['action', 'sections'], 'must have at most 10 rows in total');
    }
  });

const templateParameter = z.object({ type: z.string().min(1) }).loose();

const template = z.object({
  name: z.string().min(1).max(512),
  language: z.object({ code: z.string().min(2), policy: z.string().optional() }),
  components: z
    .array(
      z
        .object({
          type: z.string().min(1),
          sub_type: z.string().optional(),
          index: z.union([z.number(), z.string()]).optional(),
          parameters: z.array(templateParameter).optional(),
        })
        .loose(),
    )
    .optional(),
});

export const sendBodySchema = z
  .object({
    messaging_product: z.literal('whatsapp'),
    recipient_type: z.enum(['individual']).optional(),
    to: z.string().regex(/^\+?\d{5,20}$/, 'must be a phone number in international format'),
    type: z.enum(SEND_TYPES).default('text'),
    context: z.object({ message_id: z.string().min(1) }).optional(),
    biz_opaque_callback_data: z.string().max(512).optional(),
    text: z
      .object({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() })
      .optional(),
    image: mediaObject.optional(),
    video: mediaObject.optional(),
    audio: mediaObject.optional(),
    document: mediaObject.optional(),
    sticker: mediaObject.optional(),
    location: z
      .object({
        latitude: coordinate,
        longitude: coordinate,
        name: z.string().optional(),
        address: z.string().optional(),
      })
      .optional(),
    contacts: z.array(contactCard).min(1).optional(),
    interactive: interactive.optional(),
    template: template.optional(),
    reaction: z.object({ message_id: z.string().min(1), emoji: z.string() }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v[v.type] === undefined)
      ctx.addIssue({ code: 'custom', path: [v.type], message: 'required' });
  });

export type SendBody = z.infer<typeof sendBodySchema>;

export const markReadSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  status: z.literal('read'),
  message_id: z.string().min(1),
  typing_indicator: z.object({ type: z.literal('text') }).optional(),
});

/** Formats a zod issue the way Graph phrases parameter errors: `(#100) Param text['body'] …`. */
export function toGraphError(error: z.ZodError): GraphError {
  const issue = error.issues[0];
  if (!issue) return invalidParameter('(#100) Invalid parameter');
  const [head, ...rest] = issue.path.map(String);
  const param = `${head ?? 'body'}${rest.map((p) => `['${p}']`).join('')}`;
  const missing =
    (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) ||
    issue.message === 'required';
  const message = missing
    ? `(#100) The parameter ${param} is required.`
    : `(#100) Param ${param} is invalid: ${issue.message}`;
  return invalidParameter(message);
}
