// Issue 5's contact groups in Chromium against the built server: create a group, add two contacts
// picked by search in one request, remove one, and the member counts follow on list and detail.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillLogin, snap } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

const stamp = Date.now().toString().slice(-8);
const suffix = stamp.slice(-5);

/** A contact through the API with the signed-in admin's token (the page under test is groups). */
async function createContact(page: Page, name: string, phone: string): Promise<string> {
  const result = await page.evaluate(
    async ({ name, phone }) => {
      const token = localStorage.getItem('sapa.token') ?? '';
      const res = await fetch('/api/contacts', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, phone }),
      });
      return { status: res.status, body: (await res.json()) as { _id?: string } };
    },
    { name, phone },
  );
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body._id ?? '';
}

test('contact groups: create, add two contacts, remove one, counts follow', async ({ page }) => {
  test.setTimeout(120_000);
  const groupName = `Pelanggan ${suffix}`;
  const ani = `Ani Grup ${suffix}`;
  const budi = `Budi Grup ${suffix}`;

  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(page.getByTestId('nav-dashboard')).toBeVisible();
  await createContact(page, ani, `0812${stamp}`);
  await createContact(page, budi, `0813${stamp}`);

  await page.goto('/contact/group');
  await expect(page.getByRole('heading', { name: 'Contact groups' })).toBeVisible();
  await page.getByTestId('group-open').click();
  await page.getByTestId('group-name').fill(groupName);
  await page.getByTestId('group-description').fill('Pembeli grosir dari Bandung');
  await page.getByTestId('group-channel').click();
  await page.getByRole('option', { name: 'WhatsApp', exact: true }).click();
  await page.getByTestId('group-save').click();

  const row = page.getByTestId(`group-row-${groupName}`);
  await expect(row).toContainText('0 members');
  await expect(row).toContainText('WhatsApp');
  const detail = page.getByTestId('group-detail');
  await expect(detail.getByRole('heading', { name: groupName })).toBeVisible();
  await expect(detail.getByTestId('members-empty')).toBeVisible();

  // Pick both contacts from one search and add them in one go.
  await detail.getByTestId('group-add-members').click();
  await page.getByTestId('picker-search').fill(`Grup ${suffix}`);
  await page.getByTestId(`picker-row-${ani}`).click();
  await page.getByTestId(`picker-row-${budi}`).click();
  await expect(page.getByTestId('picker-add')).toHaveText('Add 2 contacts');
  await page.screenshot({
    path: join(import.meta.dirname, 'artifacts', 'screens', 'contact-groups.picker.png'),
    animations: 'disabled',
  });
  await page.getByTestId('picker-add').click();
  await expect(page.getByTestId('picker-add')).toBeHidden();

  await expect(detail.getByTestId(`member-row-${ani}`)).toBeVisible();
  await expect(detail.getByTestId(`member-row-${budi}`)).toBeVisible();
  await expect(row).toContainText('2 members');
  await expect(detail.getByTestId('group-detail-count')).toHaveText('2 members');

  // Screens for review: the laptop size the product is designed at, then the shared snapshots.
  const dir = join(import.meta.dirname, 'artifacts', 'screens');
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(dir, 'contact-groups.1440.png'), animations: 'disabled' });
  await snap(page, 'contact-groups');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Remove one: the other stays, and both counts drop to one.
  await detail.getByTestId(`member-row-${ani}`).getByTestId('member-remove').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Remove 1 contact?');
  await dialog.getByTestId('confirm-submit').click();
  await expect(detail.getByTestId(`member-row-${ani}`)).toHaveCount(0);
  await expect(detail.getByTestId(`member-row-${budi}`)).toBeVisible();
  await expect(row).toContainText('1 member');
  await expect(detail.getByTestId('group-detail-count')).toHaveText('1 member');

  // The contact itself is untouched: it is still found by the add-members search.
  await detail.getByTestId('group-add-members').click();
  await page.getByTestId('picker-search').fill(ani);
  await expect(page.getByTestId(`picker-row-${ani}`)).not.toContainText('Already a member');
  await expect(page.getByTestId(`picker-row-${budi}`)).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Phone: the list first, the group's members after a tap.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contact/group');
  await page.getByTestId(`group-row-${groupName}`).click();
  await expect(page.getByTestId('group-detail').getByTestId(`member-row-${budi}`)).toBeVisible();
  await page.screenshot({ path: join(dir, 'contact-groups.detail.phone.png'), fullPage: true });
});
