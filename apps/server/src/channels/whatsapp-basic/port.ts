import { z } from 'zod';
import type { ProviderErrorInfo } from '../errors.js';
import { ProviderError } from '../errors.js';
import type {
  ChannelCapabilities,
  ChannelPort,
  CredentialCheck,
  FetchedMedia,
  InboundMediaRef,
  OutboundMessage,
  ReadTarget,
  SentMessage,
  WindowFacts,
} from '../port.js';
import { checkMedia, checkText, refuse } from '../outbound-checks.js';
import { requireReplyAllowed } from '../reply-window.js';
import type { ConnectorSession } from './connector.js';

const MB = 1024 * 1024;

/**
 * A number linked by QR code sends as the phone's WhatsApp does: no customer-service window (the
 * phone may write to anyone at any time), ticks per message, quoted replies, captions on media.
 * No templates and no buttons or lists (those are the Cloud API's business features; the linked
 * device cannot send them reliably). Media limits are WhatsApp's own for a phone: 16 MB photos,
 * videos and voice notes, documents up to 100 MB (WhatsApp takes more; Sapa's uploads stop there).
 */
export const WHATSAPP_BASIC_CAPABILITIES: ChannelCapabilities = {
  replyWindow: null,
  readReceipts: 'per_message',
  templates: false,
  quickReplies: false,
  choices: null,
  quotedReplies: true,
  text: { max: 65_536, unit: 'utf16' },
  media: {
    kinds: {
      image: { maxBytes: 16 * MB, mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] },
      video: { maxBytes: 16 * MB, mimeTypes: ['video/mp4', 'video/3gpp'] },
      audio: {
        maxBytes: 16 * MB,
        mimeTypes: ['audio/ogg', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/amr'],
      },
      document: { maxBytes: 100 * MB, mimeTypes: null },
    },
    // The session uploads the stored file itself when it sends.
    send: 'upload_id',
    receive: 'media_id',
    caption: true,
  },
  webhookSubscription: false,
  profiles: false,
};

/**
 * A linked number's channel config: only its own id. The credentials and keys live in the
 * session store (c20), sealed, never in the channel row; the id finds the live session.
 */
export const whatsappBasicConfigSchema = z.object({ channelId: z.string().uuid() });
export type WhatsappBasicConfig = z.infer<typeof whatsappBasicConfigSchema>;

/**
 * The sessions this process holds open, by channel id. Exactly one process owns a number at a
 * time (the lease); the others do not have it here and say so with `SessionNotHereError`.
 */
export class LinkedSessions {
  private readonly sessions = new Map<string, ConnectorSession>();

  set(channelId: string, session: ConnectorSession): void {
    this.sessions.set(channelId, session);
  }

  /** Forgets the session, only if it is still this one (a newer session may have replaced it). */
  delete(channelId: string, session: ConnectorSession): void {
    if (this.sessions.get(channelId) === session) this.sessions.delete(channelId);
  }

  get(channelId: string): ConnectorSession | null {
    return this.sessions.get(channelId) ?? null;
  }
}

/**
 * The number's session is not held by this process (another owns it, or none does right now).
 * Retryable, and nothing was sent: the caller leaves the work to the owner.
 */
export class SessionNotHereError extends ProviderError {
  constructor(channelId: string) {
    super(
      {
        code: null,
        title: 'Number not connected here',
        message: `The linked number's session (channel ${channelId}) is not open in this process`,
      },
      true,
      null,
      'temporarily_unavailable',
    );
  }
}

const NOT_OFFERED: ProviderErrorInfo['message'] =
  'A number linked by QR code sends text, files and replies; templates and buttons go out through the WhatsApp Cloud API.';

export class WhatsappBasicPort implements ChannelPort<WhatsappBasicConfig> {
  readonly provider = 'whatsapp_basic' as const;
  readonly channel = 'whatsapp_basic' as const;
  readonly webhookObject = null;
  readonly configSchema = whatsappBasicConfigSchema;
  readonly capabilities = WHATSAPP_BASIC_CAPABILITIES;

  constructor(private readonly sessions: LinkedSessions) {}

  externalIdOf(config: WhatsappBasicConfig): string {
    return config.channelId;
  }

  /** A linked number has no webhooks: its events come from the session (connector.ts). */
  parseWebhook() {
    return { events: [], ignored: [] };
  }

  /** The drivers throw classified ProviderErrors themselves; anything else is not retried. */
  classifyError(status: number | null, body: unknown): ProviderError {
    const message = typeof body === 'string' && body ? body : 'The linked number refused';
    return new ProviderError({ code: status, title: 'WhatsApp refused', message }, false, status);
  }

  /** The link is the credential: it holds while this process has the session. */
  async verifyCredentials(config: WhatsappBasicConfig): Promise<CredentialCheck> {
    this.session(config);
    return { ok: true, displayName: null };
  }

  async send(
    config: WhatsappBasicConfig,
    message: OutboundMessage,
    window: WindowFacts,
  ): Promise<SentMessage> {
    if (message.type === 'template' || message.type === 'choices') throw refuse(NOT_OFFERED);
    if (message.type === 'text') checkText(this.capabilities, message.text);
    else checkMedia(this.capabilities, message.media);
    // No window on a linked number: always 'no_window', kept so the rule lives in one place.
    const basis = requireReplyAllowed(this.capabilities.replyWindow, window, 'message');
    const sent = await this.session(config).send(message);
    return { providerMessageId: sent.providerMessageId, basis, uploadedMediaId: null };
  }

  async markRead(config: WhatsappBasicConfig, target: ReadTarget): Promise<void> {
    if (!target.lastProviderMessageId) return;
    await this.session(config).markRead(target.customerId, [target.lastProviderMessageId]);
  }

  async fetchMedia(config: WhatsappBasicConfig, media: InboundMediaRef): Promise<FetchedMedia> {
    return this.session(config).fetchMedia(media);
  }

  private session(config: WhatsappBasicConfig): ConnectorSession {
    const session = this.sessions.get(config.channelId);
    if (!session) throw new SessionNotHereError(config.channelId);
    return session;
  }
}
