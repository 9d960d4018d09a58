import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubPayment {
  transaction_status: string;
  fraud_status?: string;
  payment_type?: string;
  bank?: string;
  /** Gross rupiah given back (refunds). */
  refund_amount?: number;
  settlement_time?: string;
}

interface StubTransaction {
  orderId: string;
  grossAmount: number;
  token: string;
  body: unknown;
  payment: StubPayment | null;
}

/** Midtrans' status_code per transaction_status (expire is its non-standard 407). */
function statusCodeOf(p: StubPayment): string {
  switch (p.transaction_status) {
    case 'pending':
      return '201';
    case 'capture':
      return p.fraud_status === 'challenge' ? '201' : '200';
    case 'deny':
    case 'failure':
      return '202';
    case 'expire':
      return '407';
    default:
      return '200';
  }
}

/**
 * A programmable stand-in for Midtrans in server tests, speaking its wire format: Snap's
 * transactions API, the Core API's status (both with Basic auth by server key), and signed
 * notifications built the way Midtrans builds them. The full simulator with the payment page is
 * apps/sandbox.
 */
export class MidtransStub {
  readonly calls: { method: string; path: string; auth: string | undefined; body: unknown }[] = [];
  private readonly transactions = new Map<string, StubTransaction>();
  private server: Server | null = null;
  url = '';
  /** 'up' answers; 'down' answers 503; 'hang' never answers (the client's timeout fires). */
  mode: 'up' | 'down' | 'hang' = 'up';
  /** Milliseconds each Snap call takes (to make concurrent askers overlap). */
  snapDelayMs = 0;

  constructor(readonly serverKey: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  /** The buyer did something on the payment page: the order's payment is now in this state. */
  pay(orderId: string, payment: StubPayment): void {
    const tx = this.transactions.get(orderId);
    if (!tx) throw new Error(`no Snap transaction for ${orderId}`);
    tx.payment = payment;
  }

  /** A payment the stub never saw a Snap call for (a notification for someone else's order). */
  seed(orderId: string, grossAmount: number, payment: StubPayment): void {
    this.transactions.set(orderId, { orderId, grossAmount, token: 'seeded', body: null, payment });
  }

  snapCalls(): number {
    return this.calls.filter((c) => c.path === '/snap/v1/transactions').length;
  }

  statusCalls(orderId?: string): number {
    return this.calls.filter(
      (c) => c.path.endsWith('/status') && (!orderId || c.path === `/v2/${orderId}/status`),
    ).length;
  }

  /** The body Midtrans would POST for the order's current payment, signed with `key`. */
  notification(
    orderId: string,
    override?: StubPayment,
    key = this.serverKey,
  ): Record<string, unknown> {
    const tx = this.transactions.get(orderId);
    const payment = override ?? tx?.payment;
    if (!tx || !payment) throw new Error(`no payment for ${orderId}`);
    const statusCode = statusCodeOf(payment);
    const gross = tx.grossAmount.toFixed(2);
    return {
      ...this.fields(tx, payment),
      status_message: 'midtrans payment notification',
      signature_key: createHash('sha512')
        .update(orderId + statusCode + gross + key)
        .digest('hex'),
    };
  }

  private fields(tx: StubTransaction, p: StubPayment): Record<string, unknown> {
    const fields: Record<string, unknown> = {
      transaction_time: '2026-01-15 10:00:00',
      transaction_status: p.transaction_status,
      transaction_id: `tx-${tx.orderId}`,
      status_code: statusCodeOf(p),
      payment_type: p.payment_type ?? 'bank_transfer',
      order_id: tx.orderId,
      merchant_id: 'G000000000',
      gross_amount: tx.grossAmount.toFixed(2),
      fraud_status: p.fraud_status ?? 'accept',
      currency: 'IDR',
    };
    if (p.settlement_time) fields.settlement_time = p.settlement_time;
    if (p.bank) fields.va_numbers = [{ bank: p.bank, va_number: '12345678901' }];
    if (p.refund_amount !== undefined) fields.refund_amount = p.refund_amount.toFixed(2);
    return fields;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const path = req.url ?? '';
    this.calls.push({ method: req.method ?? 'GET', path, auth: req.headers.authorization, body });
    if (this.mode === 'hang') return;
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (this.mode === 'down')
      return send(503, { status_code: '503', status_message: 'Service unavailable' });
    const expected = `Basic ${Buffer.from(`${this.serverKey}:`).toString('base64')}`;
    if (path === '/snap/v1/transactions' && req.method === 'POST') {
      if (req.headers.authorization !== expected)
        return send(401, { error_messages: ['Access denied due to unauthorized transaction'] });
      if (this.snapDelayMs) await new Promise((r) => setTimeout(r, this.snapDelayMs));
      const b = body as { transaction_details?: { order_id?: string; gross_amount?: number } };
      const orderId = b.transaction_details?.order_id ?? '';
      if (this.transactions.has(orderId))
        return send(400, {
          error_messages: ['transaction_details.order_id has already been taken'],
        });
      const token = randomBytes(8).toString('hex');
      this.transactions.set(orderId, {
        orderId,
        grossAmount: b.transaction_details?.gross_amount ?? 0,
        token,
        body,
        payment: null,
      });
      return send(201, { token, redirect_url: `${this.url}/snap/v2/vtweb/${token}` });
    }
    const status = /^\/v2\/([^/]+)\/status$/.exec(path);
    if (status && req.method === 'GET') {
      if (req.headers.authorization !== expected)
        return send(401, { status_code: '401', status_message: 'Unauthorized' });
      const tx = this.transactions.get(decodeURIComponent(status[1]!));
      if (!tx?.payment)
        return send(404, { status_code: '404', status_message: "Transaction doesn't exist." });
      return send(200, {
        ...this.fields(tx, tx.payment),
        status_message: 'Success, transaction is found',
      });
    }
    send(404, { status_message: 'not found' });
  }
}
