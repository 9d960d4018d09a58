import type { Clock } from '../clock.js';
import { newGraphObjectId } from '../ids.js';
import type { MetaPlatform } from './payloads.js';

/** A Facebook Page: Messenger's business, and the door an Instagram account is reached through. */
export interface Page {
  pageId: string;
  name: string;
  category: string;
  accessToken: string | null;
  /** Tokens that worked once and were revoked or rotated away: Meta answers 190/460 for them. */
  deadTokens: string[];
  /** Sapa's app on this Page (`/{page-id}/subscribed_apps`); null when not subscribed. */
  subscription: { fields: string[]; at: number } | null;
  instagramAccountId?: string;
  avatarAssetId?: string;
}

export interface Story {
  id: string;
  assetId: string;
  caption: string;
  createdAt: number;
}

/** An Instagram professional account, linked to (and reached with the token of) a Page. */
export interface InstagramAccount {
  igId: string;
  username: string;
  name: string;
  pageId: string;
  story: Story | null;
  avatarAssetId?: string;
}

export type MetaStatus = 'sent' | 'delivered' | 'read';

export interface AttachmentView {
  type: string;
  assetId?: string;
  mimeType?: string;
  filename?: string;
  /** Template attachments keep their payload (buttons, elements) for the phone to draw. */
  payload?: unknown;
}

/** One bubble of a Messenger / Instagram thread, as the customer's app shows it. */
export interface MetaMessage {
  mid: string;
  from: 'customer' | 'business';
  timestamp: number;
  text?: string;
  attachments?: AttachmentView[];
  replyTo?: string;
  story?: { kind: 'reply' | 'mention'; id?: string; assetId: string };
  quickReplies?: Array<{ content_type: string; title?: string; payload?: string }>;
  /** The quick reply or postback button the customer tapped. */
  tapped?: { title: string; payload: string; kind: 'quick_reply' | 'postback' };
  reactions?: { customer?: string; business?: string };
  status: MetaStatus;
  deleted?: boolean;
  /** Business messages: sent by Sapa through the Send API, or typed in Meta's own apps. */
  origin?: 'api' | 'meta_app';
  messagingType?: string;
  tag?: string;
  metadata?: string;
}

export interface MetaCustomer {
  platform: MetaPlatform;
  /** The Page id (Messenger) or the Instagram account id. */
  accountId: string;
  /** The customer's PSID or IGSID: scoped to this Page / account, as Meta scopes them. */
  userId: string;
  name: string;
  username?: string;
  /** Whether the customer ever messaged the business: profile consent needs it. */
  wrote: boolean;
  /** False once the person blocked the business or left: sends answer 551. */
  available: boolean;
  /** Epoch ms of the customer's last message: opens the 24 h window and the 7-day human one. */
  lastInboundAt: number | null;
  /** When the business last marked the thread seen (Messenger `mark_seen`). */
  seenByBusinessAt: number | null;
  messages: MetaMessage[];
  /** Generated on the first profile read; served through an expiring CDN URL. */
  avatarAssetId?: string;
}

export interface StoredAsset {
  id: string;
  bytes: Buffer;
  mimeType: string;
  filename?: string;
  createdAt: number;
}

/** One Send API call Sapa made for a Page, refused or not: what tests check Sapa sent. */
export interface SentRecord {
  seq: number;
  at: string;
  pageId: string;
  platform: MetaPlatform;
  accountId: string;
  recipientId: string;
  messagingType?: string;
  tag?: string;
  senderAction?: string;
  message?: unknown;
  mid?: string;
  accepted: boolean;
  error?: { code: number; subcode?: number; message: string };
}

export interface Upload {
  id: string;
  pageId: string;
  type: string;
  assetId: string;
}

// Bounds keep a long-running sandbox from growing without limit.
const MAX_CUSTOMERS = 1000;
const MAX_MESSAGES = 500;
const MAX_ASSET_BYTES = 128 * 1024 * 1024;
const MAX_ASSETS = 2000;
const MAX_SENT = 5000;

