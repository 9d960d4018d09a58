import type { MessageType } from '@sapa/contracts';
import type {
  DeliveryStatus,
  MessageEvent,
  NeutralEvent,
  Party,
  ReactionEvent,
  StatusEvent,
} from '../../../apps/server/src/channels/port.js';
import type {
  CloseReason,
  SessionEvent,
} from '../../../apps/server/src/channels/whatsapp-basic/connector.js';
import {
  WA_DISCONNECT,
  WA_STATUS,
  type Bytes,
  type Timestamp,
  type WaContent,
  type WaDisconnect,
  type WaKey,
  type WaLidMapping,
  type WaMedia,
  type WaMessage,
  type WaMessageUpdate,
  type WaReaction,
  type WaReceiptUpdate,
} from './shapes.js';

/**
 * Baileys events → the connector port's session events, as pure functions (issue 20 §1). The
 * socket (socket.ts) only forwards what Baileys emits to these, so everything Sapa decides about
 * an event is tested here over recorded shapes.
 */
export interface MapContext {
  /** channels.id: the channelExternalId of every event (the c20/i20 agreement). */
  channelId: string;
  includeGroups: boolean;
  /** Ids Sapa itself sent through session.send: their fromMe echoes are not handed back. */
  sentBySapa(providerMessageId: string): boolean;
  /** A group's subject when the session knows it (groups.upsert/update, groupMetadata). */
  groupSubject?(jid: string): string | null;
}

const digitsOf = (jid: string): string => (jid.split('@')[0] ?? '').split(':')[0] ?? '';
const isPhoneJid = (jid: string | null | undefined): jid is string =>
  !!jid && (jid.endsWith('@s.whatsapp.net') || jid.endsWith('@c.us'));
export const isLidJid = (jid: string | null | undefined): jid is string =>
  !!jid && jid.endsWith('@lid');
export const isGroupJid = (jid: string | null | undefined): boolean =>
  !!jid && jid.endsWith('@g.us');
/** Status updates, channels (newsletters) and broadcast lists are never conversations. */
const isIgnoredChat = (jid: string): boolean =>
  jid.endsWith('@broadcast') || jid.endsWith('@newsletter');

export function toDate(ts: Timestamp | null | undefined, fallback = new Date(0)): Date {
  if (ts === null || ts === undefined) return fallback;
  const seconds =
    typeof ts === 'number'
      ? ts
      : typeof ts === 'string'
        ? Number(ts)
        : ts.high * 2 ** 32 + (ts.low >>> 0);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : fallback;
}

export function bytesToBase64(value: Bytes | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return typeof value.data === 'string' ? value.data : Buffer.from(value.data).toString('base64');
}

/**
 * The customer of a chat. Identifier: phone digits when WhatsApp tells the phone (the chat's
 * JID, or the `@lid` chat's `remoteJidAlt`), else `<lid>@lid`; groups keep their `…@g.us`.
 */
export function partyOf(key: WaKey, name: string | null): Party {
  const chat = key.remoteJid ?? '';
  if (isGroupJid(chat)) return { identifier: chat, name: name ?? '', phone: null };
  const phoneJid = isPhoneJid(chat) ? chat : isPhoneJid(key.remoteJidAlt) ? key.remoteJidAlt : null;
  const phone = phoneJid ? digitsOf(phoneJid) : null;
  return {
    identifier: phone ?? `${digitsOf(chat)}@lid`,
    name: name ?? '',
    phone,
  };
}

/**
 * Who wrote a message in a group: Baileys names the group in `key.remoteJid` and the participant
 * in `key.participant` (v7: often a `@lid`, the phone in `key.participantAlt`); the push name is
 * the participant's own.
 */
export function groupSenderOf(key: WaKey, pushName: string | null) {
  const phoneJid = isPhoneJid(key.participantAlt)
    ? key.participantAlt
    : isPhoneJid(key.participant)
      ? key.participant
      : null;
  const phone = phoneJid ? digitsOf(phoneJid) : null;
  const who = key.participant ?? key.participantAlt ?? '';
  return {
    identifier: phone ?? `${digitsOf(who)}@lid`,
    name: pushName,
    phone,
  };
}

/** A `@lid` chat (or group sender) whose phone WhatsApp gave alongside it: a stable mapping for the inbox. */
export function identityOf(key: WaKey): { lid: string; phone: string } | null {
  if (isLidJid(key.remoteJid) && isPhoneJid(key.remoteJidAlt))
    return { lid: `${digitsOf(key.remoteJid)}@lid`, phone: digitsOf(key.remoteJidAlt) };
  if (isLidJid(key.participant) && isPhoneJid(key.participantAlt))
    return { lid: `${digitsOf(key.participant)}@lid`, phone: digitsOf(key.participantAlt) };
  return null;
}

