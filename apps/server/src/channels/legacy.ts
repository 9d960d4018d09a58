import type { NeutralEvent } from './port.js';
import type { ChannelEvent } from './types.js';
import { reactionBody } from './whatsapp-cloud/parse.js';

/**
 * Neutral events → the shapes today's ingest takes (types.ts), until the inbox reads neutral
 * events itself. Only what that ingest already stores converts: customers' messages with no
 * file or a provider media id, per-message statuses, and reactions that have their own id
 * (WhatsApp's, stored as an information line). The rest (echoes, receipts, unsends, files by
 * URL, template verdicts) is returned apart, for the caller to handle or log.
 */
export function toInboxEvents(events: NeutralEvent[]): {
  inbox: ChannelEvent[];
  other: NeutralEvent[];
} {
  const inbox: ChannelEvent[] = [];
  const other: NeutralEvent[] = [];
  for (const e of events) {
    const converted = convert(e);
    if (converted) inbox.push(converted);
    else other.push(e);
  }
  return { inbox, other };
}

function convert(e: NeutralEvent): ChannelEvent | null {
  switch (e.kind) {
    case 'message': {
      if (e.direction !== 'incoming') return null;
      if (e.media && e.media.source !== 'provider_id') return null;
      return {
        kind: 'message',
        channelExternalId: e.channelExternalId,
        from: e.customer,
        providerMessageId: e.providerMessageId,
        timestamp: e.timestamp,
        msgType: e.msgType,
        text: e.text,
        payload: e.payload,
        attachmentName: e.attachmentName,
        media: e.media && {
          providerMediaId: e.media.providerMediaId,
          mimeType: e.media.mimeType,
          sha256: e.media.sha256,
          filename: e.media.filename,
        },
        replyToProviderId: e.replyToProviderId,
      };
    }
    case 'status':
      return {
        kind: 'status',
        channelExternalId: e.channelExternalId,
        providerMessageId: e.providerMessageId,
        status: e.status,
        timestamp: e.timestamp,
        recipient: e.recipient,
        error: e.error && { code: e.error.code, title: e.error.title, message: e.error.message },
        callbackData: e.callbackData,
      };
    case 'reaction':
      if (e.direction !== 'incoming' || !e.providerMessageId) return null;
      return {
        kind: 'message',
        channelExternalId: e.channelExternalId,
        from: e.customer,
        providerMessageId: e.providerMessageId,
        timestamp: e.timestamp,
        ...reactionBody(e.action === 'react' ? (e.emoji ?? '') : '', e.targetProviderMessageId),
        attachmentName: null,
        media: null,
        replyToProviderId: null,
      };
    default:
      return null;
  }
}
