const WINDOW_MS = 60_000;
const MAX_KEYS = 50_000;

export interface KeyRateResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window starts again (the `RateLimit-Reset` header). */
  resetSeconds: number;
}

/**
 * Requests per minute per API key, counted in this process's memory. The shared limiter
 * (lib/rate-limiter.ts) writes a row per attempt, which is right for sign-in throttles but would
 * put a database write in front of every one of the ≥ 1,000 sends a second a key must carry.
 * With several server processes each counts on its own, so the true ceiling is the limit times
 * the processes behind the load balancer (documented with API_KEY_RATE_LIMIT).
 */
export class KeyRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limit: number) {}

  hit(keyId: string, nowMs: number): KeyRateResult {
    let w = this.windows.get(keyId);
    if (!w || nowMs - w.start >= WINDOW_MS) {
      if (!w && this.windows.size >= MAX_KEYS) this.windows.clear();
      w = { start: nowMs, count: 0 };
      this.windows.set(keyId, w);
    }
    const resetSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - nowMs) / 1000));
    if (w.count >= this.limit)
      return { allowed: false, limit: this.limit, remaining: 0, resetSeconds };
    w.count++;
    return { allowed: true, limit: this.limit, remaining: this.limit - w.count, resetSeconds };
  }
}
