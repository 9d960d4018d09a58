import type { MessageType } from '@sapa/contracts';
import type {
  ChannelEvent,
  InboundMessage,
  ParsedWebhook,
  ProviderErrorInfo,
  StatusUpdate,
} from '../types.js';
import { arr, fromSeconds, obj, reactionBody, str, type Obj } from '../parse-helpers.js';

const seconds = (v: unknown): Date => fromSeconds(v, new Date());

/**
 * WhatsApp Cloud webhook → normalized events (reference §2.1–§2.3). Tolerant: unknown fields are
 * ignored, unknown message types become an information line an agent can understand.
 */
export function parseWhatsappWebhook(body: unknown): ParsedWebhook {
  const events: ChannelEvent[] = [];
  const ignored: ParsedWebhook['ignored'] = [];
  for (const entry of arr(obj(body).entry)) {
    for (const change of arr(obj(entry).changes)) {
      const field = str(obj(change).field);
      const value = obj(obj(change).value);
      const phoneNumberId = str(obj(value.metadata).phone_number_id);
      if (field !== 'messages') {
        ignored.push({ channelExternalId: phoneNumberId, reason: `field ${field ?? 'missing'}` });
        continue;
      }
      if (!phoneNumberId) {
        ignored.push({ channelExternalId: null, reason: 'no metadata.phone_number_id' });
        continue;
      }
      const names = new Map<string, string>();
      for (const c of arr(value.contacts)) {
        const waId = str(obj(c).wa_id);
        if (waId) names.set(waId, str(obj(obj(c).profile).name) ?? '');
      }
      for (const m of arr(value.messages)) {
        const parsed = parseMessage(obj(m), phoneNumberId, names);
        if (parsed) events.push(parsed);
        else
          ignored.push({
            channelExternalId: phoneNumberId,
            reason: 'message without id or sender',
          });
      }
      for (const s of arr(value.statuses)) {
        const parsed = parseStatus(obj(s), phoneNumberId);
        if (parsed) events.push(parsed);
        else
          ignored.push({
            channelExternalId: phoneNumberId,
            reason: `status ${str(obj(s).status) ?? 'missing'}`,
          });
      }
      for (const e of arr(value.errors)) {
        ignored.push({
          channelExternalId: phoneNumberId,
          reason: `error ${str(obj(e).code)}: ${str(obj(e).message) ?? ''}`,
        });
      }
    }
  }
  return { events, ignored };
}

function parseStatus(s: Obj, phoneNumberId: string): StatusUpdate | null {
  const id = str(s.id);
  const status = str(s.status);
  if (
    !id ||
    (status !== 'sent' && status !== 'delivered' && status !== 'read' && status !== 'failed')
  )
    return null;
  const first = obj(arr(s.errors)[0]);
  const error: ProviderErrorInfo | null =
    status === 'failed'
      ? {
          code: Number.isFinite(Number(first.code)) ? Number(first.code) : null,
          title: str(first.title) ?? 'Failed',
          message:
            str(obj(first.error_data).details) ??
            str(first.message) ??
            str(first.title) ??
            'Message failed',
        }
      : null;
  return {
    kind: 'status',
    channelExternalId: phoneNumberId,
    providerMessageId: id,
    status,
    timestamp: seconds(s.timestamp),
    recipient: str(s.recipient_id) ?? '',
    error,
    callbackData: str(s.biz_opaque_callback_data),
  };
}

function parseMessage(
  m: Obj,
  phoneNumberId: string,
  names: Map<string, string>,
): InboundMessage | null {
  const id = str(m.id);
  const from = str(m.from);
  if (!id || !from) return null;
  const type = str(m.type) ?? 'unsupported';
  const context = obj(m.context);
  const base: InboundMessage = {
    kind: 'message',
    channelExternalId: phoneNumberId,
    from: { identifier: from, name: names.get(from) ?? '', phone: from },
    providerMessageId: id,
    timestamp: seconds(m.timestamp),
    msgType: 'text',
    text: '',
    payload: {},
    attachmentName: null,
    media: null,
    replyToProviderId: str(context.id),
  };
  if (context.forwarded === true || context.frequently_forwarded === true)
    base.payload.forwarded = true;
  if (m.referral) base.payload.referral = m.referral;
  return { ...base, ...bodyOf(type, m) };
}

