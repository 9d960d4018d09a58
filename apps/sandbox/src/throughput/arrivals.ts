interface Meter {
  /** Arrival times (epoch ms) of the last second, oldest first from `head`. */
  times: number[];
  head: number;
  total: number;
  max: number;
  /** When the busiest window ended. */
  maxAt: number | null;
}

/**
 * Send requests arriving per number, as Meta counts them: by arrival, refused or not. Keeps the
 * most that arrived within any sliding 1-second window (t - 1 s, t], so a test or a benchmark can
 * check a sender's pacing without timing anything itself. Memory: one second of timestamps.
 */
export class ArrivalMeter {
  private readonly byNumber = new Map<string, Meter>();

  constructor(private readonly windowMs = 1000) {}

  record(phoneNumberId: string, at: number): void {
    let m = this.byNumber.get(phoneNumberId);
    if (!m) {
      m = { times: [], head: 0, total: 0, max: 0, maxAt: null };
      this.byNumber.set(phoneNumberId, m);
    }
    m.times.push(at);
    m.total += 1;
    while (m.head < m.times.length && m.times[m.head]! <= at - this.windowMs) m.head += 1;
    const inWindow = m.times.length - m.head;
    if (inWindow > m.max) {
      m.max = inWindow;
      m.maxAt = at;
    }
    if (m.head > 4096) {
      m.times = m.times.slice(m.head);
      m.head = 0;
    }
  }

  summary(phoneNumberId: string): {
    arrivals: number;
    maxPerSecond: number;
    busiestSecondEndedAt: string | null;
  } {
    const m = this.byNumber.get(phoneNumberId);
    return {
      arrivals: m?.total ?? 0,
      maxPerSecond: m?.max ?? 0,
      busiestSecondEndedAt: m?.maxAt != null ? new Date(m.maxAt).toISOString() : null,
    };
  }

  reset(phoneNumberId?: string): void {
    if (phoneNumberId) this.byNumber.delete(phoneNumberId);
    else this.byNumber.clear();
  }
}