const key = (accountId: string, userId: string) => `${accountId}:${userId}`;

/** In-memory state of the fake Messenger / Instagram: pages, accounts, threads, files, sends. */
export class MetaStore {
  private pages = new Map<string, Page>();
  private igAccounts = new Map<string, InstagramAccount>();
  private customers = new Map<string, MetaCustomer>();
  private midIndex = new Map<string, string>();
  private assets = new Map<string, StoredAsset>();
  private assetBytes = 0;
  private sentLog: SentRecord[] = [];
  private sentSeq = 0;
  private uploads = new Map<string, Upload>();

  constructor(private clock: Clock) {}

  addPage(input: {
    pageId: string;
    name: string;
    accessToken: string;
    category?: string;
    subscribedFields?: string[];
  }): Page {
    const page: Page = {
      pageId: input.pageId,
      name: input.name,
      category: input.category ?? 'Shopping & retail',
      accessToken: input.accessToken,
      deadTokens: [],
      subscription: input.subscribedFields
        ? { fields: [...input.subscribedFields], at: this.clock.now() }
        : null,
      instagramAccountId: this.pages.get(input.pageId)?.instagramAccountId,
    };
    this.pages.set(page.pageId, page);
    return page;
  }
  getPage(pageId: string): Page | undefined {
    return this.pages.get(pageId);
  }
  listPages(): Page[] {
    return [...this.pages.values()];
  }

  addInstagramAccount(input: Omit<InstagramAccount, 'story'>): InstagramAccount {
    const account: InstagramAccount = { ...input, story: null };
    this.igAccounts.set(account.igId, account);
    const page = this.pages.get(account.pageId);
    if (page) page.instagramAccountId = account.igId;
    return account;
  }
  getInstagramAccount(igId: string): InstagramAccount | undefined {
    return this.igAccounts.get(igId);
  }
  listInstagramAccounts(): InstagramAccount[] {
    return [...this.igAccounts.values()];
  }

  /** The Page whose token is this one; `dead` when the token was revoked or rotated away. */
  tokenOwner(token: string): { page: Page; dead: boolean } | undefined {
    for (const page of this.pages.values()) {
      if (page.accessToken === token) return { page, dead: false };
      if (page.deadTokens.includes(token)) return { page, dead: true };
    }
    return undefined;
  }

  /** The account a customer of this platform talks to, reachable with this Page's token. */
  accountOf(page: Page, platform: MetaPlatform): string | undefined {
    return platform === 'messenger' ? page.pageId : page.instagramAccountId;
  }

  /** The Page that answers for an account: itself for Messenger, the linked Page for Instagram. */
  pageFor(platform: MetaPlatform, accountId: string): Page | undefined {
    if (platform === 'messenger') return this.pages.get(accountId);
    const ig = this.igAccounts.get(accountId);
    return ig ? this.pages.get(ig.pageId) : undefined;
  }

  accountExists(platform: MetaPlatform, accountId: string): boolean {
    return platform === 'messenger' ? this.pages.has(accountId) : this.igAccounts.has(accountId);
  }

  /** The customer, created (never having written) when new; a given name updates it. */
  customer(
    platform: MetaPlatform,
    accountId: string,
    userId: string,
    defaults: { name?: string; username?: string } = {},
  ): MetaCustomer {
    return this.keep(
      this.findCustomer(accountId, userId) ?? this.draft(platform, accountId, userId, defaults),
      defaults,
    );
  }

  /** A customer not stored yet: actions that fail leave no trace. */
  draft(
    platform: MetaPlatform,
    accountId: string,
    userId: string,
    defaults: { name?: string; username?: string } = {},
  ): MetaCustomer {
    return {
      platform,
      accountId,
      userId,
      name: defaults.name || `Customer ${userId.slice(-4)}`,
      username: platform === 'instagram' ? defaults.username : undefined,
      wrote: false,
      available: true,
      lastInboundAt: null,
      seenByBusinessAt: null,
      messages: [],
    };
  }

