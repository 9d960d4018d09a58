import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import type { SandboxConfig } from '../config.js';
import { basicAuth, testPaymentSandbox, type WebhookReceiver } from '../test/helpers.js';

let app: FastifyInstance;
let receiver: WebhookReceiver;
let config: SandboxConfig;
let auth: { authorization: string };
let clock: ManualClock;

beforeEach(async () => {
  clock = new ManualClock();
  ({ app, receiver, config } = await testPaymentSandbox({}, clock));
  auth = basicAuth(config.payments.serverKey);
});
afterEach(async () => {
  await app.close();
  await receiver.stop();
});

const order = (orderId: string, gross = 111_000) => ({
  transaction_details: { order_id: orderId, gross_amount: gross },
  item_details: [
    { id: 'topup', name: 'Top-up saldo', price: 100_000, quantity: 1 },
    { id: 'ppn', name: 'PPN 11%', price: gross - 100_000, quantity: 1 },
  ],
  customer_details: { first_name: 'Budi', email: 'budi@example.com' },
  callbacks: { finish: 'http://127.0.0.1:3000/top-up' },
});

async function create(orderId: string, body: unknown = order(orderId)) {
  return app.inject({
    method: 'POST',
    url: '/snap/v1/transactions',
    headers: auth,
    payload: body as object,
  });
}

const status = (orderId: string) => app.inject({ url: `/v2/${orderId}/status`, headers: auth });

