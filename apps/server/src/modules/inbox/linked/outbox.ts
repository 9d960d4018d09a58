import type { Deps } from '../../../deps.js';
import { ProviderError } from '../../../channels/types.js';
import { backoffSeconds } from '../../../jobs/definitions.js';
import {
  fail,
  failOnRefusal,
  markSent,
  MAX_SEND_ATTEMPTS,
  prepareSend,
  windowFactsOf,
} from '../jobs/send-message.job.js';
import { giveUpMedia, storeInboundMedia } from '../jobs/fetch-media.job.js';
import { linkedOutboxRepo, type SendFence } from './repo.js';

/**
 * The pace of one linked number: at least a second between two sends, plus up to a second of
 * random jitter. WhatsApp logs out devices that look automated; a person cannot type faster, and
 * an even beat is what a bot looks like. Broadcasts never use a linked number.
 */
export const LINKED_SEND_GAP_MS = 1_000;
export const LINKED_SEND_JITTER_MS = 1_000;
/** How often the owner looks for work it was not woken for (sends queued in other processes). */
export const LINKED_POLL_MS = 1_000;
/**
 * A claim still 'sending' after this long belongs to a process that stopped mid-send (a send
 * call gives up well before): the message is declared in doubt, never sent again. Claims of an
 * older lease epoch are settled at once instead; this is the backstop for the rest.
 */
export const LINKED_IN_DOUBT_AFTER_MS = 90_000;
const MEDIA_ATTEMPTS = 6;
const BATCH = 50;

const IN_DOUBT = {
  code: null,
  title: 'Sending interrupted',
  message:
    'Sapa stopped while sending this message, so it may or may not have reached the customer. Check the chat on the phone before sending it again.',
};

export interface OutboxOptions {
  sleep(ms: number): Promise<void>;
  random(): number;
  now(): number;
  pollMs: number;
  /** Drained only by calling `drainOnce` (tests): no polling, and waking does nothing. */
  manual: boolean;
}

export interface DrainResult {
  sent: number;
  failed: number;
  retried: number;
  inDoubt: number;
  media: number;
  reads: number;
}

/** The outboxes this process runs, per database (tests run several apps in one process). */
const running = new WeakMap<object, Map<string, LinkedOutbox>>();

/** Wakes the number's outbox if this process owns it; else its owner finds the work by polling. */
export function wakeLinkedOutbox(deps: Pick<Deps, 'db'>, channelId: string): void {
  running.get(deps.db)?.get(channelId)?.wake();
}

/**
 * The queue of one linked number, drained by the process that owns its session (the messages
 * table is the queue: a message is `queue` until sent). Each message is claimed atomically before
 * the session is called and the claim is released only when the call surely sent nothing, so a
 * retry or a crash never sends twice. Inbound files of the number are downloaded here too: only
 * the owner's session can fetch them.
 */
export class LinkedOutbox {
  private open = false;
  private lastSendAt = Number.NEGATIVE_INFINITY;
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Inbound files that failed here: attempts so far, and when to try again. */
  private readonly mediaAttempts = new Map<string, { attempts: number; nextAt: number }>();
  private readonly options: OutboxOptions;

  constructor(
    private readonly deps: Deps,
    readonly channelId: string,
    private readonly fence: SendFence,
    options: Partial<OutboxOptions> = {},
  ) {
    this.options = {
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      random: Math.random,
      now: () => Date.now(),
      pollMs: LINKED_POLL_MS,
      manual: false,
      ...options,
    };
  }

  /** Starts polling and makes the outbox findable by `wakeLinkedOutbox`. */
  start(): void {
    const byChannel = running.get(this.deps.db) ?? new Map<string, LinkedOutbox>();
    running.set(this.deps.db, byChannel);
    byChannel.set(this.channelId, this);
    if (this.options.manual) return;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    // A new owner settles the claims its predecessor left at once, connected or not.
    this.wake();
  }

  /** The session connected (sends go out) or closed (they wait, queued). */
  setOpen(open: boolean): void {
    this.open = open;
    if (open) this.wake();
  }

  wake(): void {
    if (this.stopped || this.options.manual) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.loop()
      .catch((err: unknown) =>
        this.deps.log.warn({ err, channelId: this.channelId }, 'linked outbox drain failed'),
      )
      .finally(() => {
        this.draining = null;
      });
  }

  /** Stops taking work and waits for the send in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const byChannel = running.get(this.deps.db);
    if (byChannel?.get(this.channelId) === this) byChannel.delete(this.channelId);
    await this.draining;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      await this.drainOnce();
    } while (this.again && !this.stopped);
  }

  /**
   * One pass: in-doubt claims (an older epoch's at once), then queued messages in order (paced),
   * then inbound files.
   */
  async drainOnce(): Promise<DrainResult> {
    const result: DrainResult = {
      sent: 0,
      failed: 0,
      retried: 0,
      inDoubt: 0,
      media: 0,
      reads: 0,
    };
    const { db } = this.deps;
    const before = new Date(this.options.now() - LINKED_IN_DOUBT_AFTER_MS);
    const epoch = this.fence.epoch;
    for (const id of await linkedOutboxRepo.inDoubt(db, this.channelId, epoch, before)) {
      const prepared = await prepareSend(this.deps, id);
      if (prepared) await fail(this.deps, prepared.msg, IN_DOUBT);
      result.inDoubt++;
    }
    if (!this.open || this.stopped) return result;
    const ids = await linkedOutboxRepo.queued(db, this.channelId, this.nowDate(), BATCH);
    for (const id of ids) {
      if (!this.open || this.stopped) break;
      const outcome = await this.sendOne(id);
      if (outcome === 'fenced') return result;
      if (outcome) result[outcome]++;
      if (outcome === 'retried') break;
    }
    if (ids.length === BATCH) this.again = true;
    for (const id of await linkedOutboxRepo.pendingMedia(db, this.channelId, 10)) {
      if (!this.open || this.stopped) break;
      if (await this.fetchMedia(id)) result.media++;
    }
    result.reads = await this.tellReads();
    return result;
  }

