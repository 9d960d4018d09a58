// Issue 5's contacts page in Chromium against the built server: create a contact with a label,
// import a CSV with one bad row (the preview names the row and why; the commit creates the rest),
// filter by the label, and the phone-sized card layout.
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillLogin, snap } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

/** Unique Indonesian mobile numbers for this run, in the forms people type. */
const stamp = Date.now().toString().slice(-8);
const suffix = stamp.slice(-5);

async function pickOption(page: Page, name: string): Promise<void> {
  await page.getByRole('option', { name, exact: true }).click();
}

test('contacts: create, import a CSV with a bad row, filter by label, phone cards', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const labelName = `Gold ${suffix}`;
  const created = `Sari Kontak ${suffix}`;
  const importedWithLabel = `Budi Impor ${suffix}`;
  const importedPlain = `Ani Impor ${suffix}`;

  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(page.getByTestId('nav-dashboard')).toBeVisible();

  // A label of this run, so the filter below has an exact expected result.
  await page.goto('/setting/labels');
  await page.getByTestId('label-open').click();
  await page.getByTestId('label-name').fill(labelName);
  await page.getByTestId('label-save').click();
  await expect(page.getByTestId(`label-row-${labelName}`)).toBeVisible();

  // Create a contact by hand, with the label.
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: /Contacts/ })).toBeVisible();
  await page.getByTestId('contact-add').click();
  const form = page.getByTestId('contact-form');
  await form.getByTestId('contact-form-name').fill(created);
  await form.getByTestId('contact-form-phone').fill(`+62 812 ${stamp}`);
  await form.getByTestId('contact-form-email').fill(`sari.${suffix}@example.com`);
  await form.getByTestId('contact-form-labels').click();
  await pickOption(page, labelName);
  await form.getByTestId('contact-form-name').click();
  await form.getByTestId('contact-form-save').click();
  await expect(form).toBeHidden();
  await page.getByTestId('contact-search').fill(suffix);
  const createdRow = page.getByTestId('contact-row').filter({ hasText: created });
  await expect(createdRow).toBeVisible();
  await expect(createdRow.getByTestId('contact-phone')).toHaveText(
    `+62 812-${stamp.slice(0, 4)}-${stamp.slice(4)}`,
  );
  await expect(createdRow.getByTestId('contact-label')).toHaveText(labelName);

  // Import: two good rows (one with the label) and one whose phone is not a number.
  const csv = [
    'Nama,No HP,Labels',
    `${importedWithLabel},0813${stamp},${labelName}`,
    `Rusak ${suffix},abc123,`,
    `${importedPlain},62857${stamp},`,
  ].join('\r\n');
  await page.getByTestId('contact-import').click();
  const wizard = page.getByTestId('import-wizard');
  await wizard.getByTestId('import-file').setInputFiles({
    name: 'pelanggan.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
  });
  const preview = wizard.getByTestId('import-preview');
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByTestId('import-total-value')).toHaveText('3');
  await expect(preview.getByTestId('import-valid-value')).toHaveText('2');
  await expect(preview.getByTestId('import-rejected-value')).toHaveText('1');
  const bad = preview.getByTestId('import-rejected-row');
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText('3');
  // MESSAGES.invalidPhone, the spec's wording.
  await expect(bad).toContainText('Invalid phone number');
  await expect(preview.getByTestId('import-sample')).toContainText(importedWithLabel);
  await snap(page, 'contacts-import-preview');
  await wizard.getByTestId('import-confirm').click();
  const result = wizard.getByTestId('import-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result.getByTestId('import-created-value')).toHaveText('2');
  await expect(result.getByTestId('import-skipped-value')).toHaveText('1');
  await wizard.getByTestId('import-close').click();
  await expect(wizard).toBeHidden();

  // All three of this run are listed; the bad row is not.
  await expect(page.getByTestId('contact-row').filter({ hasText: suffix })).toHaveCount(3);
  await expect(page.getByTestId('contact-row').filter({ hasText: `Rusak ${suffix}` })).toHaveCount(
    0,
  );

  // Filter by the label: exactly the hand-made contact and the labelled import.
  await page.getByTestId('contact-search').fill('');
  await page.getByTestId('contact-filter-label').click();
  await pickOption(page, labelName);
  await expect(page).toHaveURL(/label=/);
  const rows = page.getByTestId('contact-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: created })).toHaveCount(1);
  await expect(rows.filter({ hasText: importedWithLabel })).toHaveCount(1);
  await expect(page.getByTestId('contacts-total')).toHaveText('2 contacts');
  await snap(page, 'contacts-list');
  // The brief's laptop size as well.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('contact-table')).toBeVisible();
  await page.screenshot({
    path: join(import.meta.dirname, 'artifacts', 'screens', 'contacts-list.1440.png'),
  });

  // The detail panel shows the contact's facts.
  await rows.filter({ hasText: created }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByTestId('contact-detail-name')).toHaveText(created);
  await expect(detail).toContainText(`sari.${suffix}@example.com`);
  await snap(page, 'contacts-detail');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Phone size: cards, not a table, and nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('contact-cards')).toBeVisible();
  await expect(page.getByTestId('contact-table')).toHaveCount(0);
  const card = page.getByTestId('contact-row').filter({ hasText: created });
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('contact-add')).toBeVisible();
  await snap(page, 'contacts-cards');
});
