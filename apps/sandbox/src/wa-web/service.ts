import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { CallError, type WaChange } from './errors.js';
import { Feed } from './feed.js';
import { WaLedger } from './ledger.js';
import {
  chatIdOf,
  newMessageId,
  senderOf,
  type Chat,
  type ChatMessage,
  type Device,
  type DeviceLink,
  type Phone,
} from './model.js';
import type { Call, ClientFrame, CloseName, MediaKind } from './protocol.js';
import { Sessions } from './sessions.js';

export { CallError, type WaChange };

export interface WaWebOptions {
  clock: Clock;
  log: Logger;
  qrTtlMs: number;
  qrMax: number;
  /** How long a message the device sent takes to reach the customer's phone (delivered). */
  deliverDelayMs: number;
}

export interface CustomerInput {
  type: 'text' | MediaKind;
  text?: string | null;
  caption?: string | null;
  media?: { bytes: Buffer; mimeType: string; filename?: string | null } | null;
  replyTo?: string | null;
  name?: string | null;
  /** WhatsApp shows this customer by LID only from now on, until `reveal`. */
  asLid?: boolean;
}

/**
 * The sandbox's WhatsApp servers and the number's phone in one (issue 20): devices link by QR,
 * customers write, the device gets every message as an item it must acknowledge (unacknowledged
 * ones are offered again on the next connection: offline delivery), sends, marks read, and
 * downloads media. The socket (socket.ts) and the control routes (routes.ts) drive it.
 */
