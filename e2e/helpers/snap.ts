// The payment side of the sandbox: its Midtrans Snap stand-in (transactions, the hosted payment
// page, the control API) and a small receiver standing in for a merchant's notification URL.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type APIRequestContext, type FrameLocator } from '@playwright/test';
import { SANDBOX_URL } from './sandbox.js';

/** The keys scripts/lib/processes.mjs gives the sandbox and Sapa (SANDBOX_MIDTRANS_KEYS). */
export const SNAP_SERVER_KEY = 'SB-Mid-server-sandbox';
export const SNAP_CLIENT_KEY = 'SB-Mid-client-sandbox';

export const snapAuth = () => ({
  authorization: `Basic ${Buffer.from(`${SNAP_SERVER_KEY}:`).toString('base64')}`,
});

/** Midtrans' signature_key, recomputed from a notification's own fields. */
export function snapSignature(n: Record<string, unknown>, serverKey = SNAP_SERVER_KEY): string {
  return createHash('sha512')
    .update(`${n.order_id}${n.status_code}${n.gross_amount}${serverKey}`)
    .digest('hex');
}

/** Asks the sandbox for a Snap transaction, as a merchant's backend does. */
export async function createSnapTransaction(
  request: APIRequestContext,
  input: { orderId: string; amount: number; finishUrl?: string; notificationUrl?: string },
): Promise<{ token: string; redirectUrl: string }> {
  const ppn = Math.round((input.amount * 11) / 111);
  const res = await request.post(`${SANDBOX_URL}/snap/v1/transactions`, {
    headers: {
      ...snapAuth(),
      ...(input.notificationUrl ? { 'x-override-notification': input.notificationUrl } : {}),
    },
    data: {
      transaction_details: { order_id: input.orderId, gross_amount: input.amount },
      item_details: [
        { id: 'topup', name: 'Top-up saldo', price: input.amount - ppn, quantity: 1 },
        { id: 'ppn', name: 'PPN', price: ppn, quantity: 1 },
      ],
      customer_details: { first_name: 'Budi', last_name: 'Santoso', email: 'budi@example.com' },
      ...(input.finishUrl ? { callbacks: { finish: input.finishUrl } } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { token: string; redirect_url: string };
  return { token: body.token, redirectUrl: body.redirect_url };
}

/**
 * On the hosted page (a tab, or the snap.js iframe): choose a virtual account and pay it as the
 * bank would. Returns the virtual account number.
 */
export async function payByVirtualAccount(
  page: Pick<FrameLocator, 'getByTestId'>,
  bank: 'bca' | 'bni' = 'bca',
): Promise<string> {
  await page.getByTestId(`snap-method-${bank}_va`).click();
  const va = (await page.getByTestId('snap-va-number').innerText()).replace(/\s/g, '');
  await page.getByTestId('snap-pay-now').click();
  await expect(page.getByTestId('snap-result')).toHaveAttribute('data-status', 'settlement');
  return va;
}

/**
 * A merchant on 127.0.0.1: its notification URL records what arrives and answers 200; GET serves
 * the pages given to `page()` (a checkout with snap.js), or else a "back at the shop" page.
 */
export class NotificationReceiver {
  received: Array<Record<string, unknown>> = [];
  private pages = new Map<string, string>();
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') {
        this.received.push(
          JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        );
        res.end('ok');
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      res.end(
        this.pages.get(path) ?? '<!doctype html><title>Shop</title><h1>Back at the shop</h1>',
      );
    });
  });

  url = '';

  async start(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    const closed = new Promise<void>((r) => this.server.close(() => r()));
    this.server.closeAllConnections();
    return closed;
  }

  /** Serves `html` at `path` (GET), as the merchant's own page. */
  page(path: string, html: string): string {
    this.pages.set(path, html);
    return `${this.url}${path}`;
  }

  statuses(orderId: string): unknown[] {
    return this.received.filter((n) => n.order_id === orderId).map((n) => n.transaction_status);
  }
}
