// Issue 16, invoices in Chromium against the built server: an admin saves the company's billing
// details; an order is paid (written as the payments module writes it: the order marked paid and
// `invoice.issue` queued in one transaction) and the server's worker issues its invoice; the
// admin finds it in /setting/billing, opens it, downloads its PDF, and reads it in Indonesian.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { shot, signInAs, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL } from './helpers/users.js';

/** A paid Rp 100.000 top-up of the demo account, its invoice job queued with it. */
async function payTopUp(orderId: string): Promise<void> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (scripts/e2e.mjs sets it)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO orders (id, account_id, type, status, amount, ppn_rate, tax_base, ppn,
         gross_amount, gateway, payment_type, payment_method, paid_at, expires_at)
       SELECT $1, u.account_id, 'topup', 'paid', 100000, 11, 91667, 11000, 111000, 'midtrans',
         'bank_transfer', 'BCA Virtual Account', now(), now() + interval '1 day'
         FROM users u WHERE u.email = $2`,
      [orderId, DEMO_ADMIN_EMAIL],
    );
    await client.query(`INSERT INTO pgboss.job (name, data) VALUES ('invoice.issue', $1)`, [
      JSON.stringify({ orderId }),
    ]);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

test('an admin keeps the billing details, finds the paid order’s invoice and downloads it', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  await page.goto('/setting');
  await expect(page.getByTestId('settings-link-billing')).toBeVisible();
  await snap(page, 'invoices-settings-hub-en');
  await page.getByTestId('settings-link-billing').click();
  await expect(page.getByRole('heading', { name: 'Billing and invoices', level: 2 })).toBeVisible();

  await page.getByTestId('tab-details').click();
  await expect(page).toHaveURL(/tab=details/);
  await page.getByTestId('billing-company').fill('PT Demo Sapa Nusantara');
  await page.getByTestId('billing-address').fill('Jl. Braga No. 5\nBandung 40111');
  await page.getByTestId('billing-npwp').fill('12345');
  await page.getByTestId('billing-save').click();
  await expect(page.getByText('NPWP must be 16 digits')).toBeVisible();
  await page.getByTestId('billing-npwp').fill('01.234.567.8-901.2345');
  await page.getByTestId('billing-email').fill('finance@demo.sapa.id');
  await page.getByTestId('billing-threshold').fill('75000');
  await page.getByTestId('billing-save').click();
  await expect(page.getByText('Billing details saved')).toBeVisible();
  await expect(page.getByTestId('billing-npwp')).toHaveValue('0123456789012345');
  await snap(page, 'invoices-details-en');

  await page.getByTestId('tab-invoices').click();
  const orderId = `E2E-TOPUP-${Date.now().toString(36).toUpperCase()}`;
  await payTopUp(orderId);
  // The worker issues the invoice and `order.updated` refreshes the open list.
  const row = page.getByTestId('invoice-row').first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Rp 111.000');
  await expect(row).toContainText('Saldo top-up');
  const number = await row.getAttribute('data-number');
  expect(number).toMatch(/^INV\/\d{4}\/\d{6}$/);
  await snap(page, 'invoices-list-en');

  await row.click();
  await expect(page).toHaveURL(/\/setting\/billing-invoice\//);
  const doc = page.getByTestId('invoice-document');
  await expect(page.getByTestId('invoice-number')).toHaveText(number ?? '');
  await expect(doc).toContainText('PT Demo Sapa Nusantara');
  await expect(doc).toContainText('NPWP 0123456789012345');
  await expect(doc).toContainText('Tax base (DPP) 11/12');
  await expect(page.getByTestId('invoice-total')).toHaveText('Rp 111.000');
  await expect(page.getByTestId('invoice-stamp')).toHaveText('PAID');
  await snap(page, 'invoice-page-en');

  // Printing leaves the app's bar and the buttons out: the paper alone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('invoice-print')).toBeHidden();
  await expect(page.getByTestId('lang-switch')).toBeHidden();
  await expect(doc).toBeVisible();
  await shot(page, 'invoice-page-print');
  await page.emulateMedia({ media: 'screen' });

  const download = page.waitForEvent('download');
  await page.getByTestId('invoice-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${(number ?? '').replaceAll('/', '-')}.pdf`);
  const path = await file.path();
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');

  await switchLanguage(page, 'id');
  await expect(doc).toContainText('FAKTUR');
  await expect(doc).toContainText('Dasar Pengenaan Pajak (DPP) 11/12');
  await expect(page.getByTestId('invoice-stamp')).toHaveText('LUNAS');
  await snap(page, 'invoice-page-id');

  await page.getByTestId('invoice-back').click();
  await expect(page.getByTestId('invoice-row').first()).toContainText('Isi ulang saldo');
  await snap(page, 'invoices-list-id');
  await page.getByTestId('tab-details').click();
  await expect(page.getByTestId('billing-company')).toHaveValue('PT Demo Sapa Nusantara');
  await snap(page, 'invoices-details-id');
  await switchLanguage(page, 'en');
  await context.close();
});
