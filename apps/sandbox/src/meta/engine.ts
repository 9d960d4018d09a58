import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { SandboxConfig } from '../config.js';
import { META_INBOX_APP_ID, SAPA_APP_ID } from '../demo.js';
import type { PhoneEvents } from '../events.js';
import { newGraphObjectId, newInstagramMid, newMessengerMid } from '../ids.js';
import type { Delivery, Deliverer } from '../webhooks/delivery.js';
import { buildAction, type CustomerAction, type EventKind } from './customer-actions.js';
import type { Lookaside } from './lookaside.js';
import {
  deliveryEvent,
  echoEvent,
  metaWebhook,
  reactionEchoEvent,
  readEvent,
  urlAttachment,
  type EventBase,
  type MessagingEvent,
  type MetaPlatform,
} from './payloads.js';
import { storyPicture } from './png.js';
import type { AttachmentView, MetaCustomer, MetaMessage, MetaStore, Story } from './store.js';

export interface MetaEngineDeps {
  config: SandboxConfig;
  clock: Clock;
  store: MetaStore;
  lookaside: Lookaside;
  deliverer: Deliverer;
  events: PhoneEvents;
  log: Logger;
}

// The Page webhook field each Messenger event needs (reference instagram-messenger.md §1.1).
const MESSENGER_FIELDS: Record<EventKind, string> = {
  message: 'messages',
  postback: 'messaging_postbacks',
  reaction: 'message_reactions',
  read: 'message_reads',
  delivery: 'message_deliveries',
  echo: 'message_echoes',
};

export interface ActOptions {
  name?: string;
  username?: string;
  timestampMs?: number;
  /** Deliver in `entry[].standby[]`, as when another app owns the conversation. */
  standby?: boolean;
}

export interface WebhookOutcome {
  delivery: Delivery | null;
  /** Why no webhook was sent: Meta sends none to an app the Page has not subscribed. */
  skipped?: string;
}

// Opening Meta's windows: what a person sends; reading, reacting and unsending do not.
const OPENS_WINDOW = new Set([
  'text',
  'quick_reply',
  'attachment',
  'story_reply',
  'story_mention',
  'postback',
]);

