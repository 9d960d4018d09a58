import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { SandboxConfig } from './config.js';
import type { PhoneEvents } from './events.js';
import type { SendBody } from './graph/send-schema.js';
import { newWamid, unixSeconds } from './ids.js';
import type { BusinessNumber, ChatMessage, Conversation, MessageStatus, Store } from './store.js';
import type { Deliverer } from './webhooks/delivery.js';
import { StatusBatcher } from './throughput/status-batcher.js';
import {
  REENGAGEMENT_ERROR,
  statusValue,
  whatsappEnvelope,
  type GraphErrorDetail,
} from './webhooks/payloads.js';

const WINDOW_MS = 24 * 60 * 60 * 1000;

export interface MessagingDeps {
  config: SandboxConfig;
  clock: Clock;
  store: Store;
  deliverer: Deliverer;
  events: PhoneEvents;
  log: Logger;
}

interface SendContext {
  template: boolean;
  bizOpaque?: string;
  /** Graph major version of the call: v24+ omits `conversation` from statuses. */
  major: number;
}

/** What a customer writes, already validated; `content` is the Meta type object. */
export interface CustomerInput {
  name: string;
  type: string;
  content: unknown;
  contextId?: string;
  referral?: Record<string, unknown>;
  /** Extra top-level message fields, e.g. `errors` of an `unsupported` message. */
  extra?: Record<string, unknown>;
  timestampMs?: number;
}

export function publicMessage(m: ChatMessage) {
  return { ...m };
}

/** The fake Meta's behaviour: accepts sends, walks statuses forward, turns customer input into webhooks. */
export class Messaging {
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;
  private readonly statusBatcher: StatusBatcher<{
    number: BusinessNumber;
    status: Record<string, unknown>;
  }> | null;

  constructor(private deps: MessagingDeps) {
    const windowMs = deps.config.statusBatchMs ?? 0;
    this.statusBatcher =
      windowMs > 0
        ? new StatusBatcher(windowMs, 200, async (_key, items) => {
            const first = items[0];
            if (!first || this.closed) return;
            const statuses = items.flatMap((i) => i.status.statuses as unknown[]);
            await this.deps.deliverer.deliver(whatsappEnvelope(first.number, { statuses }), {
              kind: 'status',
              summary: `${statuses.length} statuses`,
            }).firstAttempt;
          })
        : null;
  }

  /** Accepts a validated send (the Graph answer is already decided) and plays out its statuses. */
  send(number: BusinessNumber, body: SendBody, version: string, forcedFailure?: GraphErrorDetail) {
    const { store, clock } = this.deps;
    const waId = body.to.replace(/^\+/, '');
    const wamid = newWamid();
    const conv = store.conversation(number.phoneNumberId, waId);
    const ctx: SendContext = {
      template: body.type === 'template',
      bizOpaque: body.biz_opaque_callback_data,
      major: Number(/^v(\d+)/.exec(version)?.[1] ?? 0),
    };
    const outsideWindow =
      !ctx.template &&
      (conv.lastInboundAt === null || clock.now() - conv.lastInboundAt > WINDOW_MS);
    const failure = forcedFailure ?? (outsideWindow ? REENGAGEMENT_ERROR : this.missingMedia(body));
    if (failure) {
      // Meta accepts the call and reports the failure later, in a status webhook.
      void this.later(this.deps.config.statusDelayMs).then(() =>
        this.emitStatus(number, conv, wamid, 'failed', ctx, [failure]),
      );
      return { wamid, waId };
    }
    const message: ChatMessage = {
      id: wamid,
      from: 'business',
      type: body.type,
      content: body[body.type],
      contextId: body.context?.message_id,
      timestamp: clock.now(),
      status: 'sent',
      ...(ctx.bizOpaque ? { bizOpaque: ctx.bizOpaque } : {}),
    };
    if (body.type === 'reaction' && body.reaction) {
      this.applyReaction(conv, body.reaction.message_id, 'business', body.reaction.emoji);
    }
    store.addMessage(conv, message);
    this.publishMessage(conv, message);
    void this.playStatuses(number, conv, message, ctx);
    return { wamid, waId };
  }

  /** Mark-as-read from the business: blue ticks on the customer's messages up to that one. */
  markRead(number: BusinessNumber, wamid: string, typing: boolean): boolean {
    const found = this.deps.store.findMessage(wamid);
    if (!found || found.conv.phoneNumberId !== number.phoneNumberId) return false;
    const { conv, message } = found;
    for (const m of conv.messages) {
      if (m.from === 'customer' && m.timestamp <= message.timestamp && m.status !== 'read') {
        this.setStatus(conv, m, 'read');
      }
    }
    if (typing)
      this.deps.events.publish(conv.phoneNumberId, conv.waId, {
        type: 'typing',
        data: { on: true },
      });
    return true;
  }

