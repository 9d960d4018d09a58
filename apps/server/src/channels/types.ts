import type { MessageType } from '@sapa/contracts';
import type { ProviderType } from '../db/schema-messaging.js';
import type { ProviderErrorInfo } from './errors.js';
import type { DeliveryStatus } from './port.js';

export { ProviderError, type ProviderErrorInfo } from './errors.js';

/**
 * The WhatsApp Cloud adapter's own shapes (adapter.ts, parse.ts), inside channels/ only: callers
 * outside use the provider-neutral port (port.ts). `ProviderError` and `TemplateSend` are shared.
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
  media: {
    providerMediaId: string;
    mimeType: string;
    sha256: string | null;
    filename: string | null;
  } | null;
  replyToProviderId: string | null;
}

export type { DeliveryStatus };

export interface StatusUpdate {
  kind: 'status';
  channelExternalId: string;
  providerMessageId: string;
  status: DeliveryStatus;
  timestamp: Date;
  recipient: string;
  error: ProviderErrorInfo | null;
  /** The sender's `biz_opaque_callback_data`, echoed by Meta (broadcast sends tag their row). */
  callbackData?: string | null;
}

export type ChannelEvent = InboundMessage | StatusUpdate;

export interface ParsedWebhook {
  events: ChannelEvent[];
  /** Provider-level errors and fields we do not handle yet, for the log. */
  ignored: { channelExternalId: string | null; reason: string }[];
}

export interface ChannelCredentials {
  externalId: string;
  accessToken: string;
  wabaId: string | null;
}

export type OutgoingMessage =
  | { type: 'text'; to: string; text: string; replyToProviderId?: string | null }
  | {
      type: 'image' | 'video' | 'audio' | 'document';
      to: string;
      providerMediaId: string;
      caption?: string;
      filename?: string | null;
      replyToProviderId?: string | null;
    }
  | {
      type: 'template';
      to: string;
      template: TemplateSend;
      /** Echoed back by Meta in every status of this message (reference §2.3, ≤512). */
      callbackData?: string;
    }
  /** Reply buttons or a list (reference §2.4), as Meta's `interactive` object. */
  | { type: 'interactive'; to: string; interactive: Record<string, unknown> };

/** A template message as Meta's send API takes it (reference §2.4). */
export interface TemplateSend {
  name: string;
  language: string;
  /** Values for the body's {{1}}, {{2}} … in order. */
  bodyParams: string[];
  /** The header's single text parameter, when it has one. */
  headerText?: string | null;
  /** Media for an image, video or document header: a public link or an uploaded media id. */
  headerMedia?: {
    type: 'image' | 'video' | 'document';
    link?: string;
    providerMediaId?: string;
    filename?: string | null;
  } | null;
}

/**
 * Whether a token may act for a number, as the provider answered. The reason is for the
 * operator's log only: the person connecting sees one sentence whatever it is.
 */
export type NumberVerification =
  | { verified: true }
  | { verified: false; reason: 'number-unreadable' | 'not-in-waba' | 'token-invalid' };

export interface ChannelAdapter {
  provider: ProviderType;
  /**
   * Asks the provider, with the channel's own token, whether that token can read the number and
   * the number belongs to the channel's business account. Throws a retryable ProviderError when
   * the provider could not answer (outage, timeout, rate limit).
   */
  verifyNumber(channel: ChannelCredentials): Promise<NumberVerification>;
  parseWebhook(body: unknown): ParsedWebhook;
  send(
    channel: ChannelCredentials,
    message: OutgoingMessage,
  ): Promise<{ providerMessageId: string }>;
  uploadMedia(
    channel: ChannelCredentials,
    file: { bytes: Buffer; mimeType: string; filename: string },
  ): Promise<string>;
  fetchMedia(
    channel: ChannelCredentials,
    providerMediaId: string,
  ): Promise<{ bytes: Buffer; mimeType: string }>;
  markRead(channel: ChannelCredentials, providerMessageId: string): Promise<void>;
}
