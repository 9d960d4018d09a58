import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../../lib/clock.js';
import { MidtransStub } from '../../../../../test/midtrans-stub.js';
import { GatewayRefusedError, GatewayUnavailableError, InvalidNotificationError } from '../port.js';
import { MidtransGateway, toPaymentStatus } from './driver.js';
import { midtransSignature, signatureMatches } from './signature.js';
import { paymentMethodOf, stateOf } from './status-map.js';

const KEY = 'SB-Mid-server-unit';

describe('the notification signature', () => {
  it('is SHA-512 hex of order_id + status_code + gross_amount + server key', () => {
    const expected = createHash('sha512')
      .update('SAPA-1' + '200' + '111000.00' + KEY)
      .digest('hex');
    expect(midtransSignature('SAPA-1', '200', '111000.00', KEY)).toBe(expected);
    expect(expected).toHaveLength(128);
  });

  it('compares whole, case-insensitively, and refuses other lengths', () => {
    const sig = midtransSignature('SAPA-1', '200', '111000.00', KEY);
    expect(signatureMatches(sig, sig)).toBe(true);
    expect(signatureMatches(sig, sig.toUpperCase())).toBe(true);
    expect(signatureMatches(sig, sig.slice(0, -1))).toBe(false);
    expect(signatureMatches(sig, `${sig}0`)).toBe(false);
    expect(signatureMatches(sig, '')).toBe(false);
  });
});

describe('transaction_status → the port state', () => {
  it.each([
    ['settlement', undefined, 'paid'],
    ['capture', 'accept', 'paid'],
    ['capture', 'challenge', 'challenge'],
    ['capture', 'deny', 'failed'],
    ['pending', undefined, 'pending'],
    ['authorize', undefined, 'pending'],
    ['deny', undefined, 'failed'],
    ['cancel', undefined, 'failed'],
    ['failure', undefined, 'failed'],
    ['expire', undefined, 'expired'],
    ['refund', undefined, 'refunded'],
    ['partial_refund', undefined, 'refunded'],
    ['chargeback', undefined, 'refunded'],
    // Words Midtrans may add later must never move money.
    ['something_new', undefined, 'pending'],
  ])('%s (fraud %s) → %s', (status, fraud, state) => {
    expect(stateOf(status, fraud ?? null)).toBe(state);
  });

  it('names the method as a buyer reads it', () => {
    expect(paymentMethodOf({ payment_type: 'bank_transfer', va_numbers: [{ bank: 'bca' }] })).toBe(
      'BCA Virtual Account',
    );
    expect(paymentMethodOf({ payment_type: 'bank_transfer', va_numbers: [{ bank: 'bni' }] })).toBe(
      'BNI Virtual Account',
    );
    expect(paymentMethodOf({ payment_type: 'bank_transfer', permata_va_number: '8562' })).toBe(
      'Permata Virtual Account',
    );
    expect(paymentMethodOf({ payment_type: 'qris' })).toBe('QRIS');
    expect(paymentMethodOf({ payment_type: 'gopay' })).toBe('GoPay');
    expect(paymentMethodOf({ payment_type: 'credit_card' })).toBe('Credit card');
    expect(paymentMethodOf({ payment_type: 'echannel' })).toBe('Mandiri Bill Payment');
    expect(paymentMethodOf({ payment_type: 'cstore', store: 'indomaret' })).toBe('Indomaret');
    expect(paymentMethodOf({ payment_type: 'new_wallet' })).toBe('New wallet');
    expect(paymentMethodOf({})).toBeNull();
  });
});

