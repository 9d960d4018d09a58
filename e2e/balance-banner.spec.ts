// Issue 16's balance banner in a real Chromium: an admin of an account whose balance is under its
// alert threshold, then above the account's own threshold, then under a minimum balance Sapa set,
// sees the banner change with each state (and its way out), in English and Indonesian, laptop and
// phone, and the inbox leaves room for it. (A suspended account's sessions end, so its banner is covered by the unit test.)
import { expect, test } from '@playwright/test';
import { freshAccount, sql } from './helpers/db.js';
import { fillLogin, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_PASSWORD, uniqueEmail } from './helpers/users.js';

/** An account of its own (the demo account stays as other specs expect it), 80,000 in the balance. */
const account = (email: string) =>
  freshAccount({
    email,
    name: 'Toko Banner',
    adminName: 'Rina Banner',
    phone: '81234567890',
    balance: 80_000,
  });

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