/** Ephemeral, view-once and captioned-document wrappers → the content inside. */
export function unwrap(content: WaContent | null | undefined): WaContent | null {
  let c = content ?? null;
  for (let depth = 0; c && depth < 4; depth += 1) {
    const inner =
      c.ephemeralMessage?.message ??
      c.viewOnceMessage?.message ??
      c.viewOnceMessageV2?.message ??
      c.documentWithCaptionMessage?.message;
    if (!inner) return c;
    c = inner;
  }
  return c;
}

/**
 * What downloadMediaMessage needs to fetch and decrypt an attachment, packed into the media
 * ref's providerMediaId so fetchMedia works in any process and after restarts (no cache of
 * messages). Media URLs expire: the inbox fetches right after ingest.
 */
export interface MediaHandle {
  kind: 'image' | 'video' | 'audio' | 'document' | 'sticker';
  url: string | null;
  directPath: string | null;
  mediaKey: string;
  mimetype: string;
}

export const encodeMediaHandle = (handle: MediaHandle): string =>
  Buffer.from(JSON.stringify(handle)).toString('base64url');

export function decodeMediaHandle(id: string): MediaHandle | null {
  try {
    const parsed = JSON.parse(
      Buffer.from(id, 'base64url').toString('utf8'),
    ) as Partial<MediaHandle>;
    return typeof parsed.mediaKey === 'string' && typeof parsed.kind === 'string'
      ? (parsed as MediaHandle)
      : null;
  } catch {
    return null;
  }
}

const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'sticker'] as const;
const DEFAULT_MIME: Record<MediaHandle['kind'], string> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/ogg',
  document: 'application/octet-stream',
  sticker: 'image/webp',
};

interface Body {
  msgType: MessageType;
  text: string;
  payload: Record<string, unknown>;
  attachmentName: string | null;
  media: MessageEvent['media'];
  replyTo: string | null;
}

function mediaBody(kind: MediaHandle['kind'], m: WaMedia): Body | null {
  const mediaKey = bytesToBase64(m.mediaKey);
  if (!mediaKey) return null;
  const mimeType = m.mimetype?.split(';')[0]?.trim() || DEFAULT_MIME[kind];
  const sha = bytesToBase64(m.fileSha256);
  return {
    msgType: kind === 'sticker' ? 'image' : kind,
    text: m.caption ?? '',
    payload: {
      mediaKind: kind,
      ...(kind === 'sticker' ? { sticker: true } : {}),
      ...(kind === 'audio' && m.ptt ? { voice: true } : {}),
    },
    attachmentName: m.fileName ?? null,
    media: {
      source: 'provider_id',
      providerMediaId: encodeMediaHandle({
        kind,
        url: m.url ?? null,
        directPath: m.directPath ?? null,
        mediaKey,
        mimetype: m.mimetype ?? mimeType,
      }),
      mimeType,
      sha256: sha ? Buffer.from(sha, 'base64').toString('hex') : null,
      filename: m.fileName ?? null,
    },
    replyTo: m.contextInfo?.stanzaId ?? null,
  };
}

/** A message's content → Sapa's body; null for what is not a conversation message. */
export function bodyOf(content: WaContent | null | undefined): Body | null {
  const c = unwrap(content);
  if (!c) return null;
  const plain = (text: string, replyTo: string | null = null): Body => ({
    msgType: 'text',
    text,
    payload: {},
    attachmentName: null,
    media: null,
    replyTo,
  });
  if (typeof c.conversation === 'string') return plain(c.conversation);
  if (c.extendedTextMessage)
    return plain(
      c.extendedTextMessage.text ?? '',
      c.extendedTextMessage.contextInfo?.stanzaId ?? null,
    );
  for (const kind of MEDIA_KINDS) {
    const m = c[`${kind}Message`];
    if (m) return mediaBody(kind, m);
  }
  if (c.locationMessage) {
    const l = c.locationMessage;
    return {
      msgType: 'location',
      text: l.name ?? l.address ?? '',
      payload: {
        latitude: l.degreesLatitude ?? null,
        longitude: l.degreesLongitude ?? null,
        name: l.name ?? null,
        address: l.address ?? null,
      },
      attachmentName: null,
      media: null,
      replyTo: l.contextInfo?.stanzaId ?? null,
    };
  }
  if (c.contactMessage) {
    const k = c.contactMessage;
    return {
      msgType: 'contacts',
      text: k.displayName ?? '',
      payload: { displayName: k.displayName ?? null, vcard: k.vcard ?? null },
      attachmentName: null,
      media: null,
      replyTo: k.contextInfo?.stanzaId ?? null,
    };
  }
  // Reactions come as messages.reaction; protocol messages (revokes, key shares), polls and
  // the rest are not conversation messages.
  return null;
}