type Body =
  | Pick<InboundMessage, 'msgType' | 'text' | 'payload' | 'attachmentName' | 'media'>
  | Partial<InboundMessage>;

function bodyOf(type: string, m: Obj): Body {
  switch (type) {
    case 'text':
      return { msgType: 'text', text: str(obj(m.text).body) ?? '' };
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const media = obj(m[type]);
      const msgType: MessageType = type === 'sticker' ? 'image' : type;
      const mediaId = str(media.id);
      return {
        msgType,
        text: str(media.caption) ?? '',
        attachmentName: str(media.filename),
        payload: {
          mediaKind: type,
          ...(media.voice === true ? { voice: true } : {}),
          ...(type === 'sticker' ? { sticker: true } : {}),
        },
        media: mediaId
          ? {
              providerMediaId: mediaId,
              mimeType: str(media.mime_type) ?? 'application/octet-stream',
              sha256: str(media.sha256),
              filename: str(media.filename),
            }
          : null,
      };
    }
    case 'location': {
      const l = obj(m.location);
      const latitude = Number(l.latitude);
      const longitude = Number(l.longitude);
      return {
        msgType: 'location',
        text: str(l.name) ?? str(l.address) ?? `${latitude}, ${longitude}`,
        payload: {
          location: {
            latitude,
            longitude,
            name: str(l.name),
            address: str(l.address),
            url: str(l.url),
          },
        },
      };
    }
    case 'contacts': {
      const cards = arr(m.contacts).map(obj);
      const names = cards.map((c) => str(obj(c.name).formatted_name) ?? '').filter(Boolean);
      return { msgType: 'contacts', text: names.join(', '), payload: { contacts: cards } };
    }
    case 'interactive': {
      const i = obj(m.interactive);
      const kind = str(i.type);
      if (kind === 'button_reply') {
        const r = obj(i.button_reply);
        return {
          msgType: 'button',
          text: str(r.title) ?? '',
          payload: { reply: { id: str(r.id), title: str(r.title) } },
        };
      }
      if (kind === 'list_reply') {
        const r = obj(i.list_reply);
        return {
          msgType: 'listButton',
          text: str(r.title) ?? '',
          payload: {
            reply: { id: str(r.id), title: str(r.title), description: str(r.description) },
          },
        };
      }
      if (kind === 'nfm_reply') {
        const r = obj(i.nfm_reply);
        return {
          msgType: 'information',
          text: `Form submitted: ${str(r.body) ?? str(r.name) ?? 'flow response'}`,
          payload: { flow: r },
        };
      }
      return { msgType: 'information', text: 'Interactive reply', payload: { interactive: i } };
    }
    case 'button': {
      const b = obj(m.button);
      return {
        msgType: 'button',
        text: str(b.text) ?? '',
        payload: { reply: { id: str(b.payload), title: str(b.text) } },
      };
    }
    case 'reaction': {
      const r = obj(m.reaction);
      return reactionBody(str(r.emoji) ?? '', str(r.message_id));
    }
    case 'system': {
      const s = obj(m.system);
      return {
        msgType: 'information',
        text: str(s.body) ?? 'The customer changed their number',
        payload: { system: s },
      };
    }
    default: {
      const first = obj(arr(m.errors)[0]);
      return {
        msgType: 'information',
        text: `The customer sent a message type WhatsApp does not deliver to this app (${type})`,
        payload: { unsupported: { type, code: first.code ?? null, title: str(first.title) } },
      };
    }
  }
}
