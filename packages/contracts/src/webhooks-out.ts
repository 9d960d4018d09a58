import { z } from 'zod';
import { text, urlText } from './text.js';

/**
 * Outbound webhooks (issue 19 §5): an account's endpoints receive the events they subscribe to,
 * signed by the Standard Webhooks scheme (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`) with the endpoint's
 * `whsec_` secret. Every body is `{type, timestamp, data}`; `data` is thin (ids and the fields a
 * receiver acts on) and, for events about a chat, carries `chatId` and `sequence`, a number that
 * grows with every event of that chat so a receiver can put them in order.
 */
export const WEBHOOK_EVENT_TYPES = [
  'message.received',
  'message.status',
  'chat.created',
  'chat.assigned',
  'chat.resolved',
  'ticket.closed',
  'contact.created',
  'contact.updated',
  'template.status',
  'broadcast.completed',
  'csat.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: () => `Unknown event type; one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
});

/** Retries after the first attempt: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const WEBHOOK_DEFAULT_RETRY_SCHEDULE = [
  0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400,
] as const;
export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  endpointsPerAccount: 20,
  /** A rotated secret keeps signing alongside the new one this long. */
  rotationOverlapHours: 24,
  /** An endpoint that has failed this long without one success is disabled, admins emailed. */
  disableAfterFailingHours: 72,
  timeoutMs: 15_000,
  /** How much of a receiver's answer the delivery log keeps. */
  responseExcerptChars: 1000,
  perpageMax: 100,
} as const;

// ---------- Event payloads (`data` of each type) ----------

const chatRef = {
  chatId: z.string(),
  /** Grows by one with each event about this chat: receivers order a chat's events by it. */
  sequence: z.number().int(),
};
const actorSchema = z.object({ id: z.string(), name: z.string() }).nullable();
const channelRef = { channelId: z.string(), channel: z.string() };

export const WEBHOOK_EVENT_DATA = {
  /** A customer's message arrived. `mediaId` is for `GET /api/media/{id}`. */
  'message.received': z.object({
    ...chatRef,
    ...channelRef,
    messageId: z.string(),
    providerMessageId: z.string().nullable(),
    from: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }),
    type: z.string(),
    text: z.string(),
    mediaId: z.string().nullable(),
    at: z.string(),
  }),
  /** A message sent from Sapa changed status; `error` says why a `failed` one failed. */
  'message.status': z.object({
    ...chatRef,
    messageId: z.string(),
    status: z.enum(['sent', 'delivered', 'read', 'failed']),
    error: z.object({ code: z.number().nullable(), reason: z.string() }).nullable(),
  }),
  /** A new conversation started (the first message of a customer on a channel). */
  'chat.created': z.object({
    ...chatRef,
    ...channelRef,
    contactId: z.string(),
    customerId: z.string(),
    name: z.string(),
  }),
  /** The chat's agent or division changed; `by` is null when routing assigned it. */
  'chat.assigned': z.object({
    ...chatRef,
    agentId: z.string().nullable(),
    divisionIds: z.array(z.string()),
    by: actorSchema,
  }),
  /** Someone resolved the chat. */
  'chat.resolved': z.object({ ...chatRef, ticketId: z.string().nullable(), by: actorSchema }),
  /** The chat's open ticket was closed (by resolving the chat). */
  'ticket.closed': z.object({ ...chatRef, ticketId: z.string(), by: actorSchema }),
  'contact.created': z.object({
    contactId: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    channel: z.string().nullable(),
  }),
  'contact.updated': z.object({
    contactId: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    channel: z.string().nullable(),
  }),
  /** Meta's verdict on a WhatsApp template (APPROVED, REJECTED, PAUSED, …). */
  'template.status': z.object({
    templateName: z.string(),
    language: z.string(),
    providerTemplateId: z.string(),
    status: z.string(),
    reason: z.string().nullable(),
  }),
  /** A broadcast finished sending (or stopped by itself); final counts. */
  'broadcast.completed': z.object({
    broadcastId: z.string(),
    status: z.string(),
    counts: z.record(z.string(), z.number()),
    reason: z.string().nullable(),
  }),
  /** A customer rated a satisfaction survey. */
  'csat.received': z.object({
    ...chatRef,
    surveyId: z.string(),
    ticketId: z.string(),
    agentId: z.string().nullable(),
    rating: z.number().int(),
    comment: z.string().nullable(),
  }),
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_EVENT_DATA)[T]>;

