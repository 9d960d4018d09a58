import type { CredentialProblem, MessageType } from '@sapa/contracts';
import type { z } from 'zod';
import type { ChannelType, ProviderType } from '../db/schema-messaging.js';
import type { ClassifiedErrorInfo, ProviderError } from './errors.js';
import type { TemplateSend } from './types.js';

/**
 * The provider-neutral channel port (issue 17 §1). Everything provider-specific sits behind it:
 * the credentials (`configSchema`, sealed whole at rest), what the channel can do
 * (`capabilities`), webhooks turned into neutral events, sending within the platform's reply
 * window, read receipts, media both ways, profiles, and provider errors as neutral kinds.
 */
export interface ChannelPort<C> {
  readonly provider: ProviderType;
  readonly channel: ChannelType;
  /** The `object` of the Meta webhooks this adapter reads; null when it has none. */
  readonly webhookObject: MetaWebhookObject | null;
  readonly configSchema: z.ZodType<C>;
  readonly capabilities: ChannelCapabilities;
  /** The id webhooks name the channel by (channels.external_id): number, page or IG account. */
  externalIdOf(config: C): string;
  /** A signed, NUL-free webhook body → neutral events; never throws on odd input. */
  parseWebhook(body: unknown, receivedAt: Date): NeutralWebhook;
  /** A provider's HTTP error answer (status null: no answer) → a classified ProviderError. */
  classifyError(status: number | null, body: unknown): ProviderError;
  /**
   * Connect: does the provider vouch for these credentials? A refusal is an answer; a provider
   * that could not answer (outage, timeout, rate limit) throws a retryable ProviderError.
   */
  verifyCredentials(config: C): Promise<CredentialCheck>;
  /** Subscribes the app to the channel's webhook fields, where the platform wants that per channel. */
  subscribe?(config: C): Promise<void>;
  unsubscribe?(config: C): Promise<void>;
  /**
   * Sends one message, or refuses it with a `window_closed` WindowClosedError without calling
   * the provider when the platform's window (from `window`) does not allow it.
   */
  send(config: C, message: OutboundMessage, window: WindowFacts): Promise<SentMessage>;
  markRead(config: C, target: ReadTarget): Promise<void>;
  fetchMedia(config: C, media: InboundMediaRef): Promise<FetchedMedia>;
  /** The customer's name and picture; null when the platform will not tell (no consent, blocked). */
  fetchProfile?(config: C, customerId: string): Promise<CustomerProfile | null>;
}

/** A port's operations bound to one channel's (validated) config: what callers hold. */
export interface OpenChannel {
  readonly provider: ProviderType;
  readonly externalId: string;
  readonly capabilities: ChannelCapabilities;
  verifyCredentials(): Promise<CredentialCheck>;
  subscribe?(): Promise<void>;
  unsubscribe?(): Promise<void>;
  send(message: OutboundMessage, window: WindowFacts): Promise<SentMessage>;
  markRead(target: ReadTarget): Promise<void>;
  fetchMedia(media: InboundMediaRef): Promise<FetchedMedia>;
  fetchProfile?(customerId: string): Promise<CustomerProfile | null>;
}

/** What a port says about itself without a channel's config. */
export type PortInfo = Pick<
  ChannelPort<unknown>,
  | 'provider'
  | 'channel'
  | 'webhookObject'
  | 'configSchema'
  | 'capabilities'
  | 'parseWebhook'
  | 'classifyError'
>;

export type MetaWebhookObject = 'whatsapp_business_account' | 'page' | 'instagram';

// ---------------------------------------------------------------------------------------------
// Capabilities

export interface ChannelCapabilities {
  /** The customer-service window; null when the channel has none (the QR-linked WhatsApp). */
  replyWindow: ReplyWindow | null;
  /** WhatsApp marks each message read; Messenger and Instagram mark a conversation seen. */
  readReceipts: 'per_message' | 'per_conversation' | 'none';
  templates: boolean;
  /** Buttons the customer taps to answer (Messenger quick replies). */
  quickReplies: boolean;
  /**
   * A question with choices to tap (`OutboundMessage` type `choices`): WhatsApp's reply buttons
   * or list, Meta's page channels' quick replies. Null when the channel has no such thing.
   */
  choices: ChoiceCapabilities | null;
  /** Whether a sent message can quote an earlier one. */
  quotedReplies: boolean;
  text: { max: number; unit: 'utf16' | 'utf8_bytes' };
  media: MediaCapabilities;
  /** The channel must be subscribed to its webhook fields when connected (`subscribe`). */
  webhookSubscription: boolean;
  /** A profile API gives the customer's name and picture (`fetchProfile`). */
  profiles: boolean;
}

export interface ChoiceCapabilities {
  /** How many choices one message may offer. */
  max: number;
  /** The longest title a choice may have (characters). */
  titleMax: number;
  /** The longest description under a title; 0 when the channel shows none. */
  descriptionMax: number;
}

