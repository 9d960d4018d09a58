import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxConfig } from '../config.js';
import {
  basicAuth,
  testPaymentSandbox,
  WebhookReceiver,
  type ReceivedWebhook,
} from '../test/helpers.js';

let app: FastifyInstance;
let receiver: WebhookReceiver;
let config: SandboxConfig;

afterEach(async () => {
  await app.close();
  await receiver.stop();
});

async function start(payments: Partial<SandboxConfig['payments']> = {}) {
  ({ app, receiver, config } = await testPaymentSandbox(payments));
}

type Notification = Record<string, string | undefined>;
const body = (hook: ReceivedWebhook) => JSON.parse(hook.raw.toString('utf8')) as Notification;
const notifications = () => receiver.received.map(body);

/** Recomputed here from the notification's own fields: what Sapa's verifier does. */
const expectedSignature = (n: Notification, serverKey: string) =>
  createHash('sha512')
    .update(`${n.order_id}${n.status_code}${n.gross_amount}${serverKey}`)
    .digest('hex');

async function createOrder(orderId: string, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/snap/v1/transactions',
    headers: { ...basicAuth(config.payments.serverKey), ...headers },
    payload: {
      transaction_details: { order_id: orderId, gross_amount: 100_000 },
      item_details: [{ id: 'topup', name: 'Top-up', price: 100_000, quantity: 1 }],
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ token: string }>().token;
}

const control = (orderId: string, action: string, payload: object = {}, wait = true) =>
  app.inject({
    method: 'POST',
    url: `/sandbox/payments/${orderId}/${action}${wait ? '?wait=1' : ''}`,
    payload,
  });

interface LoggedNotification {
  id: string;
  transactionStatus: string;
  state: string;
  signature: string;
  attempts: Array<{ status?: number; error?: string }>;
}

async function logged(orderId: string): Promise<LoggedNotification[]> {
  const res = await app.inject({ url: `/sandbox/payments/notifications?orderId=${orderId}` });
  return res.json<{ data: LoggedNotification[] }>().data;
}

