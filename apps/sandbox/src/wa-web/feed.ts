import { createHash } from 'node:crypto';
import { newMediaId } from '../ids.js';
import {
  chatIdOf,
  newCustomer,
  newGroupJid,
  senderOf,
  LIMITS,
  type Chat,
  type ChatMessage,
  type Device,
  type Phone,
  type StoredMedia,
  type TickStatus,
} from './model.js';
import type { WireItem, WireMessage } from './protocol.js';
import { CallError, type WaChange } from './errors.js';
import type { Sessions } from './sessions.js';

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Chats, media and what each linked device is offered: every item is queued per device until
 * the device acknowledges it (sent at once when connected), so nothing is lost while away.
 */
export class Feed {
  private readonly media = new Map<string, StoredMedia>();
  private mediaBytes = 0;
  private readonly listeners = new Set<(phone: string, change: WaChange) => void>();
  private readonly closers = new Set<() => void>();
  private seq = 0;

  constructor(
    private readonly sessions: Sessions,
    private readonly now: () => number,
  ) {}

  onChange(listener: (phone: string, change: WaChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once when the sandbox stops (open event streams end then). */
  onClose(run: () => void): () => void {
    this.closers.add(run);
    return () => this.closers.delete(run);
  }

  changed(phone: string, change: WaChange): void {
    for (const listener of this.listeners) listener(phone, change);
  }

  mediaFor(id: string, deviceId: string, secret: string): StoredMedia | null {
    const device = this.sessions.deviceFor({ deviceId, secret });
    const media = this.media.get(id);
    return device && media && media.phone === device.phone ? media : null;
  }

  /** The phone page shows media of its own chats without device credentials. */
  mediaOfPhone(id: string, phone: string): StoredMedia | null {
    const media = this.media.get(id);
    return media && media.phone === phone ? media : null;
  }

  chatOf(phone: Phone, customerPhone: string, name?: string): Chat {
    let chat = phone.chats.get(customerPhone);
    if (!chat) {
      chat = { customer: newCustomer(customerPhone, name), messages: [] };
      phone.chats.set(customerPhone, chat);
    } else if (name) chat.customer.name = name;
    return chat;
  }

  /** A group with the number and these customers in it: one chat, keyed by its JID. */
  createGroup(phone: Phone, subject: string, members: { phone: string; name?: string | null }[]) {
    const jid = newGroupJid();
    const participants = members.map((m) => newCustomer(m.phone, m.name));
    const chat: Chat = {
      customer: { phone: jid, name: subject, lid: '', lidOnly: false },
      messages: [],
      group: { subject, participants },
    };
    phone.chats.set(jid, chat);
    this.changed(phone.phone, { type: 'phone' });
    return chat;
  }

  /** A chat by the address a device uses: the customer's phone or `<lid>@lid`. */
  chatByAddress(phone: Phone, address: string): Chat | null {
    const bare = address.replace(/^\+/, '');
    const direct = phone.chats.get(bare);
    if (direct) return direct;
    if (bare.endsWith('@lid')) {
      const lid = bare.slice(0, -4);
      return [...phone.chats.values()].find((c) => c.customer.lid === lid) ?? null;
    }
    // A number WhatsApp knows but that never wrote: sending opens the chat.
    return /^\d{5,20}$/.test(bare) ? this.chatOf(phone, bare) : null;
  }

  append(phone: Phone, chat: Chat, message: ChatMessage): void {
    chat.messages.push(message);
    if (chat.messages.length > LIMITS.messagesPerChat) chat.messages.shift();
    this.changed(phone.phone, { type: 'message', chat: chat.customer.phone, message });
  }

  tick(phone: Phone, chat: Chat, ids: string[], status: TickStatus): void {
    const order: TickStatus[] = ['sent', 'delivered', 'read'];
    const moved = chat.messages.filter(
      (m) => ids.includes(m.id) && m.status && order.indexOf(m.status) < order.indexOf(status),
    );
    if (!moved.length) return;
    for (const m of moved) {
      m.status = status;
      this.changed(phone.phone, { type: 'message', chat: chat.customer.phone, message: m });
    }
    this.offerReceipt(
      phone,
      chatIdOf(chat.customer),
      moved.map((m) => m.id),
      status,
    );
  }

  offerReceipt(phone: Phone, chat: string, ids: string[], status: TickStatus): void {
    this.offerAll(phone, {
      kind: 'receipt',
      chat,
      messageIds: ids,
      status,
      timestamp: this.now(),
    });
  }

  offerAll(phone: Phone, item: DistributiveOmit<WireItem, 'id'>): void {
    for (const device of this.sessions.devicesOf(phone.phone)) this.offer(device, item);
  }

  /** Queues an item for the device until it acknowledges it; sends it now if connected. */
  offer(
    device: Device,
    item: DistributiveOmit<WireItem, 'id'>,
    origin: 'live' | 'history' = 'live',
  ): void {
    const full = { ...item, id: `i${++this.seq}` } as WireItem;
    device.pending.push({ item: full, origin });
    if (device.pending.length > LIMITS.pendingPerDevice) device.pending.shift();
    if (origin === 'live') device.link?.send({ t: 'items', origin: 'live', items: [full] });
  }

  /** The phone's recent chats, offered once after the first scan (WhatsApp's history sync). */
  enqueueHistory(device: Device, phone: Phone): void {
    for (const chat of phone.chats.values()) {
      for (const m of chat.messages.slice(-LIMITS.historyPerChat)) {
        if (m.timestamp > device.linkedAt) continue;
        this.offer(device, { kind: 'message', message: this.wire(m, chat) }, 'history');
      }
    }
  }

  wire(m: ChatMessage, chat: Chat): WireMessage {
    const media = m.mediaId ? this.media.get(m.mediaId) : undefined;
    const author = m.author
      ? chat.group?.participants.find((p) => p.phone === m.author)
      : undefined;
    return {
      id: m.id,
      chat: chatIdOf(chat.customer),
      fromMe: m.fromMe,
      sender: m.fromMe
        ? { phone: chat.customer.phone, lid: null, name: null }
        : senderOf(author ?? chat.customer),
      ...(chat.group ? { subject: chat.group.subject } : {}),
      timestamp: m.timestamp,
      type: m.type,
      text: m.text,
      caption: m.caption,
      media: media
        ? {
            id: media.id,
            mimeType: media.mimeType,
            size: media.bytes.length,
            sha256: media.sha256,
            filename: media.filename,
          }
        : null,
      replyTo: m.replyTo,
    };
  }

  storeMedia(
    phone: string,
    bytes: Buffer,
    mimeType: string,
    filename: string | null | undefined,
  ): StoredMedia {
    if (bytes.length === 0) throw new CallError('media_empty', 'The file is empty');
    // Oldest first out once over the bound, as a CDN expires media.
    while (this.mediaBytes + bytes.length > LIMITS.mediaBytes && this.media.size) {
      const [oldest] = this.media.values();
      this.media.delete(oldest!.id);
      this.mediaBytes -= oldest!.bytes.length;
    }
    const media: StoredMedia = {
      id: newMediaId(),
      phone,
      bytes,
      mimeType,
      sha256: createHash('sha256').update(bytes).digest('base64'),
      filename: filename ?? null,
    };
    this.media.set(media.id, media);
    this.mediaBytes += bytes.length;
    return media;
  }

  contentKey(m: ChatMessage): string {
    const media = m.mediaId ? this.media.get(m.mediaId)?.sha256 : '';
    return `${m.type}:${m.text ?? m.caption ?? ''}:${media ?? ''}:${m.replyTo ?? ''}`;
  }

  /** The sandbox stops: open event streams end. */
  closed(): void {
    for (const run of [...this.closers]) run();
    this.closers.clear();
  }

  resetMedia(): void {
    this.media.clear();
    this.mediaBytes = 0;
  }
}
