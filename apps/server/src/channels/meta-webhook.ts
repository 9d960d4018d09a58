import type { ProviderType } from '../db/schema-messaging.js';
import { readWebhookJson } from '../lib/strip-nul.js';
import { boundNeutralEvent } from './bounds.js';
import { verifyMetaSignature } from './meta-signature.js';
import type { IgnoredItem, MetaWebhookObject, NeutralEvent, PortInfo } from './port.js';

export type MetaWebhookResult =
  /** 401: not signed with our app secret; nothing was read. */
  | { outcome: 'unsigned' }
  /** 400: signed, but not JSON. */
  | { outcome: 'malformed' }
  /** 200: an `object` no adapter reads (logged). */
  | { outcome: 'unhandled'; object: unknown }
  | {
      outcome: 'parsed';
      provider: ProviderType;
      object: MetaWebhookObject;
      events: NeutralEvent[];
      ignored: IgnoredItem[];
    };

export interface WebhookLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The one door for Meta's webhooks (`/webhooks/meta`): the signature is checked once, over the
 * raw bytes; the JSON loses its NULs (PostgreSQL stores none, and a refusal would make Meta
 * redeliver the batch forever); the body's `object` picks the adapter (WhatsApp Cloud,
 * Messenger, Instagram); its events come back bounded (times, text, names, ids) for storing.
 */
export function dispatchMetaWebhook(
  ports: { forWebhookObject(object: string): PortInfo | null },
  request: { rawBody: unknown; signature: string | undefined },
  options: { appSecret: string; now: Date; log: WebhookLog },
): MetaWebhookResult {
  const raw = request.rawBody;
  if (!Buffer.isBuffer(raw) || !verifyMetaSignature(raw, request.signature, options.appSecret))
    return { outcome: 'unsigned' };
  let body: unknown;
  try {
    body = readWebhookJson(raw);
  } catch {
    return { outcome: 'malformed' };
  }
  const object = body && typeof body === 'object' ? (body as { object?: unknown }).object : null;
  const port = typeof object === 'string' ? ports.forWebhookObject(object) : null;
  if (!port?.webhookObject) {
    options.log.warn({ object }, 'webhook for an object we do not handle; acknowledged');
    return { outcome: 'unhandled', object };
  }
  const parsed = port.parseWebhook(body, options.now);
  const events: NeutralEvent[] = [];
  const ignored = [...parsed.ignored];
  for (const event of parsed.events) {
    const bounded = boundNeutralEvent(event, options.now);
    if (bounded) events.push(bounded);
    else
      ignored.push({
        channelExternalId: event.channelExternalId,
        reason: `${event.kind} with an id longer than any provider's`,
      });
  }
  for (const item of ignored)
    options.log.info({ provider: port.provider, ...item }, 'webhook item ignored');
  return {
    outcome: 'parsed',
    provider: port.provider,
    object: port.webhookObject,
    events,
    ignored,
  };
}