export interface ReplyWindow {
  hours: number;
  /** What may still go out once it closes. */
  outsideWindow: 'templates' | 'human_agent_replies';
  /** Days after the customer's last message a person may still answer (Meta's HUMAN_AGENT tag). */
  humanAgentExtensionDays: number | null;
}

export const OUTBOUND_MEDIA_KINDS = ['image', 'video', 'audio', 'document'] as const;
export type OutboundMediaKind = (typeof OUTBOUND_MEDIA_KINDS)[number];

export interface MediaKindLimit {
  maxBytes: number;
  /** null: any type the platform takes for this kind (a document). */
  mimeTypes: readonly string[] | null;
}

export interface MediaCapabilities {
  /** null: this kind cannot be sent on the channel. */
  kinds: Record<OutboundMediaKind, MediaKindLimit | null>;
  /** WhatsApp takes an uploaded media id; Meta's page channels a public URL or an attachment upload. */
  send: 'upload_id' | 'url_or_upload';
  /** WhatsApp gives a media id to fetch with the token; the others a CDN URL that expires. */
  receive: 'media_id' | 'expiring_url';
  /** Whether a caption can ride on the media message itself. */
  caption: boolean;
}

// ---------------------------------------------------------------------------------------------
// Inbound

export interface NeutralWebhook {
  events: NeutralEvent[];
  /** Items not turned into events (unknown kinds, malformed), for the log. */
  ignored: IgnoredItem[];
}

export interface IgnoredItem {
  channelExternalId: string | null;
  reason: string;
}

export type NeutralEvent =
  MessageEvent | StatusEvent | ReceiptEvent | ReactionEvent | UnsentEvent | TemplateStatusChange;

export type NeutralEventKind = NeutralEvent['kind'];

/** The customer of a conversation: PSID, IGSID or WhatsApp id, with what the webhook told. */
export interface Party {
  identifier: string;
  name: string;
  phone: string | null;
}

interface EventBase {
  /** The channel as webhooks name it (phone number id, page id, IG account id, WABA id). */
  channelExternalId: string;
  timestamp: Date;
}