async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('payment notifications', () => {
  it('POSTs Midtrans’ fields on every status change, signed SHA512(order+code+gross+key)', async () => {
    await start();
    await createOrder('N-1');
    await control('N-1', 'pay', { method: 'bca_va' });
    await receiver.waitFor(() => receiver.received.length >= 2);
    // Midtrans does not promise order between a payment's notifications; neither does the sandbox.
    const pending = notifications().find((n) => n.transaction_status === 'pending');
    const settlement = notifications().find((n) => n.transaction_status === 'settlement');
    expect(pending).toMatchObject({
      order_id: 'N-1',
      transaction_status: 'pending',
      status_code: '201',
      gross_amount: '100000.00',
      payment_type: 'bank_transfer',
      status_message: 'midtrans payment notification',
      currency: 'IDR',
      fraud_status: 'accept',
    });
    expect(settlement).toMatchObject({ transaction_status: 'settlement', status_code: '200' });
    expect(settlement?.settlement_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(settlement?.transaction_id).toBe(pending?.transaction_id);
    for (const n of notifications()) {
      expect(n.signature_key).toBe(expectedSignature(n, config.payments.serverKey));
      expect(n.signature_key).not.toBe(expectedSignature(n, 'another-key'));
    }
    const hook = receiver.received[0]!;
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers.authorization).toBeUndefined();
    // The status API tells the same story with the same signature.
    const status = await app.inject({
      url: '/v2/N-1/status',
      headers: basicAuth(config.payments.serverKey),
    });
    expect(status.json()).toMatchObject({
      transaction_status: 'settlement',
      signature_key: settlement?.signature_key,
    });
  });

  it('redelivers on a 500 until Sapa answers 2xx, the same body each time', async () => {
    await start();
    await createOrder('N-2');
    receiver.replies = [500, 503, 200];
    const res = await control('N-2', 'pending', { method: 'qris' });
    expect(res.json()).toMatchObject({ notifications: [{ answer: 500, state: 'retrying' }] });
    await until(async () => (await logged('N-2'))[0]?.state === 'delivered');
    const [log] = await logged('N-2');
    expect(log?.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    expect(new Set(receiver.received.map((r) => r.raw.toString())).size).toBe(1);
  });

  it('gives up after the schedule (first try + one retry per interval), and retries timeouts', async () => {
    await start({ notificationRetryMs: [10, 10] });
    await createOrder('N-3');
    receiver.replies = [500, 500, 500, 500];
    await control('N-3', 'pending', { method: 'gopay' });
    await until(async () => (await logged('N-3'))[0]?.state === 'failed');
    await new Promise((r) => setTimeout(r, 50));
    expect(receiver.received).toHaveLength(3);

    // A Sapa that holds the answer past the timeout is tried again.
    await createOrder('N-4');
    receiver.delays = [1000];
    await control('N-4', 'pending', { method: 'bca_va' }, false);
    await until(async () => (await logged('N-4'))[0]?.state === 'delivered');
    const [log] = await logged('N-4');
    expect(log?.attempts[0]?.error).toMatch(/timeout|aborted/i);
    expect(log?.attempts[1]?.status).toBe(200);
  });

  it('re-sends the last notification N times at once, as duplicates, and logs each answer', async () => {
    await start();
    await createOrder('N-5');
    await control('N-5', 'pay', { method: 'bni_va' });
    receiver.received = [];
    receiver.replies = [200, 200, 200, 200, 409, 200];
    const res = await control('N-5', 'notify', { times: 6 });
    const sent = res.json<{
      notifications: Array<{ answer: number; transactionStatus: string }>;
    }>();
    expect(sent.notifications).toHaveLength(6);
    expect(sent.notifications.every((n) => n.transactionStatus === 'settlement')).toBe(true);
    expect(sent.notifications.map((n) => n.answer).sort()).toEqual([200, 200, 200, 200, 200, 409]);
    expect(receiver.received).toHaveLength(6);
    expect(new Set(receiver.received.map((r) => r.raw.toString())).size).toBe(1);
    const log = await logged('N-5');
    expect(log.filter((n) => n.transactionStatus === 'settlement')).toHaveLength(7);
  });

  it('sends forged, unsigned and lying notifications for Sapa’s negative tests', async () => {
    await start();
    await createOrder('N-6');
    await control('N-6', 'pending', { method: 'bca_va' });
    receiver.received = [];
    await control('N-6', 'notify', { signature: 'forged' });
    await control('N-6', 'notify', { signature: 'none' });
    // Validly signed, but claiming a payment the status API will deny.
    await control('N-6', 'notify', { transactionStatus: 'settlement' });
    const [forged, none, lying] = notifications();
    expect(forged?.signature_key).toMatch(/^[0-9a-f]{128}$/);
    expect(forged?.signature_key).not.toBe(expectedSignature(forged!, config.payments.serverKey));
    expect(none).not.toHaveProperty('signature_key');
    expect(lying).toMatchObject({ transaction_status: 'settlement', status_code: '200' });
    expect(lying?.signature_key).toBe(expectedSignature(lying!, config.payments.serverKey));
    const status = await app.inject({
      url: '/v2/N-6/status',
      headers: basicAuth(config.payments.serverKey),
    });
    expect(status.json()).toMatchObject({ transaction_status: 'pending' });
    // Forged and unsigned copies are one-off probes: a 401 is not retried.
    receiver.replies = [401];
    const probe = await control('N-6', 'notify', { signature: 'forged' });
    expect(probe.json()).toMatchObject({ notifications: [{ answer: 401, state: 'failed' }] });
  });

  it('sends a refund notification, and follows X-Override-Notification / X-Append-Notification', async () => {
    await start();
    const other = new WebhookReceiver();
    const otherUrl = await other.start();
    try {
      await createOrder('N-7', { 'x-override-notification': otherUrl });
      await control('N-7', 'pay', { method: 'credit_card' });
      await control('N-7', 'refund', { amount: 40_000, reason: 'goodwill' });
      await other.waitFor(() => other.received.length >= 2);
      expect(receiver.received).toHaveLength(0);
      const refund = body(other.received[1]!);
      expect(refund).toMatchObject({
        transaction_status: 'partial_refund',
        refund_amount: '40000.00',
        status_code: '200',
      });

      await createOrder('N-8', { 'x-append-notification': otherUrl });
      await control('N-8', 'pending', { method: 'bca_va' });
      await receiver.waitFor(() => receiver.received.length >= 1);
      await other.waitFor(() => other.received.length >= 3);

      const bad = await app.inject({
        method: 'POST',
        url: '/snap/v1/transactions',
        headers: { ...basicAuth(config.payments.serverKey), 'x-override-notification': 'ftp://x' },
        payload: { transaction_details: { order_id: 'N-9', gross_amount: 1000 } },
      });
      expect(bad.statusCode).toBe(400);
    } finally {
      await other.stop();
    }
  });

  it('answers control mistakes with 4xx: unknown order, unknown action, bad body, wrong state', async () => {
    await start();
    expect((await control('NOPE', 'pay')).statusCode).toBe(404);
    await createOrder('N-10');
    expect((await control('N-10', 'explode')).statusCode).toBe(404);
    expect((await control('N-10', 'pay', { method: 'cash' })).statusCode).toBe(400);
    expect((await control('N-10', 'notify', { times: 0 })).statusCode).toBe(400);
    expect((await control('N-10', 'notify')).statusCode).toBe(409);
    expect((await control('N-10', 'refund')).statusCode).toBe(409);
    await control('N-10', 'pay', { method: 'qris' });
    expect((await control('N-10', 'expire')).statusCode).toBe(409);
    expect((await control('N-10', 'refund', { amount: 100_001 })).statusCode).toBe(409);
  });
});
