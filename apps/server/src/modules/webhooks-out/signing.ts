import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks' symmetric scheme: the secret is `whsec_` + base64 of random bytes, and each
 * signature is `v1,` + base64 HMAC-SHA256 (keyed by those bytes) of `id.timestamp.body`.
 */
const PREFIX = 'whsec_';

/** A new endpoint secret: 32 random bytes (the spec asks for 24 to 64). */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** `v1,<base64>` for one secret. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest();
  return `v1,${mac.toString('base64')}`;
}

/**
 * The `webhook-*` headers of one attempt. Several secrets (the current one, and the previous one
 * for 24 hours after a rotation) give several space-separated signatures, so a receiver that still
 * holds the old secret keeps verifying while it switches.
 */
export function webhookHeaders(
  secrets: string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Sapa-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, id, timestamp, body)).join(' '),
  };
}
