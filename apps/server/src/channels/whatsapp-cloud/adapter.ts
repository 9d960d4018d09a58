import {
  ProviderError,
  type ChannelAdapter,
  type ChannelCredentials,
  type NumberVerification,
  type OutgoingMessage,
  type TemplateSend,
} from '../types.js';
import { graphError } from './errors.js';
import { parseWhatsappWebhook } from './parse.js';

const TIMEOUT_MS = 15_000;
/** Connecting a number waits for Meta inside the request: both reads share this deadline. */
const VERIFY_TIMEOUT_MS = 10_000;
/** A WABA's numbers are read 100 at a time; a business with more than 1,000 is not expected. */
const PHONE_NUMBER_PAGES = 10;

interface PhoneNumberList {
  data?: { id?: string }[];
  paging?: { cursors?: { after?: string }; next?: string };
}

/** WhatsApp Cloud API over the Graph API (reference §2.4–§2.5); base URL from GRAPH_API_URL. */
export class WhatsappCloudAdapter implements ChannelAdapter {
  readonly provider = 'whatsapp_cloud' as const;

  constructor(
    private readonly graphUrl: string,
    private readonly version: string,
  ) {}

  parseWebhook(body: unknown) {
    return parseWhatsappWebhook(body);
  }

  async send(channel: ChannelCredentials, message: OutgoingMessage) {
    const body: Record<string, unknown> = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.to,
      type: message.type,
    };
    if (message.type === 'text')
      body.text = { body: message.text, preview_url: /https?:\/\//.test(message.text) };
    else if (message.type === 'template') {
      body.template = templateBody(message.template);
      if (message.callbackData) body.biz_opaque_callback_data = message.callbackData;
    } else if (message.type === 'interactive') {
      body.interactive = message.interactive;
    } else {
      body[message.type] = {
        id: message.providerMediaId,
        ...(message.caption && message.type !== 'audio' ? { caption: message.caption } : {}),
        ...(message.type === 'document' && message.filename ? { filename: message.filename } : {}),
      };
    }
    if (message.type !== 'template' && message.type !== 'interactive' && message.replyToProviderId)
      body.context = { message_id: message.replyToProviderId };
    const res = await this.call<{ messages?: { id?: string }[] }>(
      channel,
      'POST',
      `/${channel.externalId}/messages`,
      body,
    );
    const id = res.messages?.[0]?.id;
    if (!id)
      throw graphError(200, { error: { message: 'Graph API answered without a message id' } });
    return { providerMessageId: id };
  }

  async uploadMedia(
    channel: ChannelCredentials,
    file: { bytes: Buffer; mimeType: string; filename: string },
  ) {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mimeType);
    form.set(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }),
      file.filename,
    );
    const res = await this.call<{ id?: string }>(
      channel,
      'POST',
      `/${channel.externalId}/media`,
      form,
    );
    if (!res.id)
      throw graphError(200, { error: { message: 'Graph API answered without a media id' } });
    return res.id;
  }

  async fetchMedia(channel: ChannelCredentials, providerMediaId: string) {
    const meta = await this.call<{ url?: string; mime_type?: string }>(
      channel,
      'GET',
      `/${providerMediaId}`,
    );
    if (!meta.url) throw graphError(200, { error: { message: 'Media has no URL' } });
    let res: Response;
    try {
      res = await fetch(meta.url, {
        headers: { authorization: `Bearer ${channel.accessToken}` },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw graphError(null, null);
    }
    if (!res.ok) throw graphError(res.status, await res.json().catch(() => null));
    return {
      bytes: Buffer.from(await res.arrayBuffer()),
      mimeType: meta.mime_type ?? res.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  /**
   * Two reads with the channel's token: `GET /{phone-number-id}?fields=id` (the token can see
   * the number) and `GET /{waba-id}/phone_numbers` (the number is one of that WABA's). Meta's
   * `paging.next` is not followed as a URL (it names Meta's host, and would take the token with
   * it): the `after` cursor is asked for again from GRAPH_API_URL.
   */
  async verifyNumber(channel: ChannelCredentials): Promise<NumberVerification> {
    const signal = AbortSignal.timeout(VERIFY_TIMEOUT_MS);
    try {
      const number = await this.call<{ id?: string }>(
        channel,
        'GET',
        `/${channel.externalId}?fields=id,display_phone_number,verified_name`,
        undefined,
        signal,
      );
      if (number.id !== channel.externalId) return { verified: false, reason: 'number-unreadable' };
    } catch (err) {
      return refusal(err, 'number-unreadable');
    }
    if (!channel.wabaId) return { verified: false, reason: 'not-in-waba' };
    let after: string | undefined;
    for (let page = 0; page < PHONE_NUMBER_PAGES; page++) {
      const query = `fields=id&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      let list: PhoneNumberList;
      try {
        list = await this.call<PhoneNumberList>(
          channel,
          'GET',
          `/${channel.wabaId}/phone_numbers?${query}`,
          undefined,
          signal,
        );
      } catch (err) {
        return refusal(err, 'not-in-waba');
      }
      if (list.data?.some((n) => n.id === channel.externalId)) return { verified: true };
      after = list.paging?.next ? list.paging.cursors?.after : undefined;
      if (!after) break;
    }
    return { verified: false, reason: 'not-in-waba' };
  }

  async markRead(channel: ChannelCredentials, providerMessageId: string) {
    await this.call(channel, 'POST', `/${channel.externalId}/messages`, {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: providerMessageId,
    });
  }

  private async call<T>(
    channel: ChannelCredentials,
    method: string,
    path: string,
    body?: unknown,
    signal: AbortSignal = AbortSignal.timeout(TIMEOUT_MS),
  ): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${channel.accessToken}` };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await fetch(`${this.graphUrl}/${this.version}${path}`, {
        method,
        headers,
        body: payload,
        signal,
      });
    } catch {
      throw graphError(null, null);
    }
    const json = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) throw graphError(res.status, json);
    return json as T;
  }
}

/**
 * Meta judged the token or the object (190 bad token, 100/33 not visible, 10/200 no permission):
 * a refusal. Anything worth retrying (outage, timeout, rate limit) is not an answer: rethrown.
 */
function refusal(err: unknown, reason: 'number-unreadable' | 'not-in-waba'): NumberVerification {
  // A refused token is told apart for channel health (the owner's own channel); connecting
  // still answers every refusal with one sentence (modules/channels/verify.ts).
  if (err instanceof ProviderError && err.kind === 'token_invalid')
    return { verified: false, reason: 'token-invalid' };
  if (err instanceof ProviderError && !err.retryable) return { verified: false, reason };
  throw err;
}

/** Sapa's template fill → Meta's `template` object with positional components (reference §2.4). */
export function templateBody(t: TemplateSend): Record<string, unknown> {
  const components: Record<string, unknown>[] = [];
  if (t.headerMedia) {
    const m = t.headerMedia;
    const media: Record<string, unknown> = m.providerMediaId
      ? { id: m.providerMediaId }
      : { link: m.link };
    if (m.type === 'document' && m.filename) media.filename = m.filename;
    components.push({ type: 'header', parameters: [{ type: m.type, [m.type]: media }] });
  } else if (t.headerText) {
    components.push({ type: 'header', parameters: [{ type: 'text', text: t.headerText }] });
  }
  if (t.bodyParams.length)
    components.push({
      type: 'body',
      parameters: t.bodyParams.map((text) => ({ type: 'text', text })),
    });
  return {
    name: t.name,
    language: { code: t.language },
    ...(components.length ? { components } : {}),
  };
}
