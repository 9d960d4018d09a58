import type { InboundMessage, StatusUpdate } from '../types.js';
import type {
  MessageEvent,
  NeutralEvent,
  NeutralWebhook,
  ReactionEvent,
  StatusEvent,
} from '../port.js';
import { classifyStatusError } from './errors.js';
import { parseWhatsappWebhook } from './parse.js';
import { parseTemplateStatusWebhook } from './template-status.js';

/** The field template-status.ts reads: handled here, so not "ignored". */
const TEMPLATE_FIELD = 'field message_template_status_update';

/**
 * A WhatsApp Cloud webhook as neutral events: the `messages` field through parse.ts (so the
 * inbox's behaviour is the one its tests pin), reactions as `reaction` events, failed statuses
 * with their error's neutral kind, and `message_template_status_update` as `template.status`.
 */
export function parseWhatsappNeutral(body: unknown, receivedAt: Date): NeutralWebhook {
  const parsed = parseWhatsappWebhook(body);
  const events: NeutralEvent[] = parsed.events.map((e) =>
    e.kind === 'message' ? messageOrReaction(e) : statusEvent(e),
  );
  for (const t of parseTemplateStatusWebhook(body)) {
    events.push({
      kind: 'template.status',
      channelExternalId: t.wabaId,
      timestamp: receivedAt,
      providerTemplateId: t.providerTemplateId,
      name: t.name,
      language: t.language,
      event: t.event,
      reason: t.reason,
    });
  }
  return { events, ignored: parsed.ignored.filter((i) => i.reason !== TEMPLATE_FIELD) };
}

function messageOrReaction(m: InboundMessage): MessageEvent | ReactionEvent {
  const reaction = m.payload.reaction as
    { emoji?: string; targetProviderId?: string | null } | undefined;
  if (reaction?.targetProviderId) {
    const emoji = reaction.emoji ?? '';
    return {
      kind: 'reaction',
      channelExternalId: m.channelExternalId,
      timestamp: m.timestamp,
      direction: 'incoming',
      customer: m.from,
      providerMessageId: m.providerMessageId,
      targetProviderMessageId: reaction.targetProviderId,
      action: emoji ? 'react' : 'unreact',
      emoji: emoji || null,
      reaction: null,
      appId: null,
    };
  }
  return {
    kind: 'message',
    channelExternalId: m.channelExternalId,
    timestamp: m.timestamp,
    direction: 'incoming',
    origin: 'customer',
    appId: null,
    customer: m.from,
    providerMessageId: m.providerMessageId,
    msgType: m.msgType,
    text: m.text,
    payload: m.payload,
    attachmentName: m.attachmentName,
    media: m.media ? { source: 'provider_id', ...m.media } : null,
    replyToProviderId: m.replyToProviderId,
  };
}

function statusEvent(s: StatusUpdate): StatusEvent {
  return {
    kind: 'status',
    channelExternalId: s.channelExternalId,
    timestamp: s.timestamp,
    providerMessageId: s.providerMessageId,
    status: s.status,
    recipient: s.recipient,
    error: s.error ? classifyStatusError(s.error) : null,
    callbackData: s.callbackData ?? null,
  };
}
