import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
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
  // node:http with keep-alive rather than fetch: a duplicate storm is thousands of tiny POSTs, and
  // fetch's streams and abort signals cost more than the request itself.
  private agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: 256 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 256 }),
  };
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
    this.agents.http.destroy();
    this.agents.https.destroy();
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
    // Trimmed in batches: dropping one record per push would copy the whole log every time.
    if (this.log.length > MAX_LOG * 1.25) this.log.splice(0, this.log.length - MAX_LOG);

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
    let finished = false;
    // A request can fail more than one way at once (a timeout, then the reset it causes): the
    // first outcome is the attempt's.
    const done = (outcome: { status?: number; error?: string }) => {
      if (finished) return false;
      finished = true;
      record.attempts.push({
        at: new Date(started).toISOString(),
        ...outcome,
        durationMs: Date.now() - started,
      });
      return outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
    };
    return new Promise<boolean>((resolve) => {
      let url: URL;
      try {
        url = new URL(record.url);
      } catch {
        return resolve(done({ error: `invalid URL ${record.url}` }));
      }
      const secure = url.protocol === 'https:';
      const req = (secure ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          agent: secure ? this.agents.https : this.agents.http,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(record.body),
            accept: 'application/json',
            'user-agent': 'Veritrans',
          },
          timeout: this.options.timeoutMs,
        },
        (res) => {
          // Drained, so the keep-alive socket is reused; the answer's body is not needed.
          res.resume();
          res.on('end', () => resolve(done({ status: res.statusCode ?? 0 })));
          res.on('error', (err) => resolve(done({ error: err.message })));
          res.on('close', () => {
            if (!res.complete)
              resolve(done({ error: 'connection closed before the answer ended' }));
          });
        },
      );
      req.on('timeout', () =>
        req.destroy(new Error(`timeout: no answer within ${this.options.timeoutMs} ms`)),
      );
      req.on('error', (err) => resolve(done({ error: err.message })));
      req.end(record.body);
    });
  }
}