const control = (orderId: string, action: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/sandbox/payments/${orderId}/${action}`, payload });

describe('Snap transactions API', () => {
  it('answers 201 with a token and the hosted page at Midtrans’ path', async () => {
    const res = await create('ORD-1');
    expect(res.statusCode).toBe(201);
    const body = res.json<{ token: string; redirect_url: string }>();
    expect(body.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.redirect_url).toBe(`${config.publicUrl}/snap/v2/vtweb/${body.token}`);
    const page = await app.inject({ url: new URL(body.redirect_url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"orderId":"ORD-1"');
  });

  it('refuses a missing or wrong server key with Midtrans’ 401 shape', async () => {
    for (const headers of [{}, basicAuth('SB-Mid-server-wrong'), { authorization: 'Bearer x' }]) {
      const res = await app.inject({
        method: 'POST',
        url: '/snap/v1/transactions',
        headers,
        payload: order('ORD-X'),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error_messages: [
          'Access denied due to unauthorized transaction, please check client or server key',
          'Visit https://snap-docs.midtrans.com/#request-headers for more details',
        ],
      });
    }
    // Nothing was created by the refused calls.
    expect((await create('ORD-X')).statusCode).toBe(201);
  });

  it('refuses item_details that do not add up to gross_amount', async () => {
    const body = order('ORD-2');
    body.item_details[1]!.price = 10_999;
    const res = await create('ORD-2', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error_messages: ['transaction_details.gross_amount is not equal to the sum of item_details'],
    });
    // Quantities count: 2 × 55.500 = 111.000.
    const ok = await create('ORD-2', {
      transaction_details: { order_id: 'ORD-2', gross_amount: 111_000 },
      item_details: [{ id: 'a', name: 'Half', price: 55_500, quantity: 2 }],
    });
    expect(ok.statusCode).toBe(201);
  });

  it('lists every validation problem, and never answers 500 to bad input', async () => {
    const res = await create('x', {
      transaction_details: { gross_amount: 10.5 },
      callbacks: { finish: 'not a url' },
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json<{ error_messages: string[] }>().error_messages;
    expect(messages).toContain('transaction_details.order_id is required');
    expect(messages).toContain('transaction_details.gross_amount must be a whole number of rupiah');
    expect(messages).toContain('callbacks.finish must be a valid URL');
    for (const payload of ['{bad json', '[]', 'null', '{"transaction_details":"x"}']) {
      const bad = await app.inject({
        method: 'POST',
        url: '/snap/v1/transactions',
        headers: { ...auth, 'content-type': 'application/json' },
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error_messages: string[] }>().error_messages.length).toBeGreaterThan(0);
    }
    const items = await create('ORD-3', {
      transaction_details: { order_id: 'ORD-3', gross_amount: 1000 },
      item_details: [{ price: 1000 }],
    });
    expect(items.json()).toEqual({
      error_messages: ['item_details.0.quantity is required', 'item_details.0.name is required'],
    });
  });

  it('refuses a re-used order_id as Snap does', async () => {
    expect((await create('ORD-4')).statusCode).toBe(201);
    const again = await create('ORD-4');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error_messages: ['transaction_details.order_id has already been taken'],
    });
  });

  it('takes expiry from the request (start_time, unit, duration) or defaults to 24 hours', async () => {
    await create('ORD-5', {
      ...order('ORD-5'),
      expiry: { start_time: '2026-01-15 10:00:00 +0700', unit: 'minutes', duration: 30 },
    });
    await create('ORD-6');
    const list = (await app.inject({ url: '/sandbox/payments' })).json<{
      data: Array<{ orderId: string; expiresAt: string }>;
    }>().data;
    // The manual clock starts at 2026-01-15T03:00:00Z, which is 10:00 in Jakarta.
    expect(list.find((t) => t.orderId === 'ORD-5')?.expiresAt).toBe('2026-01-15T03:30:00.000Z');
    expect(list.find((t) => t.orderId === 'ORD-6')?.expiresAt).toBe('2026-01-16T03:00:00.000Z');
    const past = await create('ORD-7', {
      ...order('ORD-7'),
      expiry: { start_time: '2026-01-14 10:00:00 +0700', unit: 'hour', duration: 1 },
    });
    expect(past.json()).toEqual({ error_messages: ['expiry must end in the future'] });
  });
});

describe('Core API: status, cancel, expire, approve, deny, refund', () => {
  it('answers 404 before the buyer picks a method, then the status shape', async () => {
    await create('ORD-10');
    const before = await status('ORD-10');
    expect(before.statusCode).toBe(404);
    expect(before.json()).toMatchObject({
      status_code: '404',
      status_message: "Transaction doesn't exist.",
    });
    expect((await status('NOPE')).statusCode).toBe(404);

    await control('ORD-10', 'pending', { method: 'bca_va' });
    const res = await status('ORD-10');
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      status_code: '201',
      status_message: 'Success, transaction is found',
      transaction_status: 'pending',
      order_id: 'ORD-10',
      gross_amount: '111000.00',
      currency: 'IDR',
      payment_type: 'bank_transfer',
      fraud_status: 'accept',
      merchant_id: config.payments.merchantId,
      transaction_time: '2026-01-15 10:00:00',
      expiry_time: '2026-01-16 10:00:00',
    });
    expect(body.va_numbers).toEqual([
      { bank: 'bca', va_number: expect.stringMatching(/^\d{11}$/) },
    ]);
    expect(body.transaction_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.signature_key).toMatch(/^[0-9a-f]{128}$/);
  });

  it('refuses a wrong key on the Core API with its own 401 shape', async () => {
    await create('ORD-11');
    for (const headers of [{}, basicAuth('nope')]) {
      const res = await app.inject({ url: '/v2/ORD-11/status', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        status_code: '401',
        status_message: 'Transaction cannot be authorized with the current client/server key.',
      });
    }
  });

  it('gives each state Midtrans’ status_code', async () => {
    const cases: Array<[string, string, object, string, string]> = [
      ['S-settle', 'pay', { method: 'bni_va' }, 'settlement', '200'],
      ['S-card', 'pay', { method: 'credit_card', card: 'accept' }, 'capture', '200'],
      ['S-challenge', 'pay', { method: 'credit_card', card: 'challenge' }, 'capture', '201'],
      ['S-carddeny', 'pay', { method: 'credit_card', card: 'deny' }, 'deny', '202'],
      ['S-deny', 'deny', { method: 'gopay' }, 'deny', '202'],
      ['S-expire', 'expire', { method: 'qris' }, 'expire', '407'],
      ['S-fail', 'fail', {}, 'failure', '202'],
    ];
    for (const [id, action, payload, transactionStatus, statusCode] of cases) {
      await create(id);
      expect((await control(id, action, payload)).statusCode).toBe(200);
      const res = await status(id);
      // Even an expired transaction answers HTTP 200; only its body says 407.
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        transaction_status: transactionStatus,
        status_code: statusCode,
      });
    }
    expect((await status('S-challenge')).json()).toMatchObject({ fraud_status: 'challenge' });
    expect((await status('S-card')).json()).toMatchObject({
      payment_type: 'credit_card',
      masked_card: '48111111-1114',
      card_type: 'credit',
    });
    expect((await status('S-expire')).json()).toMatchObject({
      payment_type: 'qris',
      acquirer: 'gopay',
    });
  });

  it('cancels, expires, approves and denies, and answers 412 where Midtrans refuses', async () => {
    await create('A-1');
    await control('A-1', 'pending', { method: 'bca_va' });
    const expired = await app.inject({ method: 'POST', url: '/v2/A-1/expire', headers: auth });
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toMatchObject({
      status_code: '407',
      status_message: 'Success, transaction has expired',
      transaction_status: 'expire',
    });
    const again = await app.inject({ method: 'POST', url: '/v2/A-1/cancel', headers: auth });
    expect(again.statusCode).toBe(412);
    expect(again.json()).toMatchObject({
      status_code: '412',
      status_message: 'Merchant cannot modify status of the transaction',
    });

    await create('A-2');
    await control('A-2', 'pay', { method: 'credit_card', card: 'challenge' });
    const approved = await app.inject({ method: 'POST', url: '/v2/A-2/approve', headers: auth });
    expect(approved.json()).toMatchObject({
      status_code: '200',
      transaction_status: 'capture',
      fraud_status: 'accept',
    });
    expect(
      (await app.inject({ method: 'POST', url: '/v2/A-2/deny', headers: auth })).statusCode,
    ).toBe(412);
    const cancelled = await app.inject({ method: 'POST', url: '/v2/A-2/cancel', headers: auth });
    expect(cancelled.json()).toMatchObject({ status_code: '200', transaction_status: 'cancel' });

    await create('A-3');
    await control('A-3', 'pay', { method: 'credit_card', card: 'challenge' });
    const denied = await app.inject({ method: 'POST', url: '/v2/A-3/deny', headers: auth });
    expect(denied.json()).toMatchObject({
      status_code: '202',
      transaction_status: 'deny',
      fraud_status: 'deny',
    });

    expect(
      (await app.inject({ method: 'POST', url: '/v2/NONE/cancel', headers: auth })).statusCode,
    ).toBe(404);
  });

  it('refunds in parts and in full, once per refund_key, never more than was paid', async () => {
    await create('R-1', order('R-1', 111_000));
    await control('R-1', 'pay', { method: 'gopay' });
    const refund = (payload: object) =>
      app.inject({ method: 'POST', url: '/v2/R-1/refund', headers: auth, payload });

    const part = await refund({ refund_key: 'rk-1', amount: 11_000, reason: 'PPN back' });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({
      status_code: '200',
      status_message: 'Success, refund request is approved',
      transaction_status: 'partial_refund',
      refund_amount: '11000.00',
      refund_key: 'rk-1',
      gross_amount: '111000.00',
    });
    // The same refund_key again moves nothing.
    const replay = await refund({ refund_key: 'rk-1', amount: 11_000 });
    expect(replay.json()).toMatchObject({ refund_key: 'rk-1', refund_amount: '11000.00' });
    expect((await status('R-1')).json()).toMatchObject({ refund_amount: '11000.00' });

    expect((await refund({ refund_key: 'rk-2', amount: 100_001 })).statusCode).toBe(412);
    expect((await refund({ amount: 'all' })).statusCode).toBe(400);
    const rest = await refund({ refund_key: 'rk-3' });
    expect(rest.json()).toMatchObject({ transaction_status: 'refund', refund_amount: '100000.00' });
    const final = (await status('R-1')).json<{ refunds: unknown[]; refund_amount: string }>();
    expect(final.refund_amount).toBe('111000.00');
    expect(final.refunds).toHaveLength(2);
    expect((await refund({ refund_key: 'rk-4', amount: 1 })).statusCode).toBe(412);

    await create('R-2');
    await control('R-2', 'pending', { method: 'bca_va' });
    expect(
      (await app.inject({ method: 'POST', url: '/v2/R-2/refund', headers: auth, payload: {} }))
        .statusCode,
    ).toBe(412);
  });

  it('expires a payment left pending once its expiry passes, and notifies Sapa', async () => {
    await create('E-1', {
      ...order('E-1'),
      expiry: { unit: 'minute', duration: 15 },
    });
    await control('E-1', 'pending', { method: 'bni_va' });
    clock.advance(14 * 60_000);
    expect((await status('E-1')).json()).toMatchObject({ transaction_status: 'pending' });
    clock.advance(60_000);
    expect((await status('E-1')).json()).toMatchObject({
      transaction_status: 'expire',
      status_code: '407',
    });
    await receiver.waitFor(() =>
      receiver.received.some((r) => JSON.stringify(r.json).includes('"expire"')),
    );

    // A page nobody chose a method on lapses quietly: no payment, so no notification and 404.
    await create('E-2', { ...order('E-2'), expiry: { unit: 'minute', duration: 1 } });
    clock.advance(2 * 60_000);
    expect((await status('E-2')).statusCode).toBe(404);
    const late = await control('E-2', 'pending', { method: 'bca_va' });
    expect(late.statusCode).toBe(409);
  });
});
