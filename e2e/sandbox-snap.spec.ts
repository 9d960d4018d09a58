// The sandbox's Midtrans Snap stand-in on its own, in the browser: the hosted payment page in both
// languages and sizes, the redirect back to the shop, signed notifications to the shop, and
// snap.js on a merchant page. Sapa's own top-up journey is another spec.
import { expect, test } from '@playwright/test';
import { NEEDS_SANDBOX, SANDBOX_URL } from './helpers/sandbox.js';
import {
  createSnapTransaction,
  NotificationReceiver,
  payByVirtualAccount,
  SNAP_CLIENT_KEY,
  snapSignature,
} from './helpers/snap.js';
import { snap } from './helpers/ui.js';

const receiver = new NotificationReceiver();
const orderId = (label: string) => `E2E-${label}-${Date.now()}`;

test.beforeAll(async () => {
  if (SANDBOX_URL) await receiver.start();
});
test.afterAll(async () => {
  if (receiver.url) await receiver.stop();
});

test.describe('sandbox Snap', () => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);

  test('a buyer pays Rp 100.000 by BCA virtual account and returns to the shop, which is notified', async ({
    page,
    request,
  }) => {
    const id = orderId('va');
    const { redirectUrl } = await createSnapTransaction(request, {
      orderId: id,
      amount: 100_000,
      finishUrl: `${receiver.url}/finish`,
      notificationUrl: `${receiver.url}/notify`,
    });
    await page.goto(redirectUrl);
    await expect(page.getByTestId('snap-amount')).toHaveText('Rp 100.000');
    await expect(page.getByTestId('snap-order-id')).toContainText(id);
    await expect(page.getByTestId('snap-countdown')).toHaveText(/^23:59:\d\d$/);
    await snap(page, 'snap-methods');

    await page.getByTestId('snap-method-bca_va').click();
    await expect(page.getByTestId('snap-va-number')).toHaveText(/^[\d ]{11,}$/);
    await page.getByTestId('snap-details').click();
    await snap(page, 'snap-bca-va');
    await page.getByTestId('snap-pay-now').click();
    await expect(page.getByTestId('snap-result')).toHaveAttribute('data-status', 'settlement');
    await expect(page.getByText('Payment successful')).toBeVisible();
    await snap(page, 'snap-paid');

    await page.getByTestId('snap-back').click();
    await page.waitForURL(/\/finish\?/);
    const back = new URL(page.url());
    expect(Object.fromEntries(back.searchParams)).toEqual({
      order_id: id,
      status_code: '200',
      transaction_status: 'settlement',
    });

    await expect.poll(() => receiver.statuses(id).sort()).toEqual(['pending', 'settlement']);
    for (const n of receiver.received.filter((r) => r.order_id === id)) {
      expect(n.signature_key).toBe(snapSignature(n));
      expect(n.gross_amount).toBe('100000.00');
    }
  });

  test('in Indonesian, on a phone: QRIS, card with 3-D Secure, and a payment left to expire', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({
      locale: 'id-ID',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const qris = await createSnapTransaction(request, { orderId: orderId('qris'), amount: 55_500 });
    await page.goto(qris.redirectUrl);
    await expect(page.getByText('Pilih metode pembayaran')).toBeVisible();
    await page.getByTestId('snap-method-qris').click();
    await expect(page.getByTestId('snap-qr').locator('svg')).toBeVisible();
    await snap(page, 'snap-qris-id');
    await page.getByTestId('snap-expire').click();
    await expect(page.getByTestId('snap-result')).toHaveAttribute('data-status', 'expire');
    await expect(page.getByText('Pembayaran kedaluwarsa')).toBeVisible();

    const card = await createSnapTransaction(request, {
      orderId: orderId('card'),
      amount: 250_000,
    });
    await page.goto(card.redirectUrl);
    await page.getByTestId('snap-method-credit_card').click();
    await page.getByTestId('snap-test-card-challenge').click();
    await expect(page.getByTestId('snap-card-number')).toHaveValue('4911 1111 1111 1113');
    await snap(page, 'snap-card-id');
    await page.getByTestId('snap-card-submit').click();
    await page.getByTestId('snap-otp').fill('000000');
    await page.getByTestId('snap-otp-submit').click();
    await expect(page.getByText('Kode salah. Di sandbox kodenya 112233.')).toBeVisible();
    await page.getByTestId('snap-otp').fill('112233');
    await page.getByTestId('snap-otp-submit').click();
    await expect(page.getByTestId('snap-result')).toHaveAttribute('data-status', 'capture');
    await expect(page.getByText('Pembayaran sedang ditinjau')).toBeVisible();

    // The switch turns the page to English and remembers it.
    await page.getByTestId('snap-lang-en').click();
    await expect(page.getByText('Payment under review')).toBeVisible();
    await context.close();
  });

  test('snap.js on a merchant page: onSuccess after paying, onClose when the buyer closes', async ({
    page,
    request,
  }) => {
    // The merchant's checkout lives on another origin than the sandbox, as in production.
    const checkout = receiver.page(
      '/checkout',
      `<!doctype html><title>Checkout</title>
<script src="${SANDBOX_URL}/snap/snap.js" data-client-key="${SNAP_CLIENT_KEY}"></script>
<button id="pay">Pay</button>
<script>
  window.outcome = null;
  document.getElementById('pay').onclick = () => window.snap.pay(new URLSearchParams(location.search).get('token'), {
    onSuccess: (r) => (window.outcome = ['success', r.order_id, r.transaction_status]),
    onPending: (r) => (window.outcome = ['pending', r.order_id, r.transaction_status]),
    onError: (r) => (window.outcome = ['error', r.order_id, r.transaction_status]),
    onClose: () => (window.outcome = ['close']),
  });
</script>`,
    );
    const id = orderId('popup');
    const { token } = await createSnapTransaction(request, { orderId: id, amount: 75_000 });
    await page.goto(`${checkout}?token=${token}`);
    await page.click('#pay');
    const frame = page.frameLocator('#snap-midtrans');
    await expect(frame.getByTestId('snap-amount')).toHaveText('Rp 75.000');
    await snap(page, 'snap-popup');
    await payByVirtualAccount(frame, 'bni');
    await frame.getByTestId('snap-back').click();
    await expect(page.locator('#snap-midtrans')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { outcome: unknown }).outcome)).toEqual([
      'success',
      id,
      'settlement',
    ]);

    const second = await createSnapTransaction(request, {
      orderId: orderId('closed'),
      amount: 10_000,
    });
    await page.goto(`${checkout}?token=${second.token}`);
    await page.click('#pay');
    await page.frameLocator('#snap-midtrans').getByTestId('snap-close').click();
    await expect(page.locator('#snap-midtrans')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { outcome: unknown }).outcome)).toEqual([
      'close',
    ]);
  });
});
