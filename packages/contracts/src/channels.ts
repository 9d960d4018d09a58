import { z } from 'zod';
import { validationMessage as vm } from './messages.js';
import { queryBoolean, requiredString } from './fields.js';

export const CHANNEL_TYPES = ['whatsapp', 'instagram', 'messenger', 'whatsapp_basic'] as const;
export const channelTypeSchema = z.enum(CHANNEL_TYPES);
export type ChannelType = z.infer<typeof channelTypeSchema>;

/**
 * How a channel is doing (issue 17 §3): `needs_attention` with the reason when Meta refused its
 * token (or no longer lets it see the channel); the last webhook and send error; when its token
 * was last checked and whether it worked (null: not checked yet).
 */
export const channelHealthSchema = z.object({
  status: z.enum(['ok', 'needs_attention']),
  reason: z.string().nullable(),
  lastWebhookAt: z.string().nullable(),
  lastSendErrorAt: z.string().nullable(),
  lastSendError: z.string().nullable(),
  tokenCheckedAt: z.string().nullable(),
  tokenValid: z.boolean().nullable(),
});
export type ChannelHealth = z.infer<typeof channelHealthSchema>;

/** `disconnected`: neither sends nor receives until reconnected; its history stays readable. */
export const CHANNEL_STATES = ['connected', 'disconnected'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

/** A connected channel ("service", spec §3): never carries its access token. */
export const serviceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  channel: channelTypeSchema,
  provider: z.string(),
  isEnable: z.boolean(),
  externalId: z.string(),
  displayPhoneNumber: z.string().nullable(),
  wabaId: z.string().nullable(),
  hasAccessToken: z.boolean(),
  /** The Facebook Page of a Messenger or Instagram channel; null for WhatsApp. */
  pageId: z.string().nullable(),
  /** The Instagram professional account of an Instagram channel; null for the others. */
  instagramAccountId: z.string().nullable(),
  /** Messenger/Instagram: a person may answer 24 h–7 d after with HUMAN_AGENT; null for WhatsApp. */
  humanAgentReplies: z.boolean().nullable(),
  /** Broadcast messages per second on this number (Meta: 80 by default, up to 1,000). */
  broadcastRate: z.number(),
  state: z.enum(CHANNEL_STATES),
  health: channelHealthSchema,
  createdAt: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

export const BROADCAST_RATE = { min: 1, max: 1000, default: 80 } as const;
export const BROADCAST_RATE_MESSAGE = `The broadcast speed must be a whole number from ${BROADCAST_RATE.min} to ${BROADCAST_RATE.max.toLocaleString('en-US')} messages per second`;

export const SERVICE_UPDATE_EMPTY_MESSAGE =
  'Nothing to change: send a name, a broadcast speed, a new access token or human agent replies';

/**
 * `PATCH /api/services/:id`: what an admin may change on a channel. `accessToken` is the new
 * token (WhatsApp's access token, a Page's access token for Messenger and Instagram): verified
 * with Meta before it replaces the old one, sealed, never returned. `humanAgentReplies` applies
 * to Messenger and Instagram only.
 */
export const updateServiceBodySchema = z
  .object({
    name: requiredString('name').max(60, vm.max('name', 60)).optional(),
    broadcastRate: z
      .number({ error: BROADCAST_RATE_MESSAGE })
      .int(BROADCAST_RATE_MESSAGE)
      .min(BROADCAST_RATE.min, BROADCAST_RATE_MESSAGE)
      .max(BROADCAST_RATE.max, BROADCAST_RATE_MESSAGE)
      .optional(),
    accessToken: requiredString('access token')
      .min(10, vm.min('access token', 10))
      .max(1024, vm.max('access token', 1024))
      .optional(),
    /** Messenger and Instagram only: may agents reply up to 7 days with the human agent tag. */
    humanAgentReplies: z.boolean().optional(),
  })
  .refine(
    (b) =>
      b.name !== undefined ||
      b.broadcastRate !== undefined ||
      b.accessToken !== undefined ||
      b.humanAgentReplies !== undefined,
    { message: SERVICE_UPDATE_EMPTY_MESSAGE },
  );
export type UpdateServiceBody = z.infer<typeof updateServiceBodySchema>;
export const serviceListSchema = z.object({ data: z.array(serviceSchema) });

export const createWhatsappServiceBodySchema = z.object({
  name: requiredString('name').max(60, vm.max('name', 60)),
  channel: z.literal('whatsapp'),
  displayPhoneNumber: requiredString('display phone number').regex(
    /^\+?\d{6,16}$/,
    'Invalid phone number',
  ),
  phoneNumberId: requiredString('phone number id').regex(
    /^\d{5,32}$/,
    'The phone number id must be digits',
  ),
  wabaId: requiredString('WhatsApp Business Account id').regex(
    /^\d{5,32}$/,
    'The WhatsApp Business Account id must be digits',
  ),
  accessToken: requiredString('access token')
    .min(10, vm.min('access token', 10))
    .max(1024, vm.max('access token', 1024)),
});
export type CreateWhatsappServiceBody = z.infer<typeof createWhatsappServiceBodySchema>;

export const serviceListQuerySchema = z.object({ isEnable: queryBoolean.optional() });

/** `channel.health` (socket, the account's admins): a channel's health changed. */
export const CHANNEL_HEALTH_EVENT = 'channel.health';
export const channelHealthEventSchema = z.object({ service: serviceSchema });
export type ChannelHealthEvent = z.infer<typeof channelHealthEventSchema>;

export const webhookInfoSchema = z.object({ webhookUrl: z.string(), verifyToken: z.string() });
