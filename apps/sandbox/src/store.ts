import { createHash } from 'node:crypto';
import type { Clock } from './clock.js';
import { newMediaId, newToken } from './ids.js';

export interface BusinessNumber {
  phoneNumberId: string;
  displayPhoneNumber: string;
  wabaId: string;
  accessToken: string;
  name: string;
}

export type MessageStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** One bubble of a conversation, as the customer's phone sees it. */
export interface ChatMessage {
  id: string;
  /** Who wrote it: the customer (inbound to Sapa) or the business (sent through the Graph API). */
  from: 'customer' | 'business';
  type: string;
  /** The type-specific object exactly as sent or received (text, image, interactive …). */
  content: unknown;
  contextId?: string;
  timestamp: number;
  /** Reactions shown on the bubble; an empty emoji removes one, as on WhatsApp. */
  reactions?: { customer?: string; business?: string };
  status: MessageStatus;
  error?: string;
  /** The sender's biz_opaque_callback_data, echoed in every status of this message. */
  bizOpaque?: string;
}

export interface Conversation {
  phoneNumberId: string;
  waId: string;
  name: string;
  /** Epoch ms of the customer's last message: opens Meta's 24-hour customer service window. */
  lastInboundAt: number | null;
  metaConversationId: string;
  messages: ChatMessage[];
}

export interface StoredMedia {
  id: string;
  phoneNumberId: string;
  bytes: Buffer;
  mimeType: string;
  sha256: string;
  fileSize: number;
  filename?: string;
  createdAt: number;
}

// Bounds keep a long-running sandbox (or a benchmark) from growing without limit.
const MAX_CONVERSATIONS = 1000;
const MAX_MESSAGES_PER_CONVERSATION = 500;
const MAX_MEDIA_BYTES = 256 * 1024 * 1024;
const MAX_MEDIA_ITEMS = 2000;
const DOWNLOAD_URL_TTL_MS = 5 * 60 * 1000;

const convKey = (phoneNumberId: string, waId: string) => `${phoneNumberId}:${waId}`;

/** In-memory state of the fake Meta: numbers, conversations, messages and media. */
export class Store {
  private numbers = new Map<string, BusinessNumber>();
  private conversations = new Map<string, Conversation>();
  private messageIndex = new Map<string, string>();
  private media = new Map<string, StoredMedia>();
  private mediaBytes = 0;
  private downloadTokens = new Map<string, { mediaId: string; expiresAt: number }>();

  constructor(private clock: Clock) {}

  addNumber(number: BusinessNumber): BusinessNumber {
    this.numbers.set(number.phoneNumberId, { ...number });
    return number;
  }
  getNumber(phoneNumberId: string): BusinessNumber | undefined {
    return this.numbers.get(phoneNumberId);
  }
  listNumbers(): BusinessNumber[] {
    return [...this.numbers.values()];
  }
  /** Whether any number was registered with this token (Meta: a token that parses at all). */
  knowsToken(token: string): boolean {
    for (const n of this.numbers.values()) if (n.accessToken === token) return true;
    return false;
  }
  /** The numbers of one WhatsApp Business Account, in the order they were added. */
  numbersOfWaba(wabaId: string): BusinessNumber[] {
    return this.listNumbers().filter((n) => n.wabaId === wabaId);
  }

  conversation(phoneNumberId: string, waId: string, name?: string): Conversation {
    const key = convKey(phoneNumberId, waId);
    let conv = this.conversations.get(key);
    if (!conv) {
      conv = {
        phoneNumberId,
        waId,
        name: name || waId,
        lastInboundAt: null,
        metaConversationId: createHash('md5').update(key).digest('hex'),
        messages: [],
      };
      this.conversations.set(key, conv);
      if (this.conversations.size > MAX_CONVERSATIONS) {
        const oldest = this.conversations.keys().next().value;
        if (oldest !== undefined) this.dropConversation(oldest);
      }
    } else if (name) {
      conv.name = name;
    }
    return conv;
  }

  findConversation(phoneNumberId: string, waId: string): Conversation | undefined {
    return this.conversations.get(convKey(phoneNumberId, waId));
  }

  addMessage(conv: Conversation, message: ChatMessage): ChatMessage {
    conv.messages.push(message);
    this.messageIndex.set(message.id, convKey(conv.phoneNumberId, conv.waId));
    while (conv.messages.length > MAX_MESSAGES_PER_CONVERSATION) {
      const dropped = conv.messages.shift();
      if (dropped) this.messageIndex.delete(dropped.id);
    }
    return message;
  }

  findMessage(wamid: string): { conv: Conversation; message: ChatMessage } | undefined {
    const key = this.messageIndex.get(wamid);
    const conv = key ? this.conversations.get(key) : undefined;
    const message = conv?.messages.find((m) => m.id === wamid);
    return conv && message ? { conv, message } : undefined;
  }

  putMedia(input: {
    phoneNumberId: string;
    bytes: Buffer;
    mimeType: string;
    filename?: string;
  }): StoredMedia {
    const item: StoredMedia = {
      id: newMediaId(),
      phoneNumberId: input.phoneNumberId,
      bytes: input.bytes,
      mimeType: input.mimeType,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      fileSize: input.bytes.length,
      filename: input.filename,
      createdAt: this.clock.now(),
    };
    this.media.set(item.id, item);
    this.mediaBytes += item.fileSize;
    while (this.mediaBytes > MAX_MEDIA_BYTES || this.media.size > MAX_MEDIA_ITEMS) {
      const oldest = this.media.keys().next().value;
      if (oldest === undefined || oldest === item.id) break;
      this.deleteMedia(oldest);
    }
    return item;
  }
  getMedia(id: string): StoredMedia | undefined {
    return this.media.get(id);
  }
  deleteMedia(id: string): boolean {
    const item = this.media.get(id);
    if (!item) return false;
    this.media.delete(id);
    this.mediaBytes -= item.fileSize;
    return true;
  }

  /** Meta's media URLs are short-lived; the token in the query string models that. */
  issueDownloadToken(mediaId: string): string {
    const now = this.clock.now();
    for (const [token, entry] of this.downloadTokens) {
      if (entry.expiresAt <= now) this.downloadTokens.delete(token);
    }
    const token = newToken();
    this.downloadTokens.set(token, { mediaId, expiresAt: now + DOWNLOAD_URL_TTL_MS });
    return token;
  }
  checkDownloadToken(mediaId: string, token: string | undefined): boolean {
    const entry = token ? this.downloadTokens.get(token) : undefined;
    return !!entry && entry.mediaId === mediaId && entry.expiresAt > this.clock.now();
  }

  reset(): void {
    this.numbers.clear();
    this.conversations.clear();
    this.messageIndex.clear();
    this.media.clear();
    this.mediaBytes = 0;
    this.downloadTokens.clear();
  }

  private dropConversation(key: string): void {
    const conv = this.conversations.get(key);
    for (const m of conv?.messages ?? []) this.messageIndex.delete(m.id);
    this.conversations.delete(key);
  }
}
