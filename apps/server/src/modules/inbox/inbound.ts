import type { MessageType } from '@sapa/contracts';
import type { ProviderErrorInfo } from '../../channels/errors.js';
import type { DeliveryStatus, NeutralEvent } from '../../channels/port.js';
import { reactionBody } from '../../channels/parse-helpers.js';

/**
 * What the inbox stores of the neutral events (channels/port.ts), in the shape its batched
 * statements take. Ingest reads every channel's events through here, so a channel's events are
 * stored once its kinds convert: customers' messages (no file, or one fetched by provider media
 * id), per-message statuses, and reactions with their own id (an information line). Echoes,
 * conversation receipts, unsends and files by URL (Messenger's and Instagram's) are returned
 * apart until the inbox stores them.
 */
export interface InboundMessage {
  kind: 'message';
  channelExternalId: string;
  from: { identifier: string; name: string; phone: string | null };
  providerMessageId: string;
  timestamp: Date;
  msgType: MessageType;
  text: string;
  payload: Record<string, unknown>;
  attachmentName: string | null;
  /** Kept in the message's payload (`media`) until the file is fetched into storage. */
  media: {
    providerMediaId: string;
    mimeType: string;
    sha256: string | null;
    filename: string | null;
  } | null;
  replyToProviderId: string | null;
}

export interface StatusUpdate {
  kind: 'status';
  channelExternalId: string;
  providerMessageId: string;
  status: DeliveryStatus;
  timestamp: Date;
  recipient: string;
  /** As stored on the message: the provider's code, title and words. */
  error: ProviderErrorInfo | null;
  /** The error's neutral kind said the reply window was closed. */
  windowClosed: boolean;
  /** The sender's callback data echoed back (broadcast sends tag their recipient row). */
  callbackData: string | null;
}

export type InboxEvent = InboundMessage | StatusUpdate;

export function toInboxEvents(events: NeutralEvent[]): {
  inbox: InboxEvent[];
  other: NeutralEvent[];
} {
  const inbox: InboxEvent[] = [];
  const other: NeutralEvent[] = [];
  for (const e of events) {
    const converted = convert(e);
    if (converted) inbox.push(converted);
    else other.push(e);
  }
  return { inbox, other };
}

function convert(e: NeutralEvent): InboxEvent | null {
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
        windowClosed: e.error?.kind === 'window_closed',
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
