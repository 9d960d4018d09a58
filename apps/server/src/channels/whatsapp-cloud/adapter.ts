import type {
  ChannelAdapter,
  ChannelCredentials,
  OutgoingMessage,
  TemplateSend,
} from '../types.js';
import { graphError } from './errors.js';
import { parseWhatsappWebhook } from './parse.js';

const TIMEOUT_MS = 15_000;

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
    } else {
      body[message.type] = {
        id: message.providerMediaId,
        ...(message.caption && message.type !== 'audio' ? { caption: message.caption } : {}),
        ...(message.type === 'document' && message.filename ? { filename: message.filename } : {}),
      };
    }
    if (message.type !== 'template' && message.replyToProviderId)
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
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw graphError(null, null);
    }
    const json = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) throw graphError(res.status, json);
    return json as T;
  }
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