/** Whether a chat is one Sapa handles: no status/broadcast/newsletter, groups only when on. */
export function chatWanted(jid: string | null | undefined, includeGroups: boolean): jid is string {
  if (!jid || isIgnoredChat(jid)) return false;
  return includeGroups || !isGroupJid(jid);
}

/** One WAMessage → a message event, or null when it is not one Sapa stores. */
export function messageEventOf(ctx: MapContext, msg: WaMessage): MessageEvent | null {
  const { key } = msg;
  if (!key.id || !chatWanted(key.remoteJid, ctx.includeGroups)) return null;
  if (key.fromMe && ctx.sentBySapa(key.id)) return null;
  const body = bodyOf(msg.message);
  if (!body) return null;
  const group = isGroupJid(key.remoteJid);
  return {
    kind: 'message',
    channelExternalId: ctx.channelId,
    timestamp: toDate(msg.messageTimestamp),
    direction: key.fromMe ? 'outgoing' : 'incoming',
    origin: key.fromMe ? 'echo' : 'customer',
    appId: null,
    // An echo's pushName is the number's own: the customer is the chat. A group's chat is the
    // group, named by its subject; the push name there is the participant's (groupSender).
    customer: group
      ? partyOf(key, ctx.groupSubject?.(key.remoteJid) ?? null)
      : partyOf(key, key.fromMe ? null : (msg.pushName ?? null)),
    providerMessageId: key.id,
    msgType: body.msgType,
    text: body.text,
    payload:
      group && !key.fromMe
        ? { ...body.payload, groupSender: groupSenderOf(key, msg.pushName ?? null) }
        : body.payload,
    attachmentName: body.attachmentName,
    media: body.media,
    replyToProviderId: body.replyTo,
  };
}

/**
 * A list of WAMessages (messages.upsert, messaging-history.set) → session events in order:
 * identities learned from `@lid` chats first (so the inbox files the messages under the phone),
 * then one `events` batch (one reconnect's items in ONE batch, as the inbox sorts per batch).
 */
export function messagesToSessionEvents(
  ctx: MapContext,
  origin: 'live' | 'caught_up',
  messages: WaMessage[],
  mappings: WaLidMapping[] = [],
): SessionEvent[] {
  const out: SessionEvent[] = [];
  const seen = new Set<string>();
  const addIdentity = (identity: { lid: string; phone: string } | null) => {
    if (!identity || seen.has(identity.lid)) return;
    seen.add(identity.lid);
    out.push({ kind: 'identity', ...identity });
  };
  for (const m of mappings) addIdentity(identityOfMapping(m));
  const events: NeutralEvent[] = [];
  for (const msg of messages) {
    const event = messageEventOf(ctx, msg);
    if (!event) continue;
    addIdentity(identityOf(msg.key));
    events.push(event);
  }
  if (events.length) out.push({ kind: 'events', origin, events });
  return out;
}

/**
 * messages.upsert: `notify` arrived live, except while WhatsApp still hands over what came in
 * while Sapa was away (until `connection.update` says `receivedPendingNotifications`); `append`
 * is history or the number's own past.
 */
export const upsertOrigin = (type: string, offlinePending = false): 'live' | 'caught_up' =>
  type === 'notify' && !offlinePending ? 'live' : 'caught_up';

export function statusOf(code: number | null | undefined): DeliveryStatus | null {
  switch (code) {
    case WA_STATUS.ERROR:
      return 'failed';
    case WA_STATUS.SERVER_ACK:
      return 'sent';
    case WA_STATUS.DELIVERY_ACK:
      return 'delivered';
    case WA_STATUS.READ:
    case WA_STATUS.PLAYED:
      return 'read';
    default:
      return null;
  }
}

function statusEvent(ctx: MapContext, key: WaKey, status: DeliveryStatus, at: Date): StatusEvent {
  return {
    kind: 'status',
    channelExternalId: ctx.channelId,
    timestamp: at,
    providerMessageId: key.id ?? '',
    status,
    recipient: partyOf(key, null).identifier,
    error:
      status === 'failed'
        ? {
            code: null,
            title: 'WhatsApp did not deliver',
            message: 'WhatsApp reported the message as failed',
            kind: 'unknown',
            retryable: false,
          }
        : null,
    callbackData: null,
  };
}

