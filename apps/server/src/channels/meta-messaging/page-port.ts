import type { z } from 'zod';
import type { FileStorage } from '../../lib/storage.js';
import { download, pinnedGet, readCapped, type PinnedGet } from '../../lib/public-fetch.js';
import { classifyGraphError, ProviderError, type GraphCodeTable } from '../errors.js';
import {
  checkMedia,
  checkChoices,
  checkQuickReplies,
  checkText,
  readStoredMedia,
  refuse,
} from '../outbound-checks.js';
import type {
  ChannelCapabilities,
  ChannelPort,
  CredentialCheck,
  CustomerProfile,
  FetchedMedia,
  InboundMediaRef,
  OutboundMediaKind,
  OutboundMessage,
  ReadTarget,
  SentMessage,
  WindowFacts,
} from '../port.js';
import { requireReplyAllowed } from '../reply-window.js';
import type { GraphClient } from './graph.js';
import { parseMessagingWebhook } from './parse.js';
import {
  attachmentMessageBody,
  markSeenBody,
  textBody,
  uploadForm,
  type AttachmentSource,
} from './send-body.js';

/**
 * The page-level webhook fields Sapa needs (messages, echoes of replies sent elsewhere, receipts,
 * postbacks, reactions). Webhooks flow only when the app-level subscription has them too.
 */
export const SUBSCRIBED_FIELDS = [
  'messages',
  'message_deliveries',
  'message_echoes',
  'message_reads',
  'messaging_postbacks',
  'message_reactions',
] as const;

/** Connecting waits for Meta inside the request: both reads of a verify share this deadline. */
const VERIFY_TIMEOUT_MS = 10_000;
/** Meta's largest attachment (25 MB) and a little room for its own rounding. */
const ATTACHMENT_MAX_BYTES = 26 * 1024 * 1024;
const ATTACHMENT_TIMEOUT_MS = 60_000;

/**
 * What Messenger and Instagram (through its Facebook Page) share: the Send API on
 * `/{page-id}/messages`, the page's webhook subscription, conversation-level `mark_seen`,
 * attachments by URL in and out. Each subclass says which ids and token its config holds, how
 * Meta vouches for it, and its profile fields.
 */
export abstract class MetaPagePort<C> implements ChannelPort<C> {
  abstract readonly provider: 'messenger' | 'instagram';
  abstract readonly channel: 'messenger' | 'instagram';
  abstract readonly webhookObject: 'page' | 'instagram';
  abstract readonly configSchema: z.ZodType<C>;
  abstract readonly capabilities: ChannelCapabilities;
  protected abstract readonly codes: GraphCodeTable;

  constructor(
    protected readonly graph: GraphClient,
    private readonly storage: FileStorage,
    private readonly pinned: PinnedGet = pinnedGet,
  ) {}

  abstract externalIdOf(config: C): string;
  protected abstract pageIdOf(config: C): string;
  protected abstract tokenOf(config: C): string;
  abstract verifyCredentials(config: C): Promise<CredentialCheck>;
  protected abstract profileFields: string;
  protected abstract profileOf(json: Record<string, unknown>): CustomerProfile;

  parseWebhook(body: unknown, receivedAt: Date) {
    return parseMessagingWebhook(body, receivedAt);
  }

  classifyError(status: number | null, body: unknown): ProviderError {
    return classifyGraphError(this.codes, status, body);
  }

  protected call<T>(
    config: C,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: { json?: unknown; form?: FormData },
    signal?: AbortSignal,
  ): Promise<T> {
    return this.graph.call<T>({
      token: this.tokenOf(config),
      method,
      path,
      codes: this.codes,
      ...body,
      ...(signal ? { signal } : {}),
    });
  }

  /**
   * A read made while connecting. A refusal becomes the problem it names (a refused token, else
   * "not found"); Meta not answering is thrown, for the caller to say "try again".
   */
  protected async vouch<T extends object>(
    read: () => Promise<T | null>,
  ): Promise<{ answer: Partial<T> } | { refusal: CredentialCheck }> {
    try {
      return { answer: (await read()) ?? {} };
    } catch (err) {
      if (!(err instanceof ProviderError) || err.retryable) throw err;
      const problem = err.kind === 'token_invalid' ? 'token_invalid' : 'not_found';
      return { refusal: { ok: false, problem } };
    }
  }

  protected verifySignal(): AbortSignal {
    return AbortSignal.timeout(VERIFY_TIMEOUT_MS);
  }

  async subscribe(config: C): Promise<void> {
    const fields = SUBSCRIBED_FIELDS.join(',');
    const res = await this.call<{ success?: boolean }>(
      config,
      'POST',
      `/${this.pageIdOf(config)}/subscribed_apps?subscribed_fields=${fields}`,
    );
    if (res?.success !== true) throw this.unexpected('subscribing the page');
  }

  /**
   * Removes the app from the page: Messenger and an Instagram account linked to the same page
   * share that subscription, so the caller unsubscribes only when no channel uses the page.
   */
  async unsubscribe(config: C): Promise<void> {
    const res = await this.call<{ success?: boolean }>(
      config,
      'DELETE',
      `/${this.pageIdOf(config)}/subscribed_apps`,
    );
    if (res?.success !== true) throw this.unexpected('unsubscribing the page');
  }

