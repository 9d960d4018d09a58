import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { CloseName, MediaKind, ServerFrame, WireItem, WireSender } from './protocol.js';

/** One connected socket of a device, as the session service drives it. */
export interface DeviceLink {
  send(frame: ServerFrame): void;
  close(reason: CloseName): void;
}

export interface Customer {
  phone: string;
  name: string;
  lid: string;
  /** WhatsApp shows this customer by LID only (the phone is withheld) until revealed. */
  lidOnly: boolean;
}

export type TickStatus = 'sent' | 'delivered' | 'read';

export interface ChatMessage {
  id: string;
  /** Written on the number's side (a linked device such as Sapa, or the phone). */
  fromMe: boolean;
  type: 'text' | MediaKind;
  text: string | null;
  caption: string | null;
  mediaId: string | null;
  replyTo: string | null;
  timestamp: number;
  /** The number's own messages: how far they got on the customer's phone. */
  status: TickStatus | null;
  reactions: { customer?: string; business?: string };
  /** The linked device that sent it, when one did. */
  deviceId: string | null;
  /** In a group: the participant (phone digits) who wrote it; absent for the number's own. */
  author?: string;
}

/** A WhatsApp group the number is in: its subject and the customers in it. */
export interface GroupInfo {
  subject: string;
  participants: Customer[];
}

/**
 * A conversation of the number. A group is one too, keyed by its JID (`…@g.us`): its `customer`
 * stands for the group (the JID as its address, the subject as its name) and `group` lists who
 * is in it, as WhatsApp shows a group as one chat.
 */
export interface Chat {
  customer: Customer;
  messages: ChatMessage[];
  group?: GroupInfo;
}

/** The number's phone: its chats with customers and the devices linked to it. */
export interface Phone {
  phone: string;
  name: string;
  lid: string;
  /** The device's network is down: connections are refused and customers' messages queue. */
  offline: boolean;
  chats: Map<string, Chat>;
}

export interface PendingItem {
  item: WireItem;
  origin: 'live' | 'history';
}

export interface Device {
  id: string;
  secret: string;
  phone: string;
  /** What the device called itself (Baileys' browser name, "Sapa"). */
  client: string;
  linkedAt: number;
  lastSeenAt: number;
  /** Opened at least once after the scan (the first open carries history). */
  opened: boolean;
  /** Items offered and not yet acknowledged, in order: offered again on every connection. */
  pending: PendingItem[];
  link: DeviceLink | null;
}

export interface StoredMedia {
  id: string;
  phone: string;
  bytes: Buffer;
  mimeType: string;
  sha256: string;
  filename: string | null;
}

/** A connection waiting for a scan (showing QRs) or a pairing code. */
export interface PendingLogin {
  link: DeviceLink;
  client: string;
  qr: string | null;
  qrExpiresAt: number;
  qrCount: number;
  pairing: { code: string; phone: string } | null;
  /** Set once scanned: the device the connection now belongs to. */
  deviceId: string | null;
}

export const ALNUM = /[^A-Za-z0-9]/g;

export function newMessageId(): string {
  // WhatsApp's own ids are 3EB0 + 16–20 hex characters for Web clients.
  return `3EB0${randomBytes(10).toString('hex').toUpperCase()}`;
}

export function newQr(): string {
  const part = (n: number) => randomBytes(n).toString('base64');
  return `2@${randomBytes(24).toString('base64').replace(ALNUM, '')},${part(32)},${part(32)},${part(16)}`;
}

export function newPairingCode(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTVWXYZ23456789';
  const pick = () => letters[randomInt(0, letters.length)];
  return `${Array.from({ length: 4 }, pick).join('')}-${Array.from({ length: 4 }, pick).join('')}`;
}

/** WhatsApp's LID for a phone: a stable, unrelated 15-digit number. */
export function lidOf(phone: string): string {
  const hash = createHash('sha256').update(`lid:${phone}`).digest();
  return `1${(hash.readBigUInt64BE(0) % 10n ** 14n).toString().padStart(14, '0')}`;
}

/** A new group's JID: WhatsApp's are `120363` and twelve more digits, `@g.us`. */
export function newGroupJid(): string {
  const tail = Array.from({ length: 12 }, () => randomInt(0, 10)).join('');
  return `120363${tail}@g.us`;
}

export const isGroupJid = (address: string): boolean => address.endsWith('@g.us');

/** A customer as WhatsApp names them to the number (a new one gets a stable LID). */
export function newCustomer(phone: string, name?: string | null): Customer {
  return { phone, name: name ?? `+${phone}`, lid: lidOf(phone), lidOnly: false };
}

export function chatIdOf(customer: Customer): string {
  return customer.lidOnly ? `${customer.lid}@lid` : customer.phone;
}

export function senderOf(customer: Customer): WireSender {
  return {
    phone: customer.lidOnly ? null : customer.phone,
    lid: customer.lid,
    name: customer.name,
  };
}

/** Bounds keep a long-running sandbox (or a benchmark) from growing without limit. */
export const LIMITS = {
  devicesPerPhone: 4,
  messagesPerChat: 500,
  pendingPerDevice: 5000,
  historyPerChat: 20,
  participantsPerGroup: 10,
  mediaBytes: 256 * 1024 * 1024,
} as const;
