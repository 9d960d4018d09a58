import { z } from 'zod';

// Bodies of the Messenger / Instagram control API (tests and the customer page).

const numericId = z.string().regex(/^\d{5,20}$/, 'must be 5–20 digits');
const token = z.string().min(8).max(300);

export const pageBody = z.object({
  pageId: numericId.optional(),
  name: z.string().min(1).max(100),
  accessToken: token.optional(),
  category: z.string().min(1).max(100).optional(),
  /** Subscribe Sapa's app right away (as if connected), with these fields or the default set. */
  subscribe: z.boolean().default(false),
  subscribedFields: z.array(z.string().min(1)).min(1).optional(),
});

export const instagramBody = z.object({
  instagramAccountId: numericId.optional(),
  username: z
    .string()
    .regex(/^[a-z0-9._]{1,30}$/, 'lowercase letters, digits, dots and underscores'),
  name: z.string().min(1).max(100).optional(),
  /** Link to an existing Page, or create one with pageName / pageAccessToken. */
  pageId: numericId.optional(),
  pageName: z.string().min(1).max(100).optional(),
  pageAccessToken: token.optional(),
  subscribe: z.boolean().default(false),
});

export const rotateBody = z.object({ accessToken: token.optional() }).default({});

export const subscriptionBody = z
  .object({ fields: z.array(z.string().min(1)).min(1).optional() })
  .default({});

export const storyBody = z.object({ caption: z.string().min(1).max(200).optional() }).default({});

export const sentQuery = z.object({
  recipient: z.string().optional(),
  accepted: z.enum(['true', 'false']).optional(),
  since: z.coerce.number().int().min(0).optional(),
});

export const newCustomerBody = z.object({
  userId: numericId.optional(),
  name: z.string().min(1).max(100).optional(),
  username: z.string().min(1).max(30).optional(),
});

export const patchCustomerBody = z
  .object({
    name: z.string().min(1).max(100).optional(),
    username: z.string().min(1).max(30).optional(),
    /** False: the person blocked the business or left (sends answer 551). */
    available: z.boolean().optional(),
    /** Epoch ms of the customer's last message (the windows count from it). */
    lastInboundAt: z.number().int().positive().optional(),
    /** Or how long ago, e.g. `{days: 8}` for "past HUMAN_AGENT's 7 days". */
    lastInboundAgo: z
      .object({
        days: z.number().min(0).max(3650).optional(),
        hours: z.number().min(0).max(87_600).optional(),
        minutes: z.number().min(0).max(5_256_000).optional(),
      })
      .optional(),
  })
  .refine((v) => !(v.lastInboundAt !== undefined && v.lastInboundAgo), {
    message: 'give lastInboundAt or lastInboundAgo, not both',
  });

const fileInput = z
  .object({
    kind: z.enum(['image', 'video', 'audio', 'file']).optional(),
    assetId: z.string().min(1).optional(),
    data: z.base64().optional(),
    mime_type: z.string().min(3).max(100).optional(),
    filename: z.string().min(1).max(240).optional(),
  })
  .refine((f) => !!f.assetId || (!!f.data && !!f.mime_type), {
    message: 'needs an assetId (POST /sandbox/meta/uploads), or data (base64) with mime_type',
  });

export type FileInput = z.infer<typeof fileInput>;

const common = {
  name: z.string().min(1).max(100).optional(),
  username: z.string().min(1).max(30).optional(),
  /** Epoch ms; lets tests write "8 days ago" against a running sandbox. */
  timestamp: z.number().int().positive().optional(),
  standby: z.boolean().optional(),
};
const text = z.string().min(1).max(2000);

export const customerActionBody = z.discriminatedUnion('type', [
  z.object({ ...common, type: z.literal('text'), text, replyTo: z.string().min(1).optional() }),
  z.object({
    ...common,
    type: z.literal('quick_reply'),
    text,
    payload: z.string().min(1).max(1000),
  }),
  z.object({
    ...common,
    type: z.literal('attachment'),
    attachments: z.array(fileInput).min(1).max(10),
  }),
  z.object({ ...common, type: z.literal('story_reply'), text }),
  z.object({ ...common, type: z.literal('story_mention') }),
  z.object({
    ...common,
    type: z.literal('reaction'),
    mid: z.string().min(1),
    /** An emoji to react, or null / "" to take the reaction back. */
    emoji: z.string().max(16).nullable().default('❤️'),
  }),
  z.object({
    ...common,
    type: z.literal('postback'),
    title: z.string().min(1).max(80),
    payload: z.string().min(1).max(1000),
  }),
  z.object({ ...common, type: z.literal('unsend'), mid: z.string().min(1) }),
  /** The customer opened the thread: what the business sent is read. */
  z.object({ ...common, type: z.literal('read') }),
]);

export const echoBody = z
  .object({
    text: z.string().min(1).max(2000).optional(),
    attachment: fileInput.optional(),
    /** A reaction put on one of the thread's messages; an empty or null emoji takes it back. */
    reaction: z
      .object({ mid: z.string().min(1), emoji: z.string().max(16).nullable().default('❤️') })
      .optional(),
  })
  .refine((v) => [v.text, v.attachment, v.reaction].filter(Boolean).length === 1, {
    message: 'give text, an attachment or a reaction',
  });

export const eventsQuery = z.object({
  account: numericId,
  customer: numericId,
});
