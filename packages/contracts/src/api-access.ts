import { text } from './text.js';

/**
 * Issue 19 §3–§4: what the API answers about `Idempotency-Key` and API-only accounts. Ours, not
 * the spec's, kept here so the server, the docs' examples and any client say the same thing.
 */
export const API_ACCESS_MESSAGES = {
  idempotencyKeyInvalid:
    'The Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID is a good choice)',
  idempotencyKeyReused:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  idempotencyKeyInProgress:
    'A request with this Idempotency-Key is still being processed. Retry in a moment to get its answer.',
  idempotencySecretShown:
    'This Idempotency-Key already created it. Its secret was shown only once, in that first answer: if it was lost, revoke it and create another.',
  apiOnlyRefused:
    'This account works through the API: use an API key for chats, messages, contacts and broadcasts. The app opens only the dashboard, templates, reports, settings, billing and integrations.',
} as const;

/**
 * The header's value: any visible ASCII (a UUID, a ULID, an order number), bounded so a key cannot
 * be used to store arbitrary data.
 */
export const idempotencyKeySchema = text()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);

/** Answers are kept this long; the same key after it runs the request again. */
export const IDEMPOTENCY_TTL_HOURS = 24;