  /** Stores a draft (or updates a stored customer's name), bounded like the rest. */
  keep(customer: MetaCustomer, names: { name?: string; username?: string } = {}): MetaCustomer {
    const k = key(customer.accountId, customer.userId);
    if (names.name) customer.name = names.name;
    if (names.username && customer.platform === 'instagram') customer.username = names.username;
    if (this.customers.get(k) === customer) return customer;
    this.customers.set(k, customer);
    if (this.customers.size > MAX_CUSTOMERS) {
      const oldest = this.customers.keys().next().value;
      if (oldest !== undefined) this.dropCustomer(oldest);
    }
    return customer;
  }
  findCustomer(accountId: string, userId: string): MetaCustomer | undefined {
    return this.customers.get(key(accountId, userId));
  }
  /** Whether any Page or account has a customer with this id (Graph routes claim the id). */
  knowsUser(userId: string): boolean {
    for (const c of this.customers.values()) if (c.userId === userId) return true;
    return false;
  }
  knowsMessage(mid: string): boolean {
    return this.midIndex.has(mid);
  }

  addMessage(customer: MetaCustomer, message: MetaMessage): MetaMessage {
    customer.messages.push(message);
    this.midIndex.set(message.mid, key(customer.accountId, customer.userId));
    while (customer.messages.length > MAX_MESSAGES) {
      const dropped = customer.messages.shift();
      if (dropped) this.midIndex.delete(dropped.mid);
    }
    return message;
  }
  findMessage(mid: string): { customer: MetaCustomer; message: MetaMessage } | undefined {
    const k = this.midIndex.get(mid);
    const customer = k ? this.customers.get(k) : undefined;
    const message = customer?.messages.find((m) => m.mid === mid);
    return customer && message ? { customer, message } : undefined;
  }

  putAsset(input: { bytes: Buffer; mimeType: string; filename?: string }): StoredAsset {
    const asset: StoredAsset = {
      id: newGraphObjectId(),
      bytes: input.bytes,
      mimeType: input.mimeType,
      filename: input.filename,
      createdAt: this.clock.now(),
    };
    this.assets.set(asset.id, asset);
    this.assetBytes += asset.bytes.length;
    while (this.assetBytes > MAX_ASSET_BYTES || this.assets.size > MAX_ASSETS) {
      const oldest = this.assets.keys().next().value;
      if (oldest === undefined || oldest === asset.id) break;
      const gone = this.assets.get(oldest);
      this.assets.delete(oldest);
      this.assetBytes -= gone?.bytes.length ?? 0;
    }
    return asset;
  }
  getAsset(id: string): StoredAsset | undefined {
    return this.assets.get(id);
  }

  addUpload(upload: Omit<Upload, 'id'>): Upload {
    const entry = { ...upload, id: newGraphObjectId() };
    this.uploads.set(entry.id, entry);
    return entry;
  }
  getUpload(id: string): Upload | undefined {
    return this.uploads.get(id);
  }

  recordSent(record: Omit<SentRecord, 'seq' | 'at'>): SentRecord {
    const entry: SentRecord = {
      ...record,
      seq: ++this.sentSeq,
      at: new Date(this.clock.now()).toISOString(),
    };
    this.sentLog.push(entry);
    if (this.sentLog.length > MAX_SENT) this.sentLog.shift();
    return entry;
  }
  sent(pageId: string): SentRecord[] {
    return this.sentLog.filter((r) => r.pageId === pageId);
  }

  reset(): void {
    this.pages.clear();
    this.igAccounts.clear();
    this.customers.clear();
    this.midIndex.clear();
    this.assets.clear();
    this.assetBytes = 0;
    this.sentLog = [];
    this.uploads.clear();
  }

  private dropCustomer(k: string): void {
    for (const m of this.customers.get(k)?.messages ?? []) this.midIndex.delete(m.mid);
    this.customers.delete(k);
  }
}
