import { whatsappCloudCredentialsSchema, type WhatsappCloudCredentials } from '@sapa/contracts';
import type { FileStorage } from '../../lib/storage.js';
import type { ChannelCredentials, NumberVerification } from '../types.js';
import type {
  ChannelCapabilities,
  ChannelPort,
  CredentialCheck,
  InboundMediaRef,
  OutboundMessage,
  ReadTarget,
  SentMessage,
  WindowFacts,
} from '../port.js';
import {
  checkChoices,
  checkMedia,
  checkQuickReplies,
  checkText,
  readStoredMedia,
  refuse,
} from '../outbound-checks.js';
import { requireReplyAllowed } from '../reply-window.js';
import type { WhatsappCloudAdapter } from './adapter.js';
import { ProviderError } from '../errors.js';
import { graphError } from './errors.js';
import { parseWhatsappNeutral } from './neutral.js';
import type { MetaTemplatesClient } from './templates.js';

const MB = 1024 * 1024;

/** meta-messaging.md §2.4–§2.7: 24 h then templates only; media by upload id; ticks per message. */
export const WHATSAPP_CLOUD_CAPABILITIES: ChannelCapabilities = {
  replyWindow: { hours: 24, outsideWindow: 'templates', humanAgentExtensionDays: null },
  readReceipts: 'per_message',
  templates: true,
  quickReplies: false,
  // Up to 3 reply buttons, or a list of up to 10 rows (titles ≤20 on buttons, ≤24 on rows).
  choices: { max: 10, titleMax: 20, descriptionMax: 72 },
  quotedReplies: true,
  text: { max: 4096, unit: 'utf16' },
  media: {
    kinds: {
      image: { maxBytes: 5 * MB, mimeTypes: ['image/jpeg', 'image/png'] },
      video: { maxBytes: 16 * MB, mimeTypes: ['video/mp4', 'video/3gpp'] },
      audio: {
        maxBytes: 16 * MB,
        mimeTypes: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
      },
      document: { maxBytes: 100 * MB, mimeTypes: null },
    },
    send: 'upload_id',
    receive: 'media_id',
    caption: true,
  },
  webhookSubscription: false,
  profiles: false,
};

/** The shape the WhatsApp adapter's calls take today, from the neutral config. */
export const credentialsOf = (c: WhatsappCloudCredentials): ChannelCredentials => ({
  externalId: c.phoneNumberId,
  wabaId: c.wabaId,
  accessToken: c.accessToken,
});

/**
 * What WhatsApp Cloud offers beyond the port, for the templates module and broadcasts' headers:
 * Meta's template endpoints on the channel's WABA, a media upload whose id a template header
 * names, and the number check whose reason the connect page logs.
 */
export class WhatsappExtras {
  constructor(
    private readonly adapter: WhatsappCloudAdapter,
    readonly templates: MetaTemplatesClient,
  ) {}

  uploadMedia(
    config: WhatsappCloudCredentials,
    file: { bytes: Buffer; mimeType: string; filename: string },
  ): Promise<string> {
    return this.adapter.uploadMedia(credentialsOf(config), file);
  }

  verifyNumber(config: WhatsappCloudCredentials): Promise<NumberVerification> {
    return this.adapter.verifyNumber(credentialsOf(config));
  }
}

/**
 * Three choices or fewer are reply buttons, tapped at once; more fold into a list behind
 * `menuLabel` (WhatsApp allows at most 3 buttons, and 10 rows in a list).
 */
export function interactiveOf(
  message: Extract<OutboundMessage, { type: 'choices' }>,
): Record<string, unknown> {
  if (message.choices.length <= 3)
    return {
      type: 'button',
      body: { text: message.text },
      action: {
        buttons: message.choices.map((c) => ({
          type: 'reply',
          reply: { id: c.id, title: c.title },
        })),
      },
    };
  return {
    type: 'list',
    body: { text: message.text },
    action: {
      button: message.menuLabel,
      sections: [
        {
          rows: message.choices.map((c) => ({
            id: c.id,
            title: c.title,
            ...(c.description ? { description: c.description } : {}),
          })),
        },
      ],
    },
  };
}

/** WhatsApp Cloud on the neutral port; the Graph calls are the adapter's (adapter.ts). */
export class WhatsappCloudPort implements ChannelPort<WhatsappCloudCredentials> {
  readonly provider = 'whatsapp_cloud' as const;
  readonly channel = 'whatsapp' as const;
  readonly webhookObject = 'whatsapp_business_account' as const;
  readonly configSchema = whatsappCloudCredentialsSchema;
  readonly capabilities = WHATSAPP_CLOUD_CAPABILITIES;

