import { describe, expect, it } from 'vitest';
import { basicAuth, testPaymentSandbox } from '../test/helpers.js';
import type { PageState } from './page-state.js';
import { crc16, qrisPayload } from './qris.js';
import { sandboxPerTest } from '../test/per-test.js';

const sandbox = sandboxPerTest(() => testPaymentSandbox());

async function createOrder(orderId: string, extra: object = {}): Promise<string> {
  const res = await sandbox.app.inject({
    method: 'POST',
    url: '/snap/v1/transactions',
    headers: basicAuth(sandbox.config.payments.serverKey),
    payload: {
      transaction_details: { order_id: orderId, gross_amount: 111_000 },
      item_details: [
        { id: 'topup', name: 'Top-up <saldo>', price: 100_000, quantity: 1 },
        { id: 'ppn', name: 'PPN 11%', price: 11_000, quantity: 1 },
      ],
      callbacks: { finish: 'http://127.0.0.1:3000/top-up?tab=orders' },
      ...extra,
    },
  });
  return res.json<{ token: string }>().token;
}

const pageCall = (token: string, path: string, payload?: object) =>
  sandbox.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/snap/v2/vtweb/${token}${path}`,
    ...(payload ? { payload } : {}),
  });

const card = (number: string, otp = '112233') => ({
  number,
  expMonth: '12',
  expYear: '2030',
  cvv: '123',
  otp,
});

describe('hosted payment page', () => {
  it('serves the page with the order embedded safely, and its script and styles', async () => {
    const token = await createOrder('P-1');
    const page = await pageCall(token, '');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/snap/assets/page.js');
    expect(page.body).toContain('"orderId":"P-1"');
    expect(page.body).toContain('"grossAmount":111000');
    // An item name can never close the boot script element.
    expect(page.body).not.toContain('<saldo>');
    expect(page.body).toContain('\\u003csaldo>');
    const js = await sandbox.app.inject({ url: '/snap/assets/page.js' });
    expect(js.statusCode).toBe(200);
    for (const id of [
      'snap-method-',
      'snap-va-number',
      'snap-pay-now',
      'snap-leave-pending',
      'snap-fail',
      'snap-expire',
      'snap-card-number',
      'snap-otp',
      'snap-result',
      'snap-back',
      'snap-lang-',
    ]) {
      expect(js.body).toContain(id);
    }
    // Both languages ship in the bundle.
    expect(js.body).toContain('Pay now (simulate bank transfer)');
    expect(js.body).toContain('Bayar sekarang (simulasi transfer bank)');
    const css = await sandbox.app.inject({ url: '/snap/assets/page.css' });
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('shows a not-found page for an unknown token and refuses a wrong client key', async () => {
    const missing = await pageCall('00000000-0000-4000-8000-000000000000', '');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('"error":"not_found"');
    const token = await createOrder('P-2');
    const wrong = await pageCall(token, '?embed=1&origin=http://127.0.0.1:3000&client_key=nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('"error":"client_key"');
    const right = await pageCall(
      token,
      `?embed=1&origin=${encodeURIComponent('http://127.0.0.1:3000/top-up')}&client_key=${sandbox.config.payments.clientKey}`,
    );
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('"embedded":true');
    // Only the opener's origin is kept, so postMessage cannot be aimed at a path or a script.
    expect(right.body).toContain('"parentOrigin":"http://127.0.0.1:3000"');
    const sneaky = await pageCall(token, '?embed=1&origin=javascript:alert(1)');
    expect(sneaky.body).toContain('"parentOrigin":null');
  });

  it('charges a virtual account, then pays it like the bank would, and returns to the shop', async () => {
    const token = await createOrder('P-3');
    const pending = (await pageCall(token, '/charge', { method: 'bni_va' })).json<PageState>();
    expect(pending).toMatchObject({ status: 'pending', method: 'bni_va', statusCode: '201' });
    expect(pending.vaNumber).toMatch(/^988\d{13}$/);
    expect(pending.finishRedirectUrl).toBe(
      'http://127.0.0.1:3000/top-up?tab=orders&order_id=P-3&status_code=201&transaction_status=pending',
    );
    // One payment per Snap transaction: a second method is refused.
    expect((await pageCall(token, '/charge', { method: 'gopay' })).statusCode).toBe(409);
    const paid = (await pageCall(token, '/simulate', { outcome: 'settlement' })).json<PageState>();
    expect(paid).toMatchObject({ status: 'settlement', statusCode: '200' });
    expect(paid.result).toMatchObject({
      order_id: 'P-3',
      transaction_status: 'settlement',
      va_numbers: [{ bank: 'bni', va_number: pending.vaNumber }],
      finish_redirect_url:
        'http://127.0.0.1:3000/top-up?tab=orders&order_id=P-3&status_code=200&transaction_status=settlement',
    });
    expect(paid.result).not.toHaveProperty('signature_key');
    expect((await pageCall(token, '/simulate', { outcome: 'expire' })).statusCode).toBe(409);
    await sandbox.receiver.waitFor(() => sandbox.receiver.received.length >= 2);
  });

  it('draws a real QRIS code for QRIS and GoPay, and lets a payment fail or lapse', async () => {
    const token = await createOrder('P-4');
    const qr = (await pageCall(token, '/charge', { method: 'qris' })).json<PageState>();
    expect(qr.qrSvg).toMatch(/^<svg[^>]*>/);
    expect(qr.qrSvg).not.toContain('<script');
    expect((await pageCall(token, '/simulate', { outcome: 'deny' })).json()).toMatchObject({
      status: 'deny',
      statusCode: '202',
    });
    const gopay = await createOrder('P-5');
    expect((await pageCall(gopay, '/charge', { method: 'gopay' })).json<PageState>().qrSvg).toMatch(
      /^<svg/,
    );
    expect((await pageCall(gopay, '/simulate', { outcome: 'expire' })).json()).toMatchObject({
      status: 'expire',
      statusCode: '407',
    });
  });

  it('checks the card form, the 3-D Secure code, and plays the test cards’ outcomes', async () => {
    const token = await createOrder('P-6');
    const bad = async (input: object, field: string) => {
      const res = await pageCall(token, '/card', input);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field });
    };
    await bad(card('4811 1111 1111 1115'), 'card_number');
    await bad({ ...card('4811111111111114'), expYear: '2020' }, 'card_expiry');
    await bad({ ...card('4811111111111114'), expMonth: '13' }, 'card_expiry');
    await bad({ ...card('4811111111111114'), cvv: '12' }, 'card_cvv');
    await bad(card('4811111111111114', '000000'), 'otp');
    expect((await pageCall(token, '/card', { number: 1 })).statusCode).toBe(400);
    // None of the refused attempts created a payment.
    expect(
      (
        await sandbox.app.inject({
          url: '/v2/P-6/status',
          headers: basicAuth(sandbox.config.payments.serverKey),
        })
      ).statusCode,
    ).toBe(404);

    const accepted = (
      await pageCall(token, '/card', card('4811 1111 1111 1114'))
    ).json<PageState>();
    expect(accepted).toMatchObject({
      status: 'capture',
      fraudStatus: 'accept',
      maskedCard: '48111111-1114',
    });

    const challenge = await createOrder('P-7');
    expect((await pageCall(challenge, '/card', card('4911111111111113'))).json()).toMatchObject({
      status: 'capture',
      fraudStatus: 'challenge',
      statusCode: '201',
    });
    const denied = await createOrder('P-8');
    expect((await pageCall(denied, '/card', card('4411111111111118'))).json()).toMatchObject({
      status: 'deny',
      statusCode: '202',
    });
  });

  it('offers only the methods enabled_payments names, and shows a lapsed page as expired', async () => {
    const token = await createOrder('P-9', {
      enabled_payments: ['bca_va', 'other_qris', 'alfamart'],
    });
    expect((await pageCall(token, '/state')).json()).toMatchObject({
      enabledMethods: ['bca_va', 'qris'],
    });
    expect((await pageCall(token, '/charge', { method: 'gopay' })).statusCode).toBe(409);
  });

  it('lists recent transactions at /snap, each linking to its page', async () => {
    const empty = await sandbox.app.inject({ url: '/snap' });
    expect(empty.body).toContain('snap-index-empty');
    // Markup never reaches the list: Snap's order_id rule refuses it at creation.
    expect(await createOrder('P-<b>10')).toBeUndefined();
    const ok = await createOrder('P-10');
    const list = await sandbox.app.inject({ url: '/snap' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`href="/snap/v2/vtweb/${ok}"`);
    expect(list.body).toContain('Rp 111.000');
    expect(list.body).toContain('>open<');
  });

  it('serves snap.js with window.snap.pay, opening the page Midtrans-style', async () => {
    const res = await sandbox.app.inject({ url: '/snap/snap.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.body).toContain('window.snap');
    expect(res.body).toContain('/snap/v2/vtweb/');
    expect(res.body).toContain('snap-midtrans');
    expect(res.body).toContain('sapa-snap-sandbox');
  });
});

describe('QRIS payload', () => {
  it('computes EMVCo’s CRC-16/CCITT-FALSE (check value 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('is a well-formed TLV string ending in its own checksum', () => {
    const payload = qrisPayload({
      merchantName: 'Sapa',
      merchantId: 'G000000001',
      orderId: 'ORD-1',
      amount: 111_000,
    });
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(payload).toContain('5406111000');
    expect(payload).toContain('5303360');
    expect(payload).toContain('5904Sapa');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });
});
