import type { Logger } from 'pino';
import { metaJson, signSha1, signSha256 } from './encode.js';

export type DeliveryState = 'pending' | 'retrying' | 'delivered' | 'failed';

export interface DeliveryAttempt {
  at: string;
  status?: number;
  error?: string;
  durationMs: number;
}

export interface Delivery {
  id: string;
  createdAt: string;
  url: string;
  kind: string;
  summary: string;
  body: string;
  signature: string | null;
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  nextAttemptAt?: string;
}

export interface DeliverOptions {
  kind: string;
  summary: string;
  /** Off for one-shot test deliveries; Meta itself always retries. */
  retry?: boolean;
  /** 'invalid' and 'none' let Sapa's tests see how it treats bad or missing signatures. */
  signature?: 'valid' | 'invalid' | 'none';
}

export interface DelivererOptions {
  url: string;
  secret: string;
  retryBaseMs: number;
  retryCapMs: number;
  maxAttempts: number;
  log: Logger;
}

const MAX_LOG = 1000;
const ATTEMPT_TIMEOUT_MS = 15_000;

/** Signs and POSTs webhooks to Sapa, retrying non-2xx answers and network errors with backoff. */
export class Deliverer {
  private log: Delivery[] = [];
  private seq = 0;
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private options: DelivererOptions) {}

  /**
   * Queues a delivery. `firstAttempt` resolves once the first POST has been answered (or failed),
   * `settled` once it was delivered or given up on.
   */
  deliver(
    payload: unknown,
    options: DeliverOptions,
  ): { delivery: Delivery; firstAttempt: Promise<Delivery>; settled: Promise<Delivery> } {
    const body = metaJson(payload);
    const mode = options.signature ?? 'valid';
    const signature =
      mode === 'none'
        ? null
        : signSha256(mode === 'invalid' ? `${body} ` : body, this.options.secret);
    const delivery: Delivery = {
      id: `dlv_${++this.seq}`,
      createdAt: new Date().toISOString(),
      url: this.options.url,
      kind: options.kind,
      summary: options.summary,
      body,
      signature,
      state: 'pending',
      attempts: [],
    };
    this.log.push(delivery);
    if (this.log.length > MAX_LOG) this.log.shift();

    let resolveFirst: (d: Delivery) => void = () => {};
    const firstAttempt = new Promise<Delivery>((r) => (resolveFirst = r));
    const settled = new Promise<Delivery>((resolve) => {
      const attempt = async (n: number) => {
        this.timers.delete(timer);
        if (this.closed) return resolve(delivery);
        const ok = await this.post(delivery, options.signature === 'valid' || !options.signature);
        resolveFirst(delivery);
        const retry = options.retry !== false && !ok && n < this.options.maxAttempts;
        if (ok || !retry || this.closed) {
          delivery.state = ok ? 'delivered' : 'failed';
          delete delivery.nextAttemptAt;
          if (!ok) this.options.log.warn({ delivery: delivery.id }, 'webhook delivery given up');
          return resolve(delivery);
        }
        const wait = Math.min(this.options.retryBaseMs * 2 ** (n - 1), this.options.retryCapMs);
        delivery.state = 'retrying';
        delivery.nextAttemptAt = new Date(Date.now() + wait).toISOString();
        timer = setTimeout(() => void attempt(n + 1), wait);
        this.timers.add(timer);
      };
      let timer = setTimeout(() => void attempt(1), 0);
      this.timers.add(timer);
    });
    return { delivery, firstAttempt, settled };
  }

  list(filter: { state?: string; limit?: number } = {}): Delivery[] {
    const items = this.log.filter((d) => !filter.state || d.state === filter.state);
    return items.slice(-(filter.limit ?? 100)).reverse();
  }

  get(id: string): Delivery | undefined {
    return this.log.find((d) => d.id === id);
  }

  clearLog(): void {
    this.log = [];
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private async post(delivery: Delivery, withSha1: boolean): Promise<boolean> {
    const started = Date.now();
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'facebookexternalua',
    };
    if (delivery.signature) headers['x-hub-signature-256'] = delivery.signature;
    if (delivery.signature && withSha1)
      headers['x-hub-signature'] = signSha1(delivery.body, this.options.secret);
    try {
      const res = await fetch(delivery.url, {
        method: 'POST',
        headers,
        body: delivery.body,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      // Drain so the keep-alive socket is reused.
      await res.arrayBuffer().catch(() => undefined);
      delivery.attempts.push({
        at: new Date(started).toISOString(),
        status: res.status,
        durationMs: Date.now() - started,
      });
      return res.status >= 200 && res.status < 300;
    } catch (err) {
      const cause =
        err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      delivery.attempts.push({
        at: new Date(started).toISOString(),
        error: `${err instanceof Error ? err.message : String(err)}${cause}`,
        durationMs: Date.now() - started,
      });
      return false;
    }
  }
}
