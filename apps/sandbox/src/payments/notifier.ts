import type { Logger } from 'pino';
import { signatureKey } from './wire.js';

export type SignatureMode = 'valid' | 'forged' | 'none';
export type NotificationState = 'pending' | 'retrying' | 'delivered' | 'failed';

export interface NotificationAttempt {
  at: string;
  status?: number;
  error?: string;
  durationMs: number;
}

export interface NotificationRecord {
  id: string;
  orderId: string;
  transactionStatus: string;
  statusCode: string;
  url: string;
  /** Why it was sent: a status change, or a control-API re-send. */
  reason: string;
  signature: SignatureMode;
  body: string;
  state: NotificationState;
  attempts: NotificationAttempt[];
  nextAttemptAt?: string;
  createdAt: string;
}

export interface NotifierOptions {
  serverKey: string;
  /** Wait before each retry; its length is the number of retries. */
  retryMs: number[];
  timeoutMs: number;
  log: Logger;
}

export interface SendOptions {
  reason: string;
  signature?: SignatureMode;
  /** Off for one-shot deliveries (control re-sends asked to); Midtrans itself always retries. */
  retry?: boolean;
}

export interface SentNotification {
  record: NotificationRecord;
  firstAttempt: Promise<NotificationRecord>;
  settled: Promise<NotificationRecord>;
}

// Enough for the billing bench (2,000 orders × 50 duplicates) to read back its last rounds.
const MAX_LOG = 20_000;

/**
 * POSTs Midtrans HTTP notifications to Sapa and redelivers any answered with a non-2xx status, a
 * network error or nothing within the timeout, on the configured schedule.
 */
export class PaymentNotifier {
  private log: NotificationRecord[] = [];
  private seq = 0;
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private options: NotifierOptions) {}

  send(urls: string[], body: Record<string, unknown>, options: SendOptions): SentNotification[] {
    const signature = options.signature ?? 'valid';
    const payload = { ...body };
    if (signature === 'none') delete payload.signature_key;
    if (signature === 'forged') {
      // Signed with a key that is not the merchant's: right shape, wrong secret.
      payload.signature_key = signatureKey(
        String(payload.order_id),
        String(payload.status_code),
        String(payload.gross_amount),
        `${this.options.serverKey}-forged`,
      );
    }
    const text = JSON.stringify(payload);
    return urls.map((url) => this.queue(url, text, payload, signature, options));
  }

  list(filter: { orderId?: string; state?: string; limit?: number } = {}): NotificationRecord[] {
    const items = this.log.filter(
      (n) =>
        (!filter.orderId || n.orderId === filter.orderId) &&
        (!filter.state || n.state === filter.state),
    );
    return items.slice(-(filter.limit ?? 100)).reverse();
  }

  get(id: string): NotificationRecord | undefined {
    return this.log.find((n) => n.id === id);
  }

  clearLog(): void {
    this.log = [];
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private queue(
    url: string,
    body: string,
    payload: Record<string, unknown>,
    signature: SignatureMode,
    options: SendOptions,
  ): SentNotification {
    const record: NotificationRecord = {
      id: `ntf_${++this.seq}`,
      orderId: String(payload.order_id),
      transactionStatus: String(payload.transaction_status),
      statusCode: String(payload.status_code),
      url,
      reason: options.reason,
      signature,
      body,
      state: 'pending',
      attempts: [],
      createdAt: new Date().toISOString(),
    };
    this.log.push(record);
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);

    let resolveFirst: (r: NotificationRecord) => void = () => {};
    const firstAttempt = new Promise<NotificationRecord>((r) => (resolveFirst = r));
    const settled = new Promise<NotificationRecord>((resolve) => {
      const attempt = async (n: number) => {
        if (this.closed) {
          resolveFirst(record);
          return resolve(record);
        }
        const ok = await this.post(record);
        resolveFirst(record);
        const wait = this.options.retryMs[n - 1];
        if (ok || options.retry === false || wait === undefined || this.closed) {
          record.state = ok ? 'delivered' : 'failed';
          delete record.nextAttemptAt;
          if (!ok)
            this.options.log.warn({ notification: record.id }, 'payment notification given up');
          return resolve(record);
        }
        record.state = 'retrying';
        record.nextAttemptAt = new Date(Date.now() + wait).toISOString();
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          void attempt(n + 1);
        }, wait);
        this.timers.add(timer);
      };
      void attempt(1);
    });
    return { record, firstAttempt, settled };
  }

  private async post(record: NotificationRecord): Promise<boolean> {
    const started = Date.now();
    try {
      const res = await fetch(record.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': 'Veritrans',
        },
        body: record.body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      // Drain so the keep-alive socket is reused.
      await res.arrayBuffer().catch(() => undefined);
      record.attempts.push({
        at: new Date(started).toISOString(),
        status: res.status,
        durationMs: Date.now() - started,
      });
      return res.status >= 200 && res.status < 300;
    } catch (err) {
      const cause =
        err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      record.attempts.push({
        at: new Date(started).toISOString(),
        error: `${err instanceof Error ? err.message : String(err)}${cause}`,
        durationMs: Date.now() - started,
      });
      return false;
    }
  }
}