/** The body every webhook POST carries (`timestamp` is when the event happened, ISO 8601). */
export const webhookPayloadSchema = z.object({
  type: webhookEventTypeSchema,
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** The catalogue as `GET /api/webhook-endpoints/event-types` answers it (for pickers and docs). */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'message.received': 'A customer sent a message',
  'message.status': 'A sent message became sent, delivered, read or failed',
  'chat.created': 'A new conversation started',
  'chat.assigned': 'A chat was assigned to an agent or division',
  'chat.resolved': 'A chat was resolved',
  'ticket.closed': 'A ticket was closed',
  'contact.created': 'A contact was created',
  'contact.updated': 'A contact was changed',
  'template.status': 'Meta approved, rejected or paused a template',
  'broadcast.completed': 'A broadcast finished',
  'csat.received': 'A customer rated a satisfaction survey',
};
/** The type of the event "send test event" sends; never queued by anything else. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const webhookEventTypeListSchema = z.object({
  data: z.array(z.object({ type: webhookEventTypeSchema, description: z.string() })),
});

// ---------- Endpoints ----------

export const WEBHOOK_DISABLED_REASONS = ['manual', 'gone', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it stopped: switched off, the receiver answered 410, or 3 days of failures. */
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: z.string().nullable(),
  /** Until then the previous secret signs too (after a rotation). */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Create and rotate answer the `whsec_` secret once; it is never shown again. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });

const eventsField = z
  .array(webhookEventTypeSchema)
  .min(1, 'Choose at least one event type')
  .transform((events) => [...new Set(events)]);
const urlField = urlText({ error: 'The url must be a valid http(s) URL' })
  .max(WEBHOOK_LIMITS.urlMax)
  .refine(
    (u) => /^https?:\/\//i.test(u),
    'The url must start with https:// (or http:// for an allowed local host)',
  );

export const webhookEndpointCreateBodySchema = z.object({ url: urlField, events: eventsField });
export type WebhookEndpointCreateBody = z.infer<typeof webhookEndpointCreateBodySchema>;

export const webhookEndpointUpdateBodySchema = z
  .object({
    url: urlField.optional(),
    events: eventsField.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => b.url !== undefined || b.events !== undefined || b.enabled !== undefined, {
    message: 'Nothing to change: give url, events or enabled',
  });
export type WebhookEndpointUpdateBody = z.infer<typeof webhookEndpointUpdateBodySchema>;

export const webhookEndpointParamsSchema = z.object({ id: z.uuid({ error: 'Invalid id' }) });
export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid id' }),
  deliveryId: z.uuid({ error: 'Invalid id' }),
});

// ---------- Deliveries (the log) ----------

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** One POST to the endpoint: what was sent, what came back. */
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  /** Null when no answer came (refused address, timeout, connection error: see `error`). */
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  latencyMs: z.number().int(),
  /** A manual replay, not a scheduled retry. */
  replay: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** One event for one endpoint: the same `eventId` (`webhook-id`) on every attempt and replay. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  /** A catalogue type, or `webhook.test` for "send test event". */
  eventType: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  requestBody: z.string(),
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = z.object({
  state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
  perpage: z.coerce.number().int().min(1).max(WEBHOOK_LIMITS.perpageMax).default(20),
  /** The `nextKey` of the previous page. */
  startKey: text().max(100).optional(),
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuerySchema>;
export const webhookDeliveryListSchema = z.object({
  data: z.array(webhookDeliverySchema),
  nextKey: z.string().nullable(),
});
