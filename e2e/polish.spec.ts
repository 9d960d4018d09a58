// Issue 15's rough edges that only a real browser shows: the ticket table at 1440 px and the
// template status badge on a phone must show all they hold.
import { expect, test, type Locator } from '@playwright/test';
import { fillLogin, shot } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

/** Text an element cuts off (an ellipsis, hidden overflow) is wider than the element. */
function cutOff(element: Locator): Promise<boolean> {
  return element.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(page.getByTestId('home-greeting')).toBeVisible();
});

test('the ticket table shows every column at 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/ticket');
  const table = page.getByTestId('ticket-table');
  await expect(table.getByTestId('ticket-row').first()).toBeVisible();
  const headers = table.locator('thead th');
  const count = await headers.count();
  expect(count).toBeGreaterThan(5);
  // Every column fits on the screen: nothing hidden past the right edge or behind a scrollbar.
  for (let i = 0; i < count; i += 1) {
    const box = await headers.nth(i).boundingBox();
    expect(box, `column ${i}`).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), `column ${i}`).toBeLessThanOrEqual(1440);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await shot(page, 'polish-tickets-1440');
});

test("a template's status reads in full on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/broadcast/template');
  const badges = page.getByTestId('template-status');
  await expect(badges.first()).toBeVisible();
  const count = await badges.count();
  for (let i = 0; i < count; i += 1) {
    const label = badges.nth(i).locator('.mantine-Badge-label');
    expect(await cutOff(label), await label.innerText()).toBe(false);
  }
  await shot(page, 'polish-templates-phone');
});