/** messages.update → statuses of the number's own messages (edits and polls are not statuses). */
export function updatesToEvents(
  ctx: MapContext,
  updates: WaMessageUpdate[],
  now: Date,
): NeutralEvent[] {
  const out: NeutralEvent[] = [];
  for (const u of updates) {
    const status = statusOf(u.update.status);
    if (!status || !u.key.fromMe || !u.key.id || !chatWanted(u.key.remoteJid, ctx.includeGroups))
      continue;
    out.push(statusEvent(ctx, u.key, status, now));
  }
  return out;
}

/** message-receipt.update (per-recipient receipts) → the furthest status each one says. */
export function receiptsToEvents(ctx: MapContext, receipts: WaReceiptUpdate[]): NeutralEvent[] {
  const out: NeutralEvent[] = [];
  for (const r of receipts) {
    if (!r.key.fromMe || !r.key.id || !chatWanted(r.key.remoteJid, ctx.includeGroups)) continue;
    const { readTimestamp, playedTimestamp, receiptTimestamp } = r.receipt;
    const read = playedTimestamp ?? readTimestamp;
    if (read) out.push(statusEvent(ctx, r.key, 'read', toDate(read)));
    else if (receiptTimestamp)
      out.push(statusEvent(ctx, r.key, 'delivered', toDate(receiptTimestamp)));
  }
  return out;
}

/** messages.reaction → reaction events; an empty text takes the reaction back. */
export function reactionsToEvents(
  ctx: MapContext,
  reactions: WaReaction[],
  now: Date,
): NeutralEvent[] {
  const out: NeutralEvent[] = [];
  for (const r of reactions) {
    const own = r.reaction.key ?? null;
    if (!r.key.id || !chatWanted(r.key.remoteJid, ctx.includeGroups)) continue;
    const fromMe = !!own?.fromMe;
    if (fromMe && own?.id && ctx.sentBySapa(own.id)) continue;
    const ms = r.reaction.senderTimestampMs;
    const event: ReactionEvent = {
      kind: 'reaction',
      channelExternalId: ctx.channelId,
      timestamp: ms ? new Date(toDate(ms).getTime() / 1000) : now,
      direction: fromMe ? 'outgoing' : 'incoming',
      // The chat is the customer; the reaction's own key names the chat the same way.
      customer: partyOf({ ...r.key, remoteJidAlt: r.key.remoteJidAlt ?? own?.remoteJidAlt }, null),
      providerMessageId: own?.id ?? null,
      targetProviderMessageId: r.key.id,
      action: r.reaction.text ? 'react' : 'unreact',
      emoji: r.reaction.text || null,
      reaction: null,
      appId: null,
    };
    out.push(event);
  }
  return out;
}

export function identityOfMapping(m: WaLidMapping): { lid: string; phone: string } | null {
  const lid = digitsOf(m.lid);
  const phone = digitsOf(m.pn);
  return /^\d+$/.test(lid) && /^\d+$/.test(phone) ? { lid: `${lid}@lid`, phone } : null;
}

/** The status code Baileys closed with (a Boom's output.statusCode), when it says. */
export function statusCodeOf(disconnect: WaDisconnect | null | undefined): number | null {
  const err = disconnect?.error;
  if (!err || !('output' in err)) return null;
  return err.output?.statusCode ?? null;
}

/**
 * A close → the port's reason. 408 is both "connection lost" and "the QR was not scanned in
 * time"; it is the latter while the session was showing QR codes and never opened.
 */
export function closeReasonOf(code: number | null, showingQr: boolean): CloseReason {
  switch (code) {
    case WA_DISCONNECT.connectionClosed:
      return 'connection_closed';
    case WA_DISCONNECT.connectionLost:
      return showingQr ? 'qr_expired' : 'connection_lost';
    case WA_DISCONNECT.connectionReplaced:
      return 'connection_replaced';
    case WA_DISCONNECT.loggedOut:
      return 'logged_out';
    case WA_DISCONNECT.badSession:
      return 'bad_session';
    case WA_DISCONNECT.restartRequired:
      return 'restart_required';
    case WA_DISCONNECT.multideviceMismatch:
      return 'multidevice_mismatch';
    case WA_DISCONNECT.forbidden:
      return 'forbidden';
    case WA_DISCONNECT.unavailableService:
      return 'unavailable';
    default:
      return 'unknown';
  }
}