describe('MidtransGateway', () => {
  const stub = new MidtransStub(KEY);
  const clock = new ManualClock(new Date('2026-01-15T03:00:00Z'));
  let gateway: MidtransGateway;
  beforeAll(async () => {
    await stub.start();
    gateway = new MidtransGateway(
      {
        serverKey: KEY,
        clientKey: 'SB-Mid-client-unit',
        snapUrl: stub.url,
        apiUrl: stub.url,
        timeoutMs: 300,
      },
      clock,
    );
  });
  afterAll(() => stub.stop());

  it('verifies a genuine notification and refuses forged, unsigned and foreign ones', async () => {
    stub.seed('SAPA-V1', 111_000, { transaction_status: 'settlement' });
    const genuine = stub.notification('SAPA-V1');
    expect(gateway.verifyNotification({}, genuine)).toEqual({
      orderId: 'SAPA-V1',
      transactionStatus: 'settlement',
      fraudStatus: 'accept',
      payload: genuine,
    });
    const { signature_key: _s, ...unsigned } = genuine;
    for (const body of [
      unsigned,
      { ...genuine, status_code: '201' },
      { ...genuine, order_id: 'SAPA-V2' },
      stub.notification('SAPA-V1', undefined, 'another-key'),
      null,
      'text',
      [],
    ])
      expect(() => gateway.verifyNotification({}, body)).toThrow(InvalidNotificationError);
    expect(() => gateway.verifyNotification({}, unsigned)).toThrow(/no signature_key/);
  });

  it('creates a Snap transaction that expires when the order does', async () => {
    const session = await gateway.createPayment({
      orderId: 'SAPA-C1',
      grossAmount: 111_000,
      items: [
        { id: 'topup', name: 'x'.repeat(80), price: 100_000, quantity: 1 },
        { id: 'ppn', name: 'PPN 11%', price: 11_000, quantity: 1 },
      ],
      customer: { name: 'Ayu', email: 'ayu@example.com', phone: null },
      expiresAt: new Date('2026-01-15T05:00:30Z'),
      finishUrl: 'https://sapa.example/top-up',
    });
    expect(session.redirectUrl).toContain(session.token);
    const body = stub.calls.at(-1)?.body as { item_details: { name: string }[]; expiry: unknown };
    expect(body.item_details[0]?.name).toHaveLength(50);
    // 10:00 in Jakarta, 121 whole minutes until 12:00:30.
    expect(body.expiry).toEqual({
      start_time: '2026-01-15 10:00:00 +0700',
      unit: 'minute',
      duration: 121,
    });
  });

  it('reads a status, and null when Midtrans has no payment for the order', async () => {
    stub.seed('SAPA-S1', 111_000, {
      transaction_status: 'settlement',
      bank: 'bca',
      settlement_time: '2026-01-15 10:05:00',
    });
    expect(await gateway.fetchStatus('SAPA-S1')).toEqual({
      orderId: 'SAPA-S1',
      state: 'paid',
      gatewayStatus: 'settlement',
      grossAmount: 111_000,
      transactionId: 'tx-SAPA-S1',
      paymentType: 'bank_transfer',
      paymentMethod: 'BCA Virtual Account',
      paidAt: new Date('2026-01-15T03:05:00Z'),
      refundedAmount: null,
    });
    expect(await gateway.fetchStatus('SAPA-NONE')).toBeNull();
  });

  it('tells an outage (retry) from a refusal (do not)', async () => {
    stub.mode = 'down';
    await expect(gateway.fetchStatus('SAPA-S1')).rejects.toThrow(GatewayUnavailableError);
    await expect(gateway.fetchStatus('SAPA-S1')).rejects.not.toThrow(GatewayRefusedError);
    stub.mode = 'hang';
    await expect(gateway.fetchStatus('SAPA-S1')).rejects.toThrow(/did not answer within 0.3 s/);
    stub.mode = 'up';
    const wrongKey = new MidtransGateway(
      { serverKey: 'nope', clientKey: 'c', snapUrl: stub.url, apiUrl: stub.url, timeoutMs: 300 },
      clock,
    );
    await expect(wrongKey.fetchStatus('SAPA-S1')).rejects.toThrow(GatewayRefusedError);
    const nowhere = new MidtransGateway(
      {
        serverKey: KEY,
        clientKey: 'c',
        snapUrl: 'http://127.0.0.1:9',
        apiUrl: 'http://127.0.0.1:9',
        timeoutMs: 300,
      },
      clock,
    );
    await expect(nowhere.fetchStatus('SAPA-S1')).rejects.toThrow(/could not be reached/);
  });

  it('gives the browser the client key and snap.js of the Snap base', () => {
    expect(gateway.browserConfig()).toEqual({
      clientKey: 'SB-Mid-client-unit',
      scriptUrl: `${stub.url}/snap/snap.js`,
    });
  });

  it('reads card captures, refunds and Midtrans times', () => {
    const capture = toPaymentStatus({
      status_code: '200',
      order_id: 'X',
      transaction_status: 'capture',
      fraud_status: 'accept',
      gross_amount: '50000.00',
      payment_type: 'credit_card',
      transaction_time: '2026-03-01 00:10:00',
    });
    expect(capture).toMatchObject({ state: 'paid', paidAt: new Date('2026-02-28T17:10:00Z') });
    const refund = toPaymentStatus({
      status_code: '200',
      order_id: 'X',
      transaction_status: 'partial_refund',
      gross_amount: '50000.00',
      refund_amount: '12500.00',
    });
    expect(refund).toMatchObject({ state: 'refunded', refundedAmount: 12_500, paidAt: null });
  });
});
