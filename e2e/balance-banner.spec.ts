// Issue 16's balance banner in a real Chromium: an admin of an account whose balance is under its
// alert threshold, then above the account's own threshold, then under a minimum balance Sapa set,
// sees the banner change with each state (and its way out), in English and Indonesian, laptop and
// phone, and the inbox leaves room for it. (A suspended account's sessions end, so its banner is covered by the unit test.)
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { fillLogin, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, uniqueEmail } from './helpers/users.js';

async function sql(text: string, values: unknown[] = []) {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (scripts/e2e.mjs sets it)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * An account of its own (the demo account stays as other specs expect it): a paid plan, 80,000
 * in the balance, and an admin who signs in with the demo password.
 */
async function account(email: string): Promise<string> {
  const [row] = await sql(
    `WITH a AS (INSERT INTO accounts (name) VALUES ('Toko Banner') RETURNING id),
     s AS (INSERT INTO subscriptions (account_id, product_id, status, billing_period, billing_amount, due_date)
           SELECT a.id, p.id, 'active', 'monthly', p.price, now() + interval '30 days'
           FROM a, products p WHERE p.code = 'starter'),
     u AS (INSERT INTO users (account_id, name, email, phone, password_hash, role, status, email_verified_at, all_chat)
           SELECT a.id, 'Rina Banner', $1, '81234567890', d.password_hash, 'admin', 'active', now(), true
           FROM a, users d WHERE d.email = $2),
     l AS (INSERT INTO balance_ledger (account_id, amount, balance_after, kind, description)
           SELECT a.id, 80000, 80000, 'adjustment', 'e2e funds' FROM a)
     SELECT id FROM a`,
    [email, DEMO_ADMIN_EMAIL],
  );
  return (row as { id: string }).id;
}

test('the balance banner follows the account: low, none, insufficient', async ({ page }) => {
  const email = uniqueEmail('banner');
  const accountId = await account(email);
  const banner = page.getByTestId('balance-banner');

  // 80,000 is under the default threshold (twice the 50,000 minimum): low, with a top-up.
  await page.goto('/login');
  await fillLogin(page, email, DEMO_PASSWORD);
  await expect(page.getByTestId('nav-dashboard')).toBeVisible();
  await expect(banner).toHaveAttribute('data-state', 'low');
  await expect(banner).toContainText('Your balance is running low: Rp 80.000');
  await expect(page.getByTestId('balance-banner-action')).toHaveAttribute('href', '/top-up');
  await snap(page, 'balance-banner-low.en');

  // The inbox fills the screen under the banner: its panes end at the window's bottom edge (the
  // composer stays in view), on a laptop and on a phone.
  await page.goto('/chat');
  await expect(page.getByTestId('chat-page')).toBeVisible();
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expect
      .poll(() =>
        page
          .getByTestId('chat-page')
          .evaluate((el) => Math.round(el.getBoundingClientRect().bottom - window.innerHeight)),
      )
      .toBeLessThanOrEqual(0);
  }
  await snap(page, 'balance-banner-inbox.en');

  // The account's own threshold, under the balance: no banner.
  await sql(
    `INSERT INTO billing_profiles (account_id, company_name, low_balance_threshold) VALUES ($1, 'Toko Banner', 10000)`,
    [accountId],
  );
  await page.reload();
  await expect(page.getByTestId('nav-dashboard')).toBeVisible();
  await expect(banner).toHaveCount(0);

  // A minimum balance above it (set by Sapa's operators): sending stops, in Indonesian.
  await sql(
    `INSERT INTO settings (account_id, key, value) VALUES ($1, 'bo.minimumBalance', '100000')`,
    [accountId],
  );
  await page.reload();
  await switchLanguage(page, 'id');
  await expect(banner).toHaveAttribute('data-state', 'insufficient');
  await expect(banner).toContainText('Saldo tidak mencukupi: Rp 80.000');
  await snap(page, 'balance-banner-insufficient.id');
});