  async send(config: C, message: OutboundMessage, window: WindowFacts): Promise<SentMessage> {
    if (message.type === 'template')
      throw refuse(`${this.label} has no message templates: write a message instead`);
    if (message.type === 'text') {
      checkText(this.capabilities, message.text);
      checkQuickReplies(this.capabilities, message.quickReplies);
      const basis = requireReplyAllowed(this.capabilities.replyWindow, window, 'message');
      const id = await this.post(
        config,
        textBody(message.to, message.text, basis, message.quickReplies),
      );
      return { providerMessageId: id, basis, uploadedMediaId: null };
    }
    if (message.type === 'choices') {
      checkChoices(this.capabilities, message);
      const basis = requireReplyAllowed(this.capabilities.replyWindow, window, 'message');
      const quick = message.choices.map((c) => ({ title: c.title, payload: c.id }));
      const id = await this.post(config, textBody(message.to, message.text, basis, quick));
      return { providerMessageId: id, basis, uploadedMediaId: null };
    }
    const media = message.media;
    checkMedia(this.capabilities, media);
    if (message.caption)
      throw refuse(`${this.label} sends no caption with a file: send the text as its own message`);
    const basis = requireReplyAllowed(this.capabilities.replyWindow, window, 'message');
    let uploadedMediaId: string | null = null;
    let source: AttachmentSource;
    if (media.publicUrl) source = { url: media.publicUrl };
    else if (media.providerMediaId) source = { attachmentId: media.providerMediaId };
    else {
      uploadedMediaId = await this.upload(config, media.kind, {
        bytes: await readStoredMedia(this.storage, media.storageKey),
        mimeType: media.mimeType,
        filename: media.filename ?? 'file',
      });
      source = { attachmentId: uploadedMediaId };
    }
    const id = await this.post(
      config,
      attachmentMessageBody(message.to, media.kind, source, basis),
    );
    return { providerMessageId: id, basis, uploadedMediaId };
  }

  /** `mark_seen` marks the whole conversation: the message id is not needed. */
  async markRead(config: C, target: ReadTarget): Promise<void> {
    await this.call(config, 'POST', `/${this.pageIdOf(config)}/messages`, {
      json: markSeenBody(target.customerId),
    });
  }

  /**
   * An attachment from Meta's CDN, through the SSRF guard: public addresses only, or the
   * configured Graph host (the sandbox in development). The token is never sent along.
   */
  async fetchMedia(_config: C, media: InboundMediaRef): Promise<FetchedMedia> {
    if (media.source !== 'url') throw refuse(`${this.label} attachments are fetched by URL`);
    const signal = AbortSignal.timeout(ATTACHMENT_TIMEOUT_MS);
    const res = await download(this.pinned, media.url, signal, new Set([this.graph.origin]));
    if (!res) throw classifyGraphError(this.codes, null, null);
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw classifyGraphError(this.codes, res.status, null);
    }
    let bytes: Buffer | null;
    try {
      bytes = await readCapped(res, ATTACHMENT_MAX_BYTES);
    } catch {
      throw classifyGraphError(this.codes, null, null);
    }
    if (!bytes) throw refuse('The attachment is larger than Meta allows');
    const type = res.headers.get('content-type')?.split(';')[0]?.trim();
    return { bytes, mimeType: type || media.mimeType || 'application/octet-stream' };
  }

  /**
   * The customer's name and picture. Meta answers only after the customer wrote (Instagram's
   * consent rule) and never for someone who blocked the business: those refusals are "no
   * profile". A refused token or Meta not answering is thrown: the first is the channel's
   * health, the second worth a retry.
   */
  async fetchProfile(config: C, customerId: string): Promise<CustomerProfile | null> {
    try {
      const json = await this.call<Record<string, unknown>>(
        config,
        'GET',
        `/${encodeURIComponent(customerId)}?fields=${this.profileFields}`,
      );
      return this.profileOf(json ?? {});
    } catch (err) {
      if (err instanceof ProviderError && !err.retryable && err.kind !== 'token_invalid')
        return null;
      throw err;
    }
  }

  private get label(): string {
    return this.provider === 'messenger' ? 'Messenger' : 'Instagram';
  }

  private async post(config: C, body: Record<string, unknown>): Promise<string> {
    const res = await this.call<{ message_id?: unknown }>(
      config,
      'POST',
      `/${this.pageIdOf(config)}/messages`,
      { json: body },
    );
    if (typeof res?.message_id !== 'string' || !res.message_id)
      throw this.unexpected('sending (no message id)');
    return res.message_id;
  }

  private async upload(
    config: C,
    kind: OutboundMediaKind,
    file: { bytes: Buffer; mimeType: string; filename: string },
  ): Promise<string> {
    const res = await this.call<{ attachment_id?: unknown }>(
      config,
      'POST',
      `/${this.pageIdOf(config)}/message_attachments`,
      { form: uploadForm(kind, file, this.provider) },
    );
    const id = typeof res?.attachment_id === 'string' ? res.attachment_id : null;
    if (!id) throw this.unexpected('uploading an attachment (no attachment id)');
    return id;
  }

  private unexpected(what: string): ProviderError {
    return classifyGraphError(this.codes, 200, {
      error: { message: `Graph API answered oddly when ${what}` },
    });
  }
}