  /**
   * 'fenced': this process no longer holds the number's lease, so it stops sending (the
   * supervisor closes the session at its next renewal; the new owner takes the queue).
   */
  private async sendOne(id: string): Promise<'sent' | 'failed' | 'retried' | 'fenced' | null> {
    const { deps } = this;
    await this.pace();
    const now = this.nowDate();
    const attempt = await linkedOutboxRepo.claim(deps.db, this.channelId, id, now, this.fence);
    if (attempt === null) return (await this.holdsLease()) ? null : 'fenced';
    const prepared = await prepareSend(deps, id);
    if (!prepared) return 'failed';
    const { msg, channel, outgoing } = prepared;
    // The lease may have moved since the claim (a pause, a slow query): nothing went out yet,
    // so the claim goes back for the new owner. If the new owner settled it first as
    // interrupted, it stays so; either way it is sent at most once.
    if (!(await this.holdsLease())) {
      await linkedOutboxRepo.release(deps.db, msg.id, now);
      return 'fenced';
    }
    this.lastSendAt = this.options.now();
    try {
      const sent = await channel.open.send(outgoing, windowFactsOf(deps, msg));
      await markSent(deps, msg, sent.providerMessageId);
      // The message is no longer queued, so nothing takes it again; a crash before this line
      // leaves a harmless row.
      await linkedOutboxRepo.done(deps.db, msg.id);
      return 'sent';
    } catch (err) {
      if (err instanceof ProviderError && err.retryable && attempt < MAX_SEND_ATTEMPTS) {
        // The drivers throw a retryable error only when nothing went out (not connected, slowed
        // down): the message may be taken again after a backoff.
        const retryAt = new Date(this.options.now() + backoffSeconds(attempt) * 1000);
        await linkedOutboxRepo.release(deps.db, msg.id, retryAt);
        deps.log.warn({ messageId: msg.id, attempt, kind: err.kind }, 'linked send; retrying');
        return 'retried';
      }
      if (err instanceof ProviderError) {
        await failOnRefusal(deps, msg, err);
        await linkedOutboxRepo.done(deps.db, msg.id);
        return 'failed';
      }
      // Not a classified refusal: the call may have reached WhatsApp. Never sent again.
      deps.log.error({ err, messageId: msg.id }, 'linked send failed in doubt');
      await fail(deps, msg, IN_DOUBT);
      return 'failed';
    }
  }

  /**
   * Blue ticks for the chats agents read. A lost read receipt is harmless: one WhatsApp refuses
   * is dropped; one that could not go out now stays for the next pass.
   */
  private async tellReads(): Promise<number> {
    const { db } = this.deps;
    let told = 0;
    for (const read of await linkedOutboxRepo.reads(db, this.channelId, 20)) {
      if (!this.open || this.stopped) break;
      try {
        await this.deps.channels
          .open('whatsapp_basic', { channelId: this.channelId })
          .markRead({ customerId: read.customer, lastProviderMessageId: read.provider_message_id });
        told++;
      } catch (err) {
        if (err instanceof ProviderError && err.retryable) break;
        this.deps.log.warn({ err, chatId: read.chat_id }, 'linked read receipt refused');
      }
      await linkedOutboxRepo.readDone(db, read.chat_id, read.provider_message_id);
    }
    return told;
  }

  private async holdsLease(): Promise<boolean> {
    const held = await linkedOutboxRepo.holds(this.deps.db, this.channelId, this.fence);
    if (!held)
      this.deps.log.warn(
        { channelId: this.channelId, epoch: this.fence.epoch },
        'linked outbox: lease lost, not sending',
      );
    return held;
  }

  /** Waits until the number's next send is due (the gap plus jitter since the last one). */
  private async pace(): Promise<void> {
    const due =
      this.lastSendAt + LINKED_SEND_GAP_MS + this.options.random() * LINKED_SEND_JITTER_MS;
    const wait = due - this.options.now();
    if (wait > 0) await this.options.sleep(wait);
  }

  private async fetchMedia(id: string): Promise<boolean> {
    const failed = this.mediaAttempts.get(id);
    if (failed && failed.nextAt > this.options.now()) return false;
    try {
      await storeInboundMedia(this.deps, id);
      this.mediaAttempts.delete(id);
      return true;
    } catch (err) {
      const attempts = (failed?.attempts ?? 0) + 1;
      const nextAt = this.options.now() + backoffSeconds(attempts) * 1000;
      this.mediaAttempts.set(id, { attempts, nextAt });
      const permanent = err instanceof ProviderError && !err.retryable;
      if (permanent || attempts >= MEDIA_ATTEMPTS) {
        this.mediaAttempts.delete(id);
        this.deps.log.error({ err, messageId: id }, 'linked inbound media could not be fetched');
        await giveUpMedia(this.deps, id);
      }
      return false;
    }
  }

  private nowDate(): Date {
    return new Date(this.options.now());
  }
}