  constructor(
    private readonly adapter: WhatsappCloudAdapter,
    private readonly storage: FileStorage,
  ) {}

  externalIdOf(config: WhatsappCloudCredentials): string {
    return config.phoneNumberId;
  }

  parseWebhook(body: unknown, receivedAt: Date) {
    return parseWhatsappNeutral(body, receivedAt);
  }

  classifyError(status: number | null, body: unknown) {
    return graphError(status, body);
  }

  /** One sentence for every refusal stays the connect page's choice (see modules/channels/verify.ts). */
  async verifyCredentials(config: WhatsappCloudCredentials): Promise<CredentialCheck> {
    const result = await this.adapter.verifyNumber(credentialsOf(config));
    if (result.verified) return { ok: true, displayName: null };
    if (result.reason === 'token-invalid') return { ok: false, problem: 'token_invalid' };
    return { ok: false, problem: result.reason === 'not-in-waba' ? 'not_linked' : 'not_found' };
  }

  async send(
    config: WhatsappCloudCredentials,
    message: OutboundMessage,
    window: WindowFacts,
  ): Promise<SentMessage> {
    const creds = credentialsOf(config);
    if (message.type === 'template') {
      const basis = requireReplyAllowed(this.capabilities.replyWindow, window, 'template');
      const { providerMessageId } = await this.adapter.send(creds, {
        type: 'template',
        to: message.to,
        template: message.template,
        ...(message.callbackData ? { callbackData: message.callbackData } : {}),
      });
      return { providerMessageId, basis, uploadedMediaId: null };
    }
    if (message.type === 'text') {
      checkText(this.capabilities, message.text);
      checkQuickReplies(this.capabilities, message.quickReplies);
      const basis = requireReplyAllowed(this.capabilities.replyWindow, window, 'message');
      const { providerMessageId } = await this.adapter.send(creds, {
        type: 'text',
        to: message.to,
        text: message.text,
        replyToProviderId: message.replyToProviderId ?? null,
      });
      return { providerMessageId, basis, uploadedMediaId: null };
    }
    if (message.type === 'choices') {
      checkChoices(this.capabilities, message);
      const basis = requireReplyAllowed(this.capabilities.replyWindow, window, 'message');
      const { providerMessageId } = await this.adapter.send(creds, {
        type: 'interactive',
        to: message.to,
        interactive: interactiveOf(message),
      });
      return { providerMessageId, basis, uploadedMediaId: null };
    }
    checkMedia(this.capabilities, message.media);
    if (message.caption) checkText(this.capabilities, message.caption);
    const basis = requireReplyAllowed(this.capabilities.replyWindow, window, 'message');
    const media = message.media;
    let uploadedMediaId: string | null = null;
    let providerMediaId = media.providerMediaId ?? null;
    if (!providerMediaId) {
      providerMediaId = await this.adapter.uploadMedia(creds, {
        bytes: await readStoredMedia(this.storage, media.storageKey),
        mimeType: media.mimeType,
        filename: media.filename ?? 'file',
      });
      uploadedMediaId = providerMediaId;
    }
    try {
      const { providerMessageId } = await this.adapter.send(creds, {
        type: media.kind,
        to: message.to,
        providerMediaId,
        ...(message.caption ? { caption: message.caption } : {}),
        filename: media.filename,
        replyToProviderId: message.replyToProviderId ?? null,
      });
      return { providerMessageId, basis, uploadedMediaId };
    } catch (err) {
      if (err instanceof ProviderError) err.uploadedMediaId = uploadedMediaId;
      throw err;
    }
  }

  async markRead(config: WhatsappCloudCredentials, target: ReadTarget): Promise<void> {
    if (!target.lastProviderMessageId)
      throw refuse('WhatsApp marks one message read: name the newest one that was read');
    await this.adapter.markRead(credentialsOf(config), target.lastProviderMessageId);
  }

  async fetchMedia(config: WhatsappCloudCredentials, media: InboundMediaRef) {
    if (media.source !== 'provider_id')
      throw refuse('WhatsApp media is fetched by its media id, not a URL');
    return this.adapter.fetchMedia(credentialsOf(config), media.providerMediaId);
  }
}
