import type { MessageType } from '@sapa/contracts';
import type { ProviderErrorInfo } from '../../channels/errors.js';
import type { DeliveryStatus, InboundMediaRef, NeutralEvent } from '../../channels/port.js';
import { reactionBody } from '../../channels/parse-helpers.js';

/**
 * What the inbox stores of the neutral events (channels/port.ts), in the shape its batched
 * statements take. Ingest reads every channel's events through here: customers' messages (a
 * file by provider media id or by URL is fetched into storage by the media job), per-message
 * statuses, and reactions (an information line). Echoes, conversation receipts and unsends are
 * returned apart: ingest stores them in page-events.ts.
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
  media: PendingMedia | null;
  replyToProviderId: string | null;
}

/**
 * A file still to fetch, as kept in `payload.media`: WhatsApp's media id (the shape stored since
 * the start, so no `source`), or Meta's page channels' CDN URL that expires.
 */
export type PendingMedia =
  | { providerMediaId: string; mimeType: string; sha256: string | null; filename: string | null }
  | {
      source: 'url';
      url: string;
      expiresAt: string | null;
      mimeType: string | null;
      filename: string | null;
    };

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
        media: e.media && pendingMedia(e.media),
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
      if (e.direction !== 'incoming') return null;
      return {
        kind: 'message',
        channelExternalId: e.channelExternalId,
        from: e.customer,
        // Meta's page channels give a reaction no id: who, on what and when stays the same when
        // Meta delivers the webhook again, so a redelivery is still a duplicate.
        providerMessageId:
          e.providerMessageId ??
          `reaction:${e.targetProviderMessageId}:${e.customer.identifier}:${e.timestamp.getTime()}`,
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

function pendingMedia(media: InboundMediaRef): PendingMedia {
  if (media.source === 'provider_id')
    return {
      providerMediaId: media.providerMediaId,
      mimeType: media.mimeType,
      sha256: media.sha256,
      filename: media.filename,
    };
  return {
    source: 'url',
    url: media.url,
    expiresAt: media.expiresAt ? media.expiresAt.toISOString() : null,
    mimeType: media.mimeType,
    filename: media.filename,
  };
}

/** The stored `payload.media` as the port's reference, to fetch it. */
export function mediaRefOf(media: PendingMedia): InboundMediaRef {
  if ('source' in media)
    return {
      source: 'url',
      url: media.url,
      expiresAt: media.expiresAt ? new Date(media.expiresAt) : null,
      mimeType: media.mimeType,
      filename: media.filename,
    };
  return { source: 'provider_id', ...media };
}