  /** The customer writes: record it, open the 24 h window, deliver the signed webhook. */
  customerWrites(number: BusinessNumber, waId: string, input: CustomerInput) {
    const { store, clock, deliverer } = this.deps;
    const conv = store.conversation(number.phoneNumberId, waId, input.name);
    const timestamp = input.timestampMs ?? clock.now();
    const wamid = newWamid();
    const metaMessage: Record<string, unknown> = {
      from: waId,
      id: wamid,
      timestamp: unixSeconds(timestamp),
      type: input.type,
      ...(input.content === undefined ? {} : { [input.type]: input.content }),
      ...input.extra,
    };
    if (input.contextId) {
      const target = store.findMessage(input.contextId);
      const from = target?.message.from === 'customer' ? waId : number.displayPhoneNumber;
      metaMessage.context = { from, id: input.contextId };
    }
    if (input.referral) metaMessage.referral = input.referral;
    conv.lastInboundAt = Math.max(conv.lastInboundAt ?? 0, timestamp);
    const message: ChatMessage = {
      id: wamid,
      from: 'customer',
      type: input.type,
      content: input.content,
      contextId: input.contextId,
      timestamp,
      status: 'sent',
    };
    if (input.type === 'reaction') {
      const reaction = input.content as { message_id: string; emoji?: string };
      this.applyReaction(conv, reaction.message_id, 'customer', reaction.emoji ?? '');
    }
    store.addMessage(conv, message);
    this.publishMessage(conv, message);
    const payload = whatsappEnvelope(number, {
      contacts: [{ profile: { name: conv.name }, wa_id: waId }],
      messages: [metaMessage],
    });
    const { delivery, settled } = deliverer.deliver(payload, {
      kind: 'message',
      summary: `${input.type} from ${waId}`,
    });
    // Two grey ticks once Sapa has accepted the webhook (possibly after retries).
    void settled.then((d) => {
      if (d.state === 'delivered' && message.status === 'sent')
        this.setStatus(conv, message, 'delivered');
    });
    return { wamid, delivery, message };
  }

  /** The phone page opened this chat: everything the business sent so far is now read. */
  openConversation(number: BusinessNumber, waId: string): void {
    const conv = this.deps.store.findConversation(number.phoneNumberId, waId);
    for (const m of conv?.messages ?? []) {
      if (conv && m.from === 'business' && m.status === 'delivered') {
        void this.readByCustomer(number, conv, m);
      }
    }
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private async playStatuses(
    number: BusinessNumber,
    conv: Conversation,
    message: ChatMessage,
    ctx: SendContext,
  ) {
    const delay = this.deps.config.statusDelayMs;
    await this.later(delay);
    // Each step waits for the previous webhook's first attempt so Sapa sees them in order.
    await this.emitStatus(number, conv, message.id, 'sent', ctx);
    await this.later(delay);
    this.setStatus(conv, message, 'delivered');
    await this.emitStatus(number, conv, message.id, 'delivered', ctx);
    if (this.deps.events.isOpen(conv.phoneNumberId, conv.waId)) {
      await this.later(delay);
      await this.readByCustomer(number, conv, message, ctx);
    }
  }

  private async readByCustomer(
    number: BusinessNumber,
    conv: Conversation,
    message: ChatMessage,
    ctx?: SendContext,
  ) {
    if (message.status !== 'delivered') return;
    this.setStatus(conv, message, 'read');
    // A read seen on the phone page later still echoes the sender's callback data, as Meta's does.
    await this.emitStatus(
      number,
      conv,
      message.id,
      'read',
      ctx ?? { template: false, major: 0, bizOpaque: message.bizOpaque },
    );
  }

  private async emitStatus(
    number: BusinessNumber,
    conv: Conversation,
    wamid: string,
    status: MessageStatus,
    ctx: SendContext,
    errors?: GraphErrorDetail[],
  ) {
    if (this.closed) return;
    const now = this.deps.clock.now();
    const value = statusValue({
      wamid,
      status,
      timestamp: unixSeconds(now),
      recipientId: conv.waId,
      bizOpaqueCallbackData: ctx.bizOpaque,
      conversation:
        ctx.major > 0 && ctx.major < 24 && status !== 'failed'
          ? {
              id: conv.metaConversationId,
              expiresAt: unixSeconds(now + WINDOW_MS),
              originType: ctx.template ? 'utility' : 'service',
            }
          : undefined,
      billable: status === 'read' ? undefined : { template: ctx.template },
      errors,
    });
    if (this.statusBatcher)
      return this.statusBatcher.add(number.phoneNumberId, { number, status: value });
    const { firstAttempt } = this.deps.deliverer.deliver(whatsappEnvelope(number, value), {
      kind: 'status',
      summary: `${status} ${wamid}`,
    });
    await firstAttempt;
  }

  private setStatus(conv: Conversation, message: ChatMessage, status: MessageStatus): void {
    message.status = status;
    this.deps.events.publish(conv.phoneNumberId, conv.waId, {
      type: 'status',
      data: { id: message.id, status },
    });
  }

  private publishMessage(conv: Conversation, message: ChatMessage): void {
    this.deps.events.publish(conv.phoneNumberId, conv.waId, {
      type: 'message',
      data: publicMessage(message),
    });
  }

  private applyReaction(
    conv: Conversation,
    targetId: string,
    by: 'customer' | 'business',
    emoji: string,
  ): void {
    const target = conv.messages.find((m) => m.id === targetId);
    if (!target) return;
    target.reactions = { ...target.reactions, [by]: emoji || undefined };
    this.publishMessage(conv, target);
  }

  private missingMedia(body: SendBody): GraphErrorDetail | undefined {
    const media = (body as Record<string, unknown>)[body.type] as { id?: string } | undefined;
    const isMedia = ['image', 'video', 'audio', 'document', 'sticker'].includes(body.type);
    if (!isMedia || !media?.id || this.deps.store.getMedia(media.id)) return undefined;
    return {
      code: 131053,
      title: 'Media upload error',
      message: 'Media upload error',
      error_data: { details: `Media id ${media.id} does not exist or has been deleted.` },
    };
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
