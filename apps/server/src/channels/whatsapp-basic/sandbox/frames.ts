import { z } from 'zod';

/**
 * The frames of apps/sandbox's WhatsApp-Web stand-in (its src/wa-web/protocol.ts), as this
 * driver reads them: every frame is checked, since the server never trusts a wire. Closes carry
 * 4000 + WhatsApp's status code and the reason's name as text.
 */
const sender = z.object({
  phone: z.string().nullable(),
  lid: z.string().nullable(),
  name: z.string().nullable(),
});

const wireMessage = z.object({
  id: z.string().min(1),
  chat: z.string().min(1),
  fromMe: z.boolean(),
  sender,
  /** A group's subject, on messages in a group. */
  subject: z.string().optional(),
  timestamp: z.number(),
  type: z.enum(['text', 'image', 'video', 'audio', 'document', 'sticker']),
  text: z.string().nullable(),
  caption: z.string().nullable(),
  media: z
    .object({
      id: z.string().min(1),
      mimeType: z.string(),
      size: z.number(),
      sha256: z.string(),
      filename: z.string().nullable(),
    })
    .nullable(),
  replyTo: z.string().nullable(),
});

const wireItem = z.discriminatedUnion('kind', [
  z.object({ id: z.string(), kind: z.literal('message'), message: wireMessage }),
  z.object({
    id: z.string(),
    kind: z.literal('receipt'),
    chat: z.string().min(1),
    messageIds: z.array(z.string().min(1)),
    status: z.enum(['sent', 'delivered', 'read']),
    timestamp: z.number(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('reaction'),
    chat: z.string().min(1),
    reactionId: z.string().min(1),
    sender,
    fromMe: z.boolean(),
    targetId: z.string().min(1),
    emoji: z.string(),
    timestamp: z.number(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('identity'),
    lid: z.string().min(1),
    phone: z.string().min(1),
  }),
]);
export type WireItem = z.infer<typeof wireItem>;

const account = z.object({ phone: z.string(), name: z.string(), lid: z.string() });
export const credsSchema = z.object({
  deviceId: z.string().min(1),
  secret: z.string().min(1),
});
export type SandboxCreds = z.infer<typeof credsSchema>;

export const serverFrameSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('qr'), qr: z.string().min(1), expiresAt: z.number(), n: z.number() }),
  z.object({ t: z.literal('paired'), creds: credsSchema, account }),
  z.object({ t: z.literal('open'), account, firstLink: z.boolean() }),
  z.object({
    t: z.literal('items'),
    origin: z.enum(['live', 'offline', 'history']),
    items: z.array(wireItem),
  }),
  z.object({ t: z.literal('offline_done'), count: z.number() }),
  z.object({
    t: z.literal('result'),
    req: z.string(),
    ok: z.boolean(),
    data: z.unknown().optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** What the store keeps for the sandbox driver: the device's credentials, versioned. */
export const storedCredsSchema = z.object({ v: z.literal(1), creds: credsSchema });
