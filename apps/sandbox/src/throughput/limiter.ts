import { GraphError } from '../graph/errors.js';

/** Meta's default per-number throughput and the upgraded ceiling (reference §2.8). */
export const DEFAULT_RATE = 80;
export const MAX_RATE = 1000;

interface Bucket {
  rate: number;
  tokens: number;
  at: number;
}

/**
 * Per phone number throughput, as Meta enforces it: a bucket refilled at the number's rate,
 * holding at most one second's worth; a send finding it empty is refused with 130429. Memory is
 * one small record per number.
 */
export class ThroughputLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly rates = new Map<string, number>();
  /** Sends refused for throughput since the last reset, per number. */
  private readonly refusedBy = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  setRate(phoneNumberId: string, rate: number): void {
    if (!Number.isInteger(rate) || rate < 1 || rate > MAX_RATE)
      throw new RangeError(`rate must be an integer from 1 to ${MAX_RATE}`);
    this.rates.set(phoneNumberId, rate);
    this.buckets.delete(phoneNumberId);
  }

  rateOf(phoneNumberId: string): number {
    return this.rates.get(phoneNumberId) ?? DEFAULT_RATE;
  }

  refused(phoneNumberId: string): number {
    return this.refusedBy.get(phoneNumberId) ?? 0;
  }

  /** Takes one message's worth; throws Meta's 130429 when the number is over its rate. */
  admit(phoneNumberId: string): void {
    const rate = this.rateOf(phoneNumberId);
    const now = this.now();
    const b = this.buckets.get(phoneNumberId) ?? { rate, tokens: rate, at: now };
    b.tokens = Math.min(rate, b.tokens + ((now - b.at) / 1000) * rate);
    b.at = now;
    this.buckets.set(phoneNumberId, b);
    if (b.tokens < 1) {
      this.refusedBy.set(phoneNumberId, this.refused(phoneNumberId) + 1);
      throw new GraphError(429, 130429, '(#130429) Rate limit hit', {
        transient: true,
        details: `Cloud API message throughput (${rate} messages/s) has been reached.`,
      });
    }
    b.tokens -= 1;
  }

  reset(): void {
    this.buckets.clear();
    this.rates.clear();
    this.refusedBy.clear();
  }
}