/** The fake Messenger / Instagram: customers act, the business answers, webhooks follow. */
export class MetaEngine {
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private deps: MetaEngineDeps) {}

  newMid(platform: MetaPlatform, accountId: string): string {
    return platform === 'messenger' ? newMessengerMid() : newInstagramMid(accountId);
  }

  /** The business's story customers can answer; a new one replaces the old, as stories expire. */
  postStory(igId: string, caption: string): Story | undefined {
    const account = this.deps.store.getInstagramAccount(igId);
    if (!account) return undefined;
    const seed = Number(igId.slice(-4)) + (account.story ? 7 : 0);
    const asset = this.deps.store.putAsset({ bytes: storyPicture(seed), mimeType: 'image/png' });
    account.story = { id: newGraphObjectId(), assetId: asset.id, caption, createdAt: this.now() };
    return account.story;
  }

  customerActs(
    platform: MetaPlatform,
    accountId: string,
    userId: string,
    action: CustomerAction,
    options: ActOptions = {},
  ): WebhookOutcome & { mid?: string; message?: MetaMessage } {
    const { store } = this.deps;
    // A draft until the action is valid, so a refused action leaves no customer behind.
    const customer =
      store.findCustomer(accountId, userId) ?? store.draft(platform, accountId, userId, options);
    const timestamp = options.timestampMs ?? this.now();
    const base: EventBase = { user: userId, account: accountId, timestamp };
    const built = buildAction(
      {
        store,
        lookaside: this.deps.lookaside,
        mid: this.newMid(platform, accountId),
        publish: (m) => this.publish(customer, m),
      },
      customer,
      action,
      base,
    );
    store.keep(customer, options);
    if (OPENS_WINDOW.has(action.type)) {
      customer.wrote = true;
      customer.lastInboundAt = Math.max(customer.lastInboundAt ?? 0, timestamp);
    }
    if (built.message) {
      store.addMessage(customer, built.message);
      this.publish(customer, built.message);
    }
    const { settled, ...outcome } = this.deliver(
      platform,
      accountId,
      built.event,
      built.kind,
      options.standby,
    );
    const message = built.message;
    // "Delivered" under the customer's message once Sapa accepted the webhook (maybe after retries).
    void settled?.then((d) => {
      if (!this.closed && message && d.state === 'delivered' && message.status === 'sent')
        this.setStatus(customer, message, 'delivered');
    });
    return { ...outcome, mid: message?.mid ?? built.targetMid, message };
  }

  /** Sapa's Send API message, accepted: show it, then echo, delivery and (if open) read. */
  businessSends(
    customer: MetaCustomer,
    message: Omit<MetaMessage, 'mid' | 'from' | 'timestamp' | 'status'>,
  ) {
    const stored = this.deps.store.addMessage(customer, {
      ...message,
      mid: this.newMid(customer.platform, customer.accountId),
      from: 'business',
      timestamp: this.now(),
      status: 'sent',
      origin: 'api',
    });
    this.publish(customer, stored);
    void this.playOut(customer, stored, SAPA_APP_ID);
    return stored;
  }

  /** A person at the business replies in Meta's own app: Sapa hears of it only as an echo. */
  replyFromMetaApp(
    customer: MetaCustomer,
    content: { text?: string; attachment?: AttachmentView },
  ) {
    const stored = this.deps.store.addMessage(customer, {
      mid: this.newMid(customer.platform, customer.accountId),
      from: 'business',
      timestamp: this.now(),
      status: 'sent',
      origin: 'meta_app',
      ...(content.text ? { text: content.text } : {}),
      ...(content.attachment ? { attachments: [content.attachment] } : {}),
    });
    this.publish(customer, stored);
    const { delivery, skipped } = this.deliverEcho(customer, stored, META_INBOX_APP_ID);
    void this.playOut(customer, stored, null);
    return { message: stored, delivery, skipped };
  }

  /** The customer looks at the thread: what the business sent is now read (read webhook). */
  customerReads(customer: MetaCustomer): WebhookOutcome | null {
    const unread = customer.messages.filter((m) => m.from === 'business' && m.status !== 'read');
    if (!unread.length) return null;
    for (const m of unread) this.setStatus(customer, m, 'read');
    const last = unread[unread.length - 1]!;
    const base = { user: customer.userId, account: customer.accountId, timestamp: this.now() };
    const event = readEvent(customer.platform, base, { watermark: last.timestamp, mid: last.mid });
    const { delivery, skipped } = this.deliver(
      customer.platform,
      customer.accountId,
      event,
      'read',
    );
    return { delivery, skipped };
  }

  /** The business opened the thread (`sender_action: mark_seen`): the customer sees "Seen". */
  businessMarksSeen(customer: MetaCustomer): void {
    customer.seenByBusinessAt = this.now();
    for (const m of customer.messages)
      if (m.from === 'customer' && m.status !== 'read') m.status = 'read';
    this.deps.events.publish(customer.accountId, customer.userId, {
      type: 'seen',
      data: { at: customer.seenByBusinessAt },
    });
  }

  typing(customer: MetaCustomer, on: boolean): void {
    this.deps.events.publish(customer.accountId, customer.userId, { type: 'typing', data: { on } });
  }

  /** The business reacts to a message through the Send API (`sender_action: react`). */
  businessReacts(customer: MetaCustomer, mid: string, emoji: string | null): boolean {
    return this.react(customer, mid, emoji, SAPA_APP_ID) !== null;
  }

  /** A person at the business reacts in Meta's own app: Sapa hears of it only as an echo. */
  reactFromMetaApp(customer: MetaCustomer, mid: string, emoji: string | null) {
    return this.react(customer, mid, emoji, META_INBOX_APP_ID);
  }

  /** The business's reaction on the customer's phone, then its echo; null for an unknown mid. */
  private react(
    customer: MetaCustomer,
    mid: string,
    emoji: string | null,
    appId: number,
  ): WebhookOutcome | null {
    const target = customer.messages.find((m) => m.mid === mid);
    if (!target) return null;
    target.reactions = { ...target.reactions, business: emoji ?? undefined };
    this.publish(customer, target);
    const base = { user: customer.userId, account: customer.accountId, timestamp: this.now() };
    const { delivery, skipped } = this.deliver(
      customer.platform,
      customer.accountId,
      reactionEchoEvent(base, mid, emoji, appId),
      'echo',
    );
    return { delivery, skipped };
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private async playOut(customer: MetaCustomer, message: MetaMessage, echoAppId: number | null) {
    const delay = this.deps.config.statusDelayMs;
    await this.later(delay);
    if (echoAppId !== null) this.deliverEcho(customer, message, echoAppId);
    await this.later(delay);
    this.setStatus(customer, message, 'delivered');
    if (customer.platform === 'messenger') {
      const base = { user: customer.userId, account: customer.accountId };
      this.deliver(
        'messenger',
        customer.accountId,
        deliveryEvent(base, [message.mid], message.timestamp),
        'delivery',
      );
    }
    if (this.deps.events.isOpen(customer.accountId, customer.userId)) {
      await this.later(delay);
      this.customerReads(customer);
    }
  }

  private deliverEcho(customer: MetaCustomer, message: MetaMessage, appId: number): WebhookOutcome {
    const { store, lookaside } = this.deps;
    const attachments = (message.attachments ?? []).flatMap((a) => {
      if (a.type === 'template')
        return [{ type: 'template', payload: a.payload as Record<string, unknown> }];
      const asset = a.assetId ? store.getAsset(a.assetId) : undefined;
      return asset ? [urlAttachment(a.type, lookaside.url(asset.id, asset.mimeType))] : [];
    });
    const base = {
      user: customer.userId,
      account: customer.accountId,
      timestamp: message.timestamp,
    };
    const event = echoEvent(base, {
      mid: message.mid,
      appId,
      text: message.text,
      attachments,
      metadata: message.metadata,
    });
    return this.deliver(customer.platform, customer.accountId, event, 'echo');
  }

  /** Signs and posts one event, if Sapa's app is subscribed to it on the Page. */
  private deliver(
    platform: MetaPlatform,
    accountId: string,
    event: MessagingEvent,
    kind: EventKind,
    standby = false,
  ): WebhookOutcome & { settled?: Promise<Delivery> } {
    const subscription = this.deps.store.pageFor(platform, accountId)?.subscription;
    if (!subscription) return { delivery: null, skipped: 'The Page has not subscribed Sapa’s app' };
    // Instagram's own fields are app-level; only the Page subscription itself is checked.
    const field = standby ? 'standby' : MESSENGER_FIELDS[kind];
    if (platform === 'messenger' && !subscription.fields.includes(field))
      return { delivery: null, skipped: `The Page's subscription lacks the ${field} field` };
    const payload = metaWebhook(platform, accountId, [event], { time: this.now(), standby });
    const { delivery, settled } = this.deps.deliverer.deliver(payload, {
      kind: `${platform}.${kind}`,
      summary: `${kind} ${event.sender.id} → ${event.recipient.id}`,
    });
    return { delivery, settled };
  }

  private setStatus(customer: MetaCustomer, message: MetaMessage, status: MetaMessage['status']) {
    message.status = status;
    this.deps.events.publish(customer.accountId, customer.userId, {
      type: 'status',
      data: { id: message.mid, status },
    });
  }

  private publish(customer: MetaCustomer, message: MetaMessage): void {
    this.deps.events.publish(customer.accountId, customer.userId, {
      type: 'message',
      data: message,
    });
  }

  private now(): number {
    return this.deps.clock.now();
  }

  private later(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }
}
