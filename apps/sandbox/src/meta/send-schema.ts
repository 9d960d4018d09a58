import { z } from 'zod';
import { paramRequired } from './errors.js';

// The Send API body (reference meta-messaging.md §3.2, instagram-messenger.md §1.1, §1.4).

const button = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('postback'),
    title: z.string().min(1).max(20),
    payload: z.string().min(1).max(1000),
  }),
  z.object({ type: z.literal('web_url'), title: z.string().min(1).max(20), url: z.url() }),
]);

const templatePayload = z.discriminatedUnion('template_type', [
  z.object({
    template_type: z.literal('button'),
    text: z.string().min(1).max(640),
    buttons: z.array(button).min(1).max(3),
  }),
  z.object({
    template_type: z.literal('generic'),
    elements: z
      .array(
        z.object({
          title: z.string().min(1).max(80),
          subtitle: z.string().max(80).optional(),
          image_url: z.url().optional(),
          buttons: z.array(button).max(3).optional(),
        }),
      )
      .min(1)
      .max(10),
  }),
]);

export const FILE_TYPES = ['image', 'video', 'audio', 'file'] as const;

const attachment = z.union([
  z.object({
    type: z.enum(FILE_TYPES),
    payload: z
      .object({
        url: z.url().optional(),
        attachment_id: z.string().min(1).optional(),
        is_reusable: z.boolean().optional(),
      })
      .default({}),
  }),
  z.object({ type: z.literal('template'), payload: templatePayload }),
]);

const quickReply = z
  .object({
    content_type: z.enum(['text', 'user_phone_number', 'user_email']),
    title: z.string().min(1).max(20).optional(),
    payload: z.union([z.string().max(1000), z.number()]).optional(),
    image_url: z.url().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.content_type === 'text' && (!q.title || q.payload === undefined))
      ctx.addIssue({ code: 'custom', message: 'a text quick reply needs a title and a payload' });
  });

const message = z
  .object({
    text: z.string().min(1).optional(),
    attachment: attachment.optional(),
    quick_replies: z.array(quickReply).min(1).max(13).optional(),
    metadata: z.string().max(1000).optional(),
  })
  .superRefine((m, ctx) => {
    if (!!m.text === !!m.attachment)
      ctx.addIssue({ code: 'custom', message: 'must have exactly one of text or attachment' });
  });

export const MESSAGING_TYPES = ['RESPONSE', 'UPDATE', 'MESSAGE_TAG'] as const;

export const metaSendSchema = z
  .object({
    recipient: z.object({ id: z.string().min(1) }),
    messaging_type: z.enum(MESSAGING_TYPES).optional(),
    tag: z.string().min(1).optional(),
    message: message.optional(),
    sender_action: z.enum(['typing_on', 'typing_off', 'mark_seen', 'react', 'unreact']).optional(),
    /** `react` / `unreact` name the message and, to react, the reaction. */
    payload: z
      .object({ message_id: z.string().min(1), reaction: z.string().optional() })
      .optional(),
    reply_to: z.object({ mid: z.string().min(1) }).optional(),
    notification_type: z.enum(['REGULAR', 'SILENT_PUSH', 'NO_PUSH']).optional(),
  })
  .superRefine((v, ctx) => {
    if (!!v.message === !!v.sender_action)
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: 'must have exactly one of message or sender_action',
      });
  });

export type MetaSendBody = z.infer<typeof metaSendSchema>;
export type SendMessage = NonNullable<MetaSendBody['message']>;

const JSON_PARAMS = ['recipient', 'message', 'payload', 'reply_to'] as const;

/**
 * Graph takes parameters as JSON, as form fields or in the query string; in the last two,
 * objects are JSON strings. Query and body merge, as Graph merges them.
 */
export function graphParams(query: unknown, body: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = {
    ...(query && typeof query === 'object' ? query : {}),
    ...(body && typeof body === 'object' && !Buffer.isBuffer(body) ? body : {}),
  };
  delete merged.access_token;
  delete merged.appsecret_proof;
  for (const name of JSON_PARAMS) {
    const value = merged[name];
    if (typeof value !== 'string') continue;
    try {
      merged[name] = JSON.parse(value);
    } catch {
      throw paramRequired(`${name} (a JSON object)`);
    }
  }
  return merged;
}
