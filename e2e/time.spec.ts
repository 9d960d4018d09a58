// Issue 15, item 16: one clock everywhere. The browser runs in UTC while the demo account is on
// Asia/Jakarta (7 hours ahead): the chat list, the message bubble and the routing page must all
// show the account's 24-hour time, and the routing page names the zone.
import { expect, test, type Page } from '@playwright/test';
import { customerWritesOnPhone, NEEDS_SANDBOX, SANDBOX_URL } from './helpers/sandbox.js';
import { readTime, signInAs, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL } from './helpers/users.js';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

const CLOCK = /\b([01]\d|2[0-3]):([0-5]\d)\b/;

function minutesOf(text: string): number {
  const m = CLOCK.exec(text);
  if (!m) throw new Error(`no HH:mm in "${text}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes between two clock readings, either way round midnight. */
function apart(a: number, b: number): number {
  const d = Math.abs(a - b) % 1440;
  return Math.min(d, 1440 - d);
}

const jakartaNow = () => {
  const now = new Date(Date.now() + 7 * 3_600_000);
  return now.getUTCHours() * 60 + now.getUTCMinutes();
};

async function openRouting(page: Page): Promise<void> {
  await page.goto('/setting/routing');
  await expect(page.getByTestId('routing-now')).toBeVisible();
}

test("a browser in UTC shows the account's Jakarta time in chats and on Routing", async ({
  browser,
  baseURL,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  const customer = await customerWritesOnPhone(browser, {
    label: 'Jam',
    text: 'Jam berapa buka?',
    prefix: '62819',
  });
  const admin = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  const { page } = admin;
  // The premise: this browser's own zone is UTC, seven hours behind the account.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');

  await page.goto('/chat');
  const row = page.getByTestId('chat-row').filter({ hasText: customer.name });
  await expect(row).toBeVisible({ timeout: 20_000 });
  const listTime = (await row.getByTestId('chat-row-time').textContent()) ?? '';
  expect(listTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
  expect(apart(minutesOf(listTime), jakartaNow())).toBeLessThanOrEqual(2);

  await row.click();
  const bubble = page.getByTestId('message-bubble').filter({ hasText: 'Jam berapa buka?' });
  await expect(bubble).toContainText(listTime);

  await openRouting(page);
  await expect(page.getByTestId('routing-timezone')).toContainText('WIB (Asia/Jakarta)');
  const clock = (await page.getByTestId('routing-now').textContent()) ?? '';
  // The list and the routing clock read the same zone: minutes apart, not seven hours.
  expect(apart(minutesOf(clock), minutesOf(listTime))).toBeLessThanOrEqual(2);
  // Working hours are a 24-hour picker: "17:00", never "05:00 PM".
  expect(await readTime(page, 'routing-end')).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
  await expect(page.getByTestId('routing-hours')).not.toContainText(/\b(AM|PM)\b/);
  await snap(page, 'routing-time-zone');

  await admin.context.close();
  await customer.close();
});

test('ticket date filters read as "25 Nov 2026" in the UI language', async ({
  browser,
  baseURL,
}) => {
  const admin = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  const { page } = admin;
  await page.goto('/ticket');
  await page.getByTestId('ticket-from').click();
  const first = page.locator('[data-dates-dropdown] button[aria-label]').first();
  await first.click();
  const from = page.getByTestId('ticket-from');
  await expect(from).toHaveText(
    /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec) \d{4}$/,
  );
  await switchLanguage(page, 'id');
  await expect(from).toHaveText(
    /^\d{1,2} (Jan|Feb|Mar|Apr|Mei|Jun|Jul|Agu|Sep|Okt|Nov|Des) \d{4}$/,
  );
  await switchLanguage(page, 'en');
  await admin.context.close();
});
