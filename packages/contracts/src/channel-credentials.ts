import { z } from 'zod';
import { MESSAGES, validationMessage as vm } from './messages.js';
import { requiredString } from './fields.js';
import { createWhatsappServiceBodySchema } from './channels.js';

/**
 * What each channel adapter needs to act for a channel (its "config"): validated here, sealed
 * whole at rest by the server, never returned. The connect bodies of `POST /api/services` are
 * these plus `name` and `channel`, so a field's rule and wording are written once.
 */
const graphId = (field: string) =>
  requiredString(field).regex(/^\d{5,32}$/, `The ${field} must be digits`);

const pageAccessToken = requiredString('page access token')
  .min(10, vm.min('page access token', 10))
  .max(1024, vm.max('page access token', 1024));

export const whatsappCloudCredentialsSchema = createWhatsappServiceBodySchema.pick({
  phoneNumberId: true,
  wabaId: true,
  accessToken: true,
  displayPhoneNumber: true,
});
export type WhatsappCloudCredentials = z.infer<typeof whatsappCloudCredentialsSchema>;

export const messengerCredentialsSchema = z.object({
  pageId: graphId('page id'),
  pageAccessToken,
});
export type MessengerCredentials = z.infer<typeof messengerCredentialsSchema>;

/** Instagram through its linked Facebook Page: the Page's token speaks for the account. */
export const instagramCredentialsSchema = z.object({
  instagramAccountId: graphId('Instagram account id'),
  pageId: graphId('page id'),
  pageAccessToken,
});
export type InstagramCredentials = z.infer<typeof instagramCredentialsSchema>;

/**
 * Messenger and Instagram only: after the 24 h window a person may still answer for 7 days with
 * Meta's HUMAN_AGENT tag (on unless turned off; automatic messages never use it).
 */
const humanAgentReplies = z.boolean({ error: 'humanAgentReplies must be true or false' });

const serviceName = createWhatsappServiceBodySchema.shape.name;

/** `POST /api/services` for a Facebook Page's Messenger inbox. */
export const createMessengerServiceBodySchema = messengerCredentialsSchema.extend({
  name: serviceName,
  channel: z.literal('messenger'),
  humanAgentReplies: humanAgentReplies.optional(),
});
export type CreateMessengerServiceBody = z.infer<typeof createMessengerServiceBodySchema>;

/** `POST /api/services` for an Instagram professional account linked to a Facebook Page. */
export const createInstagramServiceBodySchema = instagramCredentialsSchema.extend({
  name: serviceName,
  channel: z.literal('instagram'),
  humanAgentReplies: humanAgentReplies.optional(),
});
export type CreateInstagramServiceBody = z.infer<typeof createInstagramServiceBodySchema>;

/** `POST /api/services`: one body per channel kind, told apart by `channel`. */
export const createServiceBodySchema = z.discriminatedUnion(
  'channel',
  [
    createWhatsappServiceBodySchema,
    createMessengerServiceBodySchema,
    createInstagramServiceBodySchema,
  ],
  { error: 'channel must be one of whatsapp, messenger, instagram' },
);
export type CreateServiceBody = z.infer<typeof createServiceBodySchema>;

/**
 * Why Meta would not vouch for submitted credentials. WhatsApp answers every refusal with one
 * sentence on purpose (MESSAGES.channelNotVerified); Messenger and Instagram name the problem.
 */
export const CREDENTIAL_PROBLEMS = ['token_invalid', 'not_found', 'not_linked'] as const;
export type CredentialProblem = (typeof CREDENTIAL_PROBLEMS)[number];

export const CREDENTIAL_PROBLEM_MESSAGES = {
  messenger: {
    token_invalid: MESSAGES.channelTokenRefused,
    not_found: MESSAGES.channelPageNotFound,
    not_linked: MESSAGES.channelPageNotFound,
  },
  instagram: {
    token_invalid: MESSAGES.channelTokenRefused,
    not_found: MESSAGES.channelInstagramNotFound,
    not_linked: MESSAGES.channelInstagramNotLinked,
  },
} as const satisfies Record<'messenger' | 'instagram', Record<CredentialProblem, string>>;

/**
 * Why a reply was refused before anything reached the provider (the caller passes the window
 * facts; the channel's adapter applies its platform's rule).
 */
export const WINDOW_REFUSALS = [
  'templates_only',
  'no_customer_message',
  'automatic_after_window',
  'human_agent_off',
  'human_agent_expired',
] as const;
export type WindowRefusal = (typeof WINDOW_REFUSALS)[number];

/** Sentences from MESSAGES, so the web shows them in the reader's language by key. */
export const WINDOW_REFUSAL_MESSAGES: Record<WindowRefusal, string> = {
  templates_only: MESSAGES.windowClosed,
  no_customer_message: MESSAGES.windowNoCustomerMessage,
  automatic_after_window: MESSAGES.windowAutomaticAfter24h,
  human_agent_off: MESSAGES.windowHumanAgentOff,
  human_agent_expired: MESSAGES.windowHumanAgentExpired,
};
