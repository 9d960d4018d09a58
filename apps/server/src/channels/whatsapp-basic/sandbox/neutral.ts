import type { MessageType } from '@sapa/contracts';
import type { MessageEvent, NeutralEvent, Party, ReactionEvent, StatusEvent } from '../../port.js';
import type { CloseReason, SessionEvent } from '../connector.js';
import type { WireItem } from './frames.js';

type Sender = { phone: string | null; lid: string | null; name: string | null };

const isGroupChat = (chat: string) => chat.endsWith('@g.us');

/**
 * A customer as the events name them: their phone digits, or `<lid>@lid` while WhatsApp
 * withholds it. A group is one chat: the group's JID, named by its subject (never by whoever
 * wrote or reacted in it).
 */
function party(chat: string, sender: Sender | null, subject?: string): Party {
  if (isGroupChat(chat)) return { identifier: chat, name: subject ?? '', phone: null };
  return {
    identifier: chat,
    name: sender?.name ?? '',
    phone: sender?.phone ?? (/^\d+$/.test(chat) ? chat : null),
  };
}

/** Who wrote a message in a group (the wire's sender there is the participant). */
function groupSender(sender: Sender) {
  return {
    identifier: sender.phone ?? `${sender.lid ?? ''}@lid`,
    name: sender.name,
    phone: sender.phone,
  };
}

function messageEvent(channel: string, item: Extract<WireItem, { kind: 'message' }>): MessageEvent {
  const m = item.message;
  const msgType: MessageType = m.type === 'sticker' ? 'image' : m.type;
  const body: Record<string, unknown> =
    m.type === 'text'
      ? {}
      : { mediaKind: m.type, ...(m.type === 'sticker' ? { sticker: true } : {}) };
  return {
    kind: 'message',
    channelExternalId: channel,
    timestamp: new Date(m.timestamp),
    direction: m.fromMe ? 'outgoing' : 'incoming',
    origin: m.fromMe ? 'echo' : 'customer',
    appId: null,
    // An echo's sender is the number itself: the customer is the chat.
    customer: party(m.chat, m.fromMe ? null : m.sender, m.subject),
    providerMessageId: m.id,
    msgType,
    text: m.text ?? m.caption ?? '',
    payload:
      isGroupChat(m.chat) && !m.fromMe ? { ...body, groupSender: groupSender(m.sender) } : body,
    attachmentName: m.media?.filename ?? null,
    media: m.media
      ? {
          source: 'provider_id',
          providerMediaId: m.media.id,
          mimeType: m.media.mimeType,
          sha256: m.media.sha256,
          filename: m.media.filename,
        }
      : null,
    replyToProviderId: m.replyTo,
  };
}

/**
 * One frame's items → session events, in order: runs of messages, receipts and reactions as
 * one `events` batch each, identities as their own events between them.
 */
export function sessionEventsOf(
  channel: string,
  origin: 'live' | 'caught_up',
  items: WireItem[],
): SessionEvent[] {
  const out: SessionEvent[] = [];
  let batch: NeutralEvent[] = [];
  const flush = () => {
    if (batch.length) out.push({ kind: 'events', origin, events: batch });
    batch = [];
  };
  for (const item of items) {
    if (item.kind === 'identity') {
      flush();
      out.push({ kind: 'identity', lid: item.lid, phone: item.phone });
    } else if (item.kind === 'message') {
      batch.push(messageEvent(channel, item));
    } else if (item.kind === 'receipt') {
      for (const id of item.messageIds) {
        const status: StatusEvent = {
          kind: 'status',
          channelExternalId: channel,
          timestamp: new Date(item.timestamp),
          providerMessageId: id,
          status: item.status,
          recipient: item.chat,
          error: null,
          callbackData: null,
        };
        batch.push(status);
      }
    } else {
      const reaction: ReactionEvent = {
        kind: 'reaction',
        channelExternalId: channel,
        timestamp: new Date(item.timestamp),
        direction: item.fromMe ? 'outgoing' : 'incoming',
        customer: party(item.chat, item.fromMe ? null : item.sender),
        providerMessageId: item.reactionId,
        targetProviderMessageId: item.targetId,
        action: item.emoji ? 'react' : 'unreact',
        emoji: item.emoji || null,
        reaction: null,
        appId: null,
      };
      batch.push(reaction);
    }
  }
  flush();
  return out;
}

const REASONS: Record<string, CloseReason> = {
  connection_closed: 'connection_closed',
  connection_lost: 'connection_lost',
  timed_out: 'timed_out',
  qr_expired: 'qr_expired',
  connection_replaced: 'connection_replaced',
  logged_out: 'logged_out',
  bad_session: 'bad_session',
  restart_required: 'restart_required',
  multidevice_mismatch: 'multidevice_mismatch',
  forbidden: 'forbidden',
  unavailable: 'unavailable',
};

const BY_CODE: Record<number, CloseReason> = {
  4428: 'connection_closed',
  4408: 'connection_lost',
  4440: 'connection_replaced',
  4401: 'logged_out',
  4500: 'bad_session',
  4515: 'restart_required',
  4411: 'multidevice_mismatch',
  4403: 'forbidden',
  4503: 'unavailable',
};

/** A WebSocket close → the port's reason: by the name the sandbox gives, else by its code. */
export function closeReasonOf(code: number, reason: string): CloseReason {
  // 1006: the socket went away without a close (network, process killed).
  if (code === 1006) return 'connection_lost';
  return REASONS[reason] ?? BY_CODE[code] ?? (code === 1000 ? 'connection_closed' : 'unknown');
}