export interface MessageEvent extends EventBase {
  kind: 'message';
  /** Outgoing only for echoes: the business wrote, from Meta's apps, another tool or Sapa. */
  direction: 'incoming' | 'outgoing';
  origin: 'customer' | 'echo';
  /** The app that sent an echo (Sapa's own sends come back with Sapa's app id); else null. */
  appId: string | null;
  /** Always the customer: the sender of an incoming message, the recipient of an echo. */
  customer: Party;
  providerMessageId: string;
  msgType: MessageType;
  text: string;
  payload: Record<string, unknown>;
  attachmentName: string | null;
  media: InboundMediaRef | null;
  replyToProviderId: string | null;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** One message's delivery state (WhatsApp). */
export interface StatusEvent extends EventBase {
  kind: 'status';
  providerMessageId: string;
  status: DeliveryStatus;
  recipient: string;
  error: ClassifiedErrorInfo | null;
  /** The sender's `biz_opaque_callback_data`, echoed by Meta (broadcast sends tag their row). */
  callbackData: string | null;
}

/**
 * A conversation-level receipt (Messenger, Instagram): everything sent to the customer up to
 * `watermark` was delivered or read, and/or these messages were.
 */
export interface ReceiptEvent extends EventBase {
  kind: 'receipt';
  customer: Party;
  receipt: 'delivered' | 'read';
  watermark: Date | null;
  providerMessageIds: string[];
}

export interface ReactionEvent extends EventBase {
  kind: 'reaction';
  direction: 'incoming' | 'outgoing';
  customer: Party;
  /** The reaction's own id where the provider gives one (WhatsApp); Meta's page channels do not. */
  providerMessageId: string | null;
  targetProviderMessageId: string;
  action: 'react' | 'unreact';
  emoji: string | null;
  /** Messenger's name for it (love, like, smile, …), when sent. */
  reaction: string | null;
  /**
   * The app that sent a business's reaction (an echo, `is_echo`): Sapa's own, or Meta's inbox
   * when a person reacted in Meta's apps. Null for a customer's reaction.
   */
  appId: string | null;
}

/** The customer took a message back (Instagram `is_deleted`). */
export interface UnsentEvent extends EventBase {
  kind: 'unsent';
  customer: Party;
  providerMessageId: string;
}

/** Meta's verdict on a WhatsApp template. */
export interface TemplateStatusChange {
  kind: 'template.status';
  /** The WABA the template lives on (the entry's id), when Meta said. */
  channelExternalId: string | null;
  timestamp: Date;
  providerTemplateId: string;
  name: string;
  language: string;
  /** APPROVED, REJECTED, PAUSED, … as Meta sends it. */
  event: string;
  reason: string | null;
}

/** Where an inbound attachment's bytes are: fetch it into storage before it expires. */
export type InboundMediaRef =
  | {
      source: 'provider_id';
      providerMediaId: string;
      mimeType: string;
      sha256: string | null;
      filename: string | null;
    }
  | {
      source: 'url';
      url: string;
      /** When the provider's URL stops working, where it says (Meta's CDN `oe` parameter). */
      expiresAt: Date | null;
      mimeType: string | null;
      filename: string | null;
    };

export interface FetchedMedia {
  bytes: Buffer;
  mimeType: string;
}

export interface CustomerProfile {
  name: string | null;
  username: string | null;
  /** Expires after a few days at Meta: download it if it is to be kept. */
  pictureUrl: string | null;
}

// ---------------------------------------------------------------------------------------------
// Outbound

export type OutboundMessage =
  | {
      type: 'text';
      to: string;
      text: string;
      replyToProviderId?: string | null;
      quickReplies?: QuickReply[];
    }
  | {
      type: 'media';
      to: string;
      media: OutboundMediaRef;
      caption?: string | null;
      replyToProviderId?: string | null;
    }
  | {
      type: 'template';
      to: string;
      template: TemplateSend;
      /** Echoed back by Meta in every status of this message (≤512). */
      callbackData?: string;
    }
  | {
      /**
       * A question and the choices the customer may tap; the tap comes back as a message of type
       * `button` or `listButton` whose `payload.reply.id` is the choice's id.
       */
      type: 'choices';
      to: string;
      text: string;
      /** The button that opens the choices where the channel folds them into a list (WhatsApp). */
      menuLabel: string;
      choices: Choice[];
    };

export interface Choice {
  /** Comes back with the tap (≤200 characters). */
  id: string;
  title: string;
  /** A line under the title, where the channel shows one. */
  description?: string | null;
}

export interface QuickReply {
  title: string;
  payload: string;
}

/**
 * A stored file to send: the adapter decides how it reaches the provider (WhatsApp uploads the
 * bytes and sends the id; Meta's page channels send `publicUrl` when there is one, else upload).
 */
export interface OutboundMediaRef {
  kind: OutboundMediaKind;
  /** The key of the bytes in Sapa's file storage. */
  storageKey: string;
  mimeType: string;
  filename: string | null;
  sizeBytes: number;
  /** An upload from an earlier attempt on this channel (returned as `uploadedMediaId`). */
  providerMediaId?: string | null;
  /** A URL the provider can download the file from, when Sapa has one. */
  publicUrl?: string | null;
}

/** What the caller knows about the conversation when it sends. */
export interface WindowFacts {
  /** The customer's last message, or null when they never wrote. */
  lastInboundAt: Date | null;
  now: Date;
  /** A person typed it, or Sapa sent it on its own (auto-reply, routing, broadcast). */
  author: 'human' | 'automatic';
  /** The channel's setting: a person may reply with Meta's HUMAN_AGENT tag after 24 h. */
  humanAgentExtension: boolean;
}

/** On what grounds a message was allowed out. */
export type SendBasis = 'no_window' | 'template' | 'window' | 'human_agent_tag';

export interface SentMessage {
  providerMessageId: string;
  basis: SendBasis;
  /** A media upload made for this send: keep it so a retry does not upload again. */
  uploadedMediaId: string | null;
}

export interface ReadTarget {
  /** The customer's id on the channel (chat identifier). */
  customerId: string;
  /** The newest message of theirs that was read: WhatsApp marks that one, Meta's pages ignore it. */
  lastProviderMessageId: string | null;
}

// ---------------------------------------------------------------------------------------------
// Connect

export type CredentialCheck =
  { ok: true; displayName: string | null } | { ok: false; problem: CredentialProblem };

// ---------------------------------------------------------------------------------------------
// How callers use the port (issue 17 §1, done for WhatsApp Cloud):
// 1. A channel's whole config is sealed in `channels.config_sealed` (0045; rows from before are
//    sealed at start by modules/channels `backfillChannelConfigs`) and opened with
//    `loadChannel` → `deps.channels.open(...)`. Templates read `wabaId` from the WhatsApp config;
//    Meta's template endpoints are the WhatsApp adapter's (`deps.channels.whatsapp.templates`).
// 2. Webhooks: ingest takes `NeutralEvent`s (modules/inbox/inbound.ts says which kinds it
//    stores). Still to wire for Messenger and Instagram: echoes are outgoing messages stored
//    once by `providerMessageId`; receipts mark every outgoing message up to the watermark (or
//    the listed ids); `unsent` marks the stored message deleted; reactions attach to their
//    target; files by URL are fetched before `expiresAt`.
// 3. Sending (send-message job, auto-messages, welcome, broadcasts) calls `send(message,
//    WindowFacts)`; `SentMessage.uploadedMediaId` (or `ProviderError.uploadedMediaId` when the
//    send after an upload failed) is kept where `payload.providerMediaId` always was.
// 4. Errors are asked by `err.kind` / `status.error.kind` (`window_closed`, `rate_limited`,
//    `template_missing`, …), never by a provider's code.
// 5. Read receipts: `markRead({ customerId, lastProviderMessageId })` once per chat; the
//    composer's window comes from `capabilities.replyWindow` (reply-window.ts).
