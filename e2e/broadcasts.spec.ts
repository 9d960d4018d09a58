// Issue 6 parts 3 and 5 in Chromium: a manager builds a broadcast in the three-step wizard from
// pasted data (one bad row), sends it now to sandbox customers, and follows the result page
// until every recipient is delivered or read; one customer's sandbox phone shows the message.
import { expect, test, type Page } from '@playwright/test';
import { expectBroadcastDone } from './helpers/broadcasts.js';
import { NEEDS_SANDBOX, phoneUrl, SANDBOX_URL } from './helpers/sandbox.js';
import { fillLogin, snap } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('broadcasts: wizard from pasted data, sent to sandbox customers, live results', async ({
  browser,
  baseURL,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  test.setTimeout(120_000);
  const run = Date.now().toString().slice(-7);
  const customers = [1, 2, 3].map((i) => `62819${run}${i}`);
  const title = `Weekend promo ${run.slice(-4)}`;

  // The first customer has WhatsApp open: the sandbox reads what arrives.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto(phoneUrl(customers[0] ?? '', 'Andi'));

  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await page.goto('/broadcast');
  await expect(page.getByRole('heading', { name: 'Broadcast' })).toBeVisible();
  await page.getByRole('link', { name: 'New broadcast' }).first().click();
  await expect(page).toHaveURL(/\/broadcast\/new$/);

  // Step 1: the message.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The title field is required')).toBeVisible();
  await page.getByTestId('broadcast-title').fill(title);
  const channel = page.getByTestId('broadcast-channel');
  if ((await channel.inputValue()) === '') {
    await channel.click();
    await page.getByRole('option').first().click();
  }
  await pick(page, 'broadcast-template', 'promo_weekend (id)');
  await expect(page.getByTestId('template-bubble')).toContainText('Hai Andi, pakai kode HEMAT20');
  await snap(page, 'broadcast-wizard-1-message');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: recipients pasted, comma separated, in the three phone forms people write.
  await expect(page.getByTestId('required-columns')).toHaveText('phoneparam1param2');
  await page
    .getByTestId('recipient-paste')
    .fill(
      [
        'phone,param1,param2',
        `+${customers[0]},Andi,HEMAT20`,
        `0${customers[1]?.slice(2)},Budi,HEMAT21`,
        `${customers[2]},Citra,HEMAT22`,
        '0812,Salah,X',
      ].join('\n'),
    );
  await snap(page, 'broadcast-wizard-2-recipients');
  await page.getByTestId('check-now').click();

  // Step 3: counts, cost, the failing row, the preview with the first recipient's values.
  await expect(page.getByTestId('start-broadcast')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Valid recipients')).toBeVisible();
  await expect(page.getByText('Invalid phone number')).toBeVisible();
  await expect(page.getByTestId('download-invalid')).toBeVisible();
  await expect(page.getByTestId('template-bubble')).toContainText('Hai Andi, pakai kode HEMAT20');
  await page.getByText('Schedule', { exact: true }).click();
  await expect(page.getByTestId('countdown')).toContainText(/Starts in \d+ (minute|hour)/);
  await snap(page, 'broadcast-wizard-3-review');
  await page.getByText('Send now', { exact: true }).click();
  await page.getByTestId('self-assign').check({ force: true });
  await page.getByTestId('start-broadcast').click();

  // The result page follows the engine live.
  await expect(page).toHaveURL(/\/broadcast\/result\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('count-queue')).toContainText('0', { timeout: 45_000 });
  await expectBroadcastDone(page, { recipients: 3, read: 1 });
  await page.reload();
  await expect(page.getByTestId('recipient-table')).toContainText(`+${customers[1]}`);
  await snap(page, 'broadcast-result');

  // The customer's phone received the template with their values.
  await expect(phone.getByText(/promo_weekend/i)).toBeVisible({ timeout: 20_000 });
  await expect(phone.getByText('HEMAT20')).toBeVisible();

  await page.goto('/broadcast?tab=finished');
  await expect(page.getByTestId('broadcast-card').filter({ hasText: title })).toBeVisible();
  await snap(page, 'broadcast-list');

  await context.close();
  await phoneContext.close();
});