export class WaWeb {
  readonly sessions: Sessions;
  readonly ledger = new WaLedger();
  readonly feed: Feed;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: WaWebOptions) {
    this.sessions = new Sessions(options);
    this.feed = new Feed(this.sessions, () => options.clock.now());
  }

  // ------------------------------------------------------------------ connections

  /** The first frame of a connection: log in by QR, or open with stored credentials. */
  hello(link: DeviceLink, frame: Extract<ClientFrame, { t: 'hello' }>): void {
    const client = frame.client ?? 'Unknown device';
    if (!frame.creds) return this.sessions.startLogin(link, client);
    const device = this.sessions.deviceFor(frame.creds);
    // Unknown or unlinked credentials: WhatsApp answers 401 and the device must log in again.
    if (!device) return link.close('logged_out');
    const phone = this.sessions.ensurePhone(device.phone);
    if (phone.offline) return link.close('connection_lost');
    // One connection per device: a newer one replaces the older (WhatsApp's 440).
    if (device.link) this.sessions.disconnect(device, 'connection_replaced');
    device.link = link;
    device.lastSeenAt = this.options.clock.now();
    this.sessions.linkDevice.set(link, device.id);
    const firstLink = !device.opened;
    link.send({ t: 'open', account: this.sessions.account(phone), firstLink });
    if (firstLink) {
      device.opened = true;
      this.feed.enqueueHistory(device, phone);
    }
    const history = device.pending.filter((p) => p.origin === 'history').map((p) => p.item);
    if (history.length) link.send({ t: 'items', origin: 'history', items: history });
    const offline = device.pending.filter((p) => p.origin === 'live').map((p) => p.item);
    if (offline.length) link.send({ t: 'items', origin: 'offline', items: offline });
    link.send({ t: 'offline_done', count: offline.length });
    this.feed.changed(device.phone, { type: 'devices' });
  }

  /** Frames after hello. */
  frame(link: DeviceLink, frame: ClientFrame): void {
    if (frame.t === 'paired_ack') return this.sessions.finishPairing(link);
    if (frame.t === 'hello') return link.close('bad_session');
    if (frame.t === 'ack') {
      const device = this.deviceOfLink(link);
      if (!device) return;
      const acked = new Set(frame.ids);
      device.pending = device.pending.filter((p) => !acked.has(p.item.id));
      return;
    }
    try {
      link.send({ t: 'result', req: frame.req, ok: true, data: this.call(link, frame.call) });
    } catch (err) {
      const known = err instanceof CallError;
      if (!known) this.options.log.error({ err }, 'wa-web call failed');
      link.send({
        t: 'result',
        req: frame.req,
        ok: false,
        error: {
          code: known ? err.code : 'internal',
          message: err instanceof Error ? err.message : String(err),
        },
      });
    }
  }

  closed(link: DeviceLink): void {
    this.sessions.endLogin(link);
    const device = this.deviceOfLink(link);
    this.sessions.linkDevice.delete(link);
    if (device && device.link === link) {
      device.link = null;
      this.feed.changed(device.phone, { type: 'devices' });
    }
  }

  private deviceOfLink(link: DeviceLink): Device | null {
    const id = this.sessions.linkDevice.get(link);
    return id ? (this.sessions.devices.get(id) ?? null) : null;
  }

  private call(link: DeviceLink, call: Call): unknown {
    if (call.op === 'pairing_code') {
      if (!this.sessions.isLoggingIn(link)) {
        throw new CallError('not_logging_in', 'This connection is already linked');
      }
      return { code: this.sessions.pairingCode(link, call.phone) };
    }
    const device = this.deviceOfLink(link);
    if (!device) throw new CallError('not_linked', 'Link the device first');
    const phone = this.sessions.ensurePhone(device.phone);
    if (call.op === 'logout') {
      // After the answer is on the wire: the device hears "done", then the logged_out close.
      queueMicrotask(() => {
        this.sessions.forget(device);
        this.feed.changed(phone.phone, { type: 'devices' });
      });
      return { loggedOut: true };
    }
    if (call.op === 'read') return this.deviceReads(phone, call.chat, call.ids);
    return this.deviceSends(device, phone, call);
  }

  // ------------------------------------------------------------------ the device's side

  private deviceSends(device: Device, phone: Phone, call: Extract<Call, { op: 'send' }>) {
    const chat = this.feed.chatByAddress(phone, call.to);
    if (!chat) throw new CallError('unknown_recipient', `${call.to} is not on WhatsApp`);
    let mediaId: string | null = null;
    if (call.type !== 'text') {
      if (!call.media) throw new CallError('media_missing', 'A media message needs its bytes');
      const bytes = Buffer.from(call.media.data, 'base64');
      mediaId = this.feed.storeMedia(
        phone.phone,
        bytes,
        call.media.mimeType,
        call.media.filename,
      ).id;
    } else if (!call.text?.trim()) {
      throw new CallError('empty_text', 'A text message needs text');
    }
    if (call.replyTo && !chat.messages.some((m) => m.id === call.replyTo)) {
      throw new CallError('unknown_quoted', 'The quoted message is not in this chat');
    }
    const message: ChatMessage = {
      id: newMessageId(),
      fromMe: true,
      type: call.type,
      text: call.type === 'text' ? (call.text ?? null) : null,
      caption: call.type === 'text' ? null : (call.caption ?? null),
      mediaId,
      replyTo: call.replyTo ?? null,
      timestamp: this.options.clock.now(),
      status: 'sent',
      reactions: {},
      deviceId: device.id,
    };
    this.feed.append(phone, chat, message);
    this.ledger.record(phone.phone, chat.customer.phone, this.feed.contentKey(message));
    const address = chatIdOf(chat.customer);
    // The other devices of the number see it as their own message, as on WhatsApp.
    for (const other of this.sessions.devicesOf(phone.phone)) {
      if (other.id !== device.id) {
        this.feed.offer(other, { kind: 'message', message: this.feed.wire(message, chat) });
      }
    }
    this.feed.offerReceipt(phone, address, [message.id], 'sent');
    this.later(
      () => this.feed.tick(phone, chat, [message.id], 'delivered'),
      this.options.deliverDelayMs,
    );
    return { id: message.id, timestamp: message.timestamp };
  }

  private deviceReads(phone: Phone, address: string, ids: string[]) {
    const chat = this.feed.chatByAddress(phone, address);
    if (!chat) throw new CallError('unknown_recipient', `${address} is not a chat`);
    let count = 0;
    for (const m of chat.messages) {
      if (!m.fromMe && ids.includes(m.id) && m.status !== 'read') {
        m.status = 'read';
        count += 1;
        this.feed.changed(phone.phone, { type: 'message', chat: chat.customer.phone, message: m });
      }
    }
    return { read: count };
  }

  // ------------------------------------------------------------------ the customers' side

  customerSends(phoneNumber: string, customerPhone: string, input: CustomerInput): ChatMessage {
    const phone = this.sessions.ensurePhone(phoneNumber);
    const chat = this.feed.chatOf(phone, customerPhone, input.name ?? undefined);
    if (input.asLid !== undefined) chat.customer.lidOnly = input.asLid;
    return this.inbound(phone, chat, input, undefined);
  }

  /** A group of the number's customers (the number is in it too). */
  createGroup(
    phoneNumber: string,
    subject: string,
    members: { phone: string; name?: string | null }[],
  ): Chat {
    const phone = this.sessions.ensurePhone(phoneNumber);
    const distinct = [...new Map(members.map((m) => [m.phone, m])).values()];
    if (distinct.some((m) => m.phone === phone.phone))
      throw new CallError('bad_participant', 'The number itself is in every group it has');
    return this.feed.createGroup(phone, subject, distinct);
  }

  /** A participant writes in a group: Sapa gets the group as the chat and them as the sender. */
  participantSends(
    phoneNumber: string,
    groupJid: string,
    participantPhone: string,
    input: CustomerInput,
  ): ChatMessage {
    const phone = this.sessions.ensurePhone(phoneNumber);
    const chat = phone.chats.get(groupJid);
    if (!chat?.group) throw new CallError('unknown_group', 'No such group on this number');
    if (!chat.group.participants.some((p) => p.phone === participantPhone))
      throw new CallError('not_a_participant', `+${participantPhone} is not in this group`);
    return this.inbound(phone, chat, input, participantPhone);
  }

  private inbound(
    phone: Phone,
    chat: Chat,
    input: CustomerInput,
    author: string | undefined,
  ): ChatMessage {
    let mediaId: string | null = null;
    if (input.type !== 'text') {
      if (!input.media) throw new CallError('media_missing', 'A media message needs a file');
      mediaId = this.feed.storeMedia(
        phone.phone,
        input.media.bytes,
        input.media.mimeType,
        input.media.filename ?? null,
      ).id;
    } else if (!input.text?.trim()) {
      throw new CallError('empty_text', 'A text message needs text');
    }
    if (input.replyTo && !chat.messages.some((m) => m.id === input.replyTo)) {
      throw new CallError('unknown_quoted', 'The quoted message is not in this chat');
    }
    const message: ChatMessage = {
      id: newMessageId(),
      fromMe: false,
      type: input.type,
      text: input.type === 'text' ? (input.text ?? null) : null,
      caption: input.type === 'text' ? null : (input.caption ?? null),
      mediaId,
      replyTo: input.replyTo ?? null,
      timestamp: this.options.clock.now(),
      status: 'delivered',
      reactions: {},
      deviceId: null,
      ...(author ? { author } : {}),
    };
    this.feed.append(phone, chat, message);
    this.feed.offerAll(phone, { kind: 'message', message: this.feed.wire(message, chat) });
    return message;
  }

  customerReacts(phoneNumber: string, customerPhone: string, targetId: string, emoji: string) {
    const phone = this.sessions.ensurePhone(phoneNumber);
    const chat = phone.chats.get(customerPhone);
    const target = chat?.messages.find((m) => m.id === targetId);
    if (!chat || !target) throw new CallError('unknown_message', 'No such message in this chat');
    if (emoji) target.reactions.customer = emoji;
    else delete target.reactions.customer;
    const reactionId = newMessageId();
    this.feed.offerAll(phone, {
      kind: 'reaction',
      chat: chatIdOf(chat.customer),
      reactionId,
      sender: senderOf(chat.customer),
      fromMe: false,
      targetId,
      emoji,
      timestamp: this.options.clock.now(),
    });
    this.feed.changed(phone.phone, { type: 'message', chat: customerPhone, message: target });
    return { id: reactionId };
  }

  /** The customer opened the chat: everything the number sent there is read (blue ticks). */
  customerReads(phoneNumber: string, customerPhone: string): { read: number } {
    const phone = this.sessions.ensurePhone(phoneNumber);
    const chat = phone.chats.get(customerPhone);
    if (!chat) return { read: 0 };
    const ids = chat.messages.filter((m) => m.fromMe && m.status !== 'read').map((m) => m.id);
    // A message the phone had not received yet is delivered first: ticks never skip a step.
    this.feed.tick(phone, chat, ids, 'delivered');
    if (ids.length) this.feed.tick(phone, chat, ids, 'read');
    return { read: ids.length };
  }

  /** WhatsApp tells the number's devices the phone behind a LID. */
  reveal(phoneNumber: string, customerPhone: string): { lid: string; phone: string } {
    const phone = this.sessions.ensurePhone(phoneNumber);
    const chat = this.feed.chatOf(phone, customerPhone);
    chat.customer.lidOnly = false;
    this.feed.offerAll(phone, { kind: 'identity', lid: chat.customer.lid, phone: customerPhone });
    return { lid: chat.customer.lid, phone: customerPhone };
  }

  // ------------------------------------------------------------------ the number's side

  /** Logged out from the phone's "Linked devices" (or by WhatsApp): the device must scan again. */
  logOut(deviceId: string): boolean {
    const device = this.sessions.devices.get(deviceId);
    if (!device) return false;
    this.sessions.forget(device);
    this.feed.changed(device.phone, { type: 'devices' });
    return true;
  }

  /** Cuts the device's connection with a reason, keeping the link (except logged_out). */
  drop(deviceId: string, reason: CloseName): boolean {
    const device = this.sessions.devices.get(deviceId);
    if (!device) return false;
    if (reason === 'logged_out') return this.logOut(deviceId);
    this.sessions.disconnect(device, reason);
    this.feed.changed(device.phone, { type: 'devices' });
    return true;
  }

  /** The devices' network goes down (connections cut and refused) or comes back. */
  setOffline(phoneNumber: string, offline: boolean): void {
    const phone = this.sessions.ensurePhone(phoneNumber);
    phone.offline = offline;
    if (offline) {
      for (const device of this.sessions.devicesOf(phone.phone)) {
        this.sessions.disconnect(device, 'connection_lost');
      }
    }
    this.feed.changed(phone.phone, { type: 'phone' });
  }

  private later(run: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.sessions.close();
    this.feed.closed();
  }

  reset(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.sessions.reset();
    this.feed.resetMedia();
    this.ledger.reset();
  }
}
