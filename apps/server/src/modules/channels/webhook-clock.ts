import type { Db } from '../../db/database.js';
import { channelsRepo } from './repo.js';

/** How long webhook times wait in memory before one statement writes them. */
export const WEBHOOK_STAMP_EVERY_MS = 5_000;

/**
 * "Last webhook received" without a write per webhook: under 2,000 messages a second an UPDATE
 * each would double ingest's writes on one hot row per channel. Each process keeps the newest
 * time per channel and writes them all in one statement at most every few seconds; a crash
 * loses at most those seconds of a timestamp nobody bills on.
 */
class WebhookClock {
  private readonly pending = new Map<string, Date>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  seen(channelIds: Iterable<string>, at: Date): void {
    for (const id of channelIds) {
      const known = this.pending.get(id);
      if (!known || known < at) this.pending.set(id, at);
    }
    if (this.pending.size > 0 && !this.timer) {
      this.timer = setTimeout(() => void this.flush(), WEBHOOK_STAMP_EVERY_MS);
      // A pending stamp must not keep a finished process (or a test run) alive.
      this.timer.unref();
    }
  }

  /** Writes what is pending now (also what tests call instead of waiting). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const stamps = [...this.pending].map(([id, at]) => ({ id, at }));
    this.pending.clear();
    this.flushing = this.flushing
      .then(() => channelsRepo.stampWebhooks(this.db, stamps))
      // A lost stamp is only a stale "last webhook" time: never an unhandled rejection.
      .catch(() => undefined);
    return this.flushing;
  }
}

const clocks = new WeakMap<Db, WebhookClock>();

/** This process's webhook clock for a database (tests run several apps in one process). */
export function webhookClockFor(db: Db): WebhookClock {
  let clock = clocks.get(db);
  if (!clock) {
    clock = new WebhookClock(db);
    clocks.set(db, clock);
  }
  return clock;
}
