// Issue 6's templates in Chromium against the built server and the Meta sandbox: a manager writes
// a template (meets a validation message first), publishes it and watches the sandbox accept it;
// a template with the sandbox's banned word ends rejected with Meta's reason on screen.
import { expect, test, type Page } from '@playwright/test';
import { NEEDS_SANDBOX, SANDBOX_URL } from './helpers/sandbox.js';
import { fillLogin, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

const suffix = Date.now().toString().slice(-6);

async function newTemplate(page: Page, name: string, content: string, examples: string[]) {
  await page.goto('/broadcast/template/new');
  await expect(page.getByRole('heading', { name: 'New template' })).toBeVisible();
  await page.getByTestId('template-name').fill(name);
  await page.getByTestId('template-content').fill(content);
  for (const [i, value] of examples.entries())
    await page.getByTestId(`template-example-${i + 1}`).fill(value);
}

test('templates: create with validation, publish, accepted by the sandbox; banned word rejected', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(page.getByTestId('nav-template')).toBeVisible();
  await page.getByTestId('nav-template').click();
  await expect(page).toHaveURL(/\/broadcast\/template$/);
  await expect(page.getByRole('heading', { name: 'Templates' })).toBeVisible();
  // The demo seed's templates are there, accepted, so a broadcast can be tried at once.
  await expect(
    page.getByTestId('template-row-order_update').getByTestId('template-status'),
  ).toHaveText('Accepted');
  await expect(page.getByTestId('template-to-broadcasts')).toHaveAttribute('href', '/broadcast');

  // A name Meta would refuse: the shared contract says why, under the field, before any request.
  const good = `promo_${suffix}`;
  await page.getByTestId('template-new').click();
  await page.getByTestId('template-name').fill('Promo Bulan Ini');
  await page
    .getByTestId('template-content')
    .fill('Halo {{1}}, kode promo {{2}} berlaku minggu ini.');
  await page.getByTestId('template-save-publish').click();
  await expect(
    page.getByText('The name may only contain lowercase letters, numbers and underscores'),
  ).toBeVisible();
  await expect(page.getByText('The example {{1}} field is required')).toBeVisible();

  await page.getByTestId('template-name').fill(good);
  await page.getByTestId('template-example-1').fill('Rina');
  await page.getByTestId('template-example-2').fill('HEMAT20');
  await page.getByTestId('template-header-on').click();
  await page.getByTestId('template-header-text').fill('Promo minggu ini');
  await page.getByTestId('template-footer-on').click();
  await page.getByTestId('template-footer').fill('Balas STOP untuk berhenti');
  await page.getByTestId('template-add-chat').click();
  await page.getByTestId('template-button-0-label').fill('Berhenti promo');
  await page.getByTestId('template-add-link').click();
  await page.getByTestId('template-button-1-label').fill('Lihat promo');
  await page.getByTestId('template-button-1-url').fill('http://toko.example/promo');
  await page.getByTestId('template-save').click();
  await expect(page.getByText('The link must be an https:// address')).toBeVisible();
  await page.getByTestId('template-button-1-url').fill('https://toko.example/promo');

  // The live preview is the WhatsApp bubble with the example values filled in.
  const preview = page.getByTestId('template-preview');
  await expect(preview.getByTestId('preview-body')).toHaveText(
    'Halo Rina, kode promo HEMAT20 berlaku minggu ini.',
  );
  await expect(preview.getByTestId('preview-header')).toHaveText('Promo minggu ini');
  await expect(preview.getByTestId('preview-button')).toHaveText(['Berhenti promo', 'Lihat promo']);
  await snap(page, 'templates.form');

  await page.getByTestId('template-save-publish').click();
  await expect(page.getByRole('dialog', { name: 'Publish template' })).toBeVisible();
  await page.getByTestId('confirm-submit').click();
  await expect(page).toHaveURL(/\/broadcast\/template$/);
  const row = page.getByTestId(`template-row-${good}`);
  // In review, then the sandbox's approval webhook lands and the list refetches by itself.
  await expect(row.getByTestId('template-status')).toHaveText('Accepted', { timeout: 20_000 });

  // The banned word: saved as a draft, published from the list, rejected with the reason shown.
  const bad = `forbidden_offer_${suffix}`;
  await newTemplate(page, bad, 'Halo {{1}}, ini penawaran forbidden untuk Anda.', ['Andi']);
  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/broadcast\/template$/);
  const badRow = page.getByTestId(`template-row-${bad}`);
  await expect(badRow.getByTestId('template-status')).toHaveText('Draft');
  await badRow.getByTestId('template-publish').click();
  await page.getByTestId('confirm-submit').click();
  await expect(badRow.getByTestId('template-status')).toHaveText('Rejected', { timeout: 20_000 });
  await expect(badRow.getByTestId('template-reason')).toHaveText('Reason: Abusive content');

  // Search by name and by condition.
  await page.getByTestId('template-search').fill(good);
  await expect(page.getByTestId(`template-row-${good}`)).toBeVisible();
  await expect(page.getByTestId(`template-row-${bad}`)).toHaveCount(0);
  await page.getByTestId('template-search').fill('');
  await page.getByTestId('template-status-filter').click();
  await page.getByRole('option', { name: /^Rejected/ }).click();
  await expect(page.getByTestId(`template-row-${bad}`)).toBeVisible();
  await expect(page.getByTestId(`template-row-${good}`)).toHaveCount(0);
  await page.getByTestId('template-status-filter').click();
  await page.getByRole('option', { name: /^All/ }).click();
  await expect(page.getByTestId(`template-row-${good}`)).toBeVisible();
  await snap(page, 'templates.list');

  // The rejected template opens editable with Meta's reason; the accepted one read-only.
  await badRow.getByRole('link', { name: bad }).click();
  await expect(
    page.getByText('Meta rejected this template. Fix it and publish it again.'),
  ).toBeVisible();
  await expect(page.getByTestId('template-name')).not.toHaveAttribute('readonly');
  await page.goBack();
  await page.getByTestId(`template-row-${good}`).getByRole('link', { name: good }).click();
  await expect(
    page.getByText('This template was submitted to Meta and can no longer be changed.'),
  ).toBeVisible();
  await expect(page.getByTestId('template-name')).toHaveAttribute('readonly', '');
  await snap(page, 'templates.accepted');

  // Indonesian: conditions and Meta's reason in the other language too.
  await page.getByTestId('template-back').click();
  await switchLanguage(page, 'id');
  await expect(page.getByRole('heading', { name: 'Template', exact: true })).toBeVisible();
  await expect(page.getByTestId(`template-row-${bad}`).getByTestId('template-reason')).toHaveText(
    'Alasan: Konten kasar atau melanggar',
  );
  await snap(page, 'templates.list.id');
  await switchLanguage(page, 'en');
});

// A 1×1 PNG: the media module judges uploads by their bytes, not their name.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e90000000049454e44ae426082',
  'hex',
);
test('an image header: the example file is uploaded, previewed, and reaches Meta as an upload handle', async ({
  page,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  test.setTimeout(90_000);
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(page.getByTestId('nav-template')).toBeVisible();
  const name = `katalog_${suffix}`;
  await newTemplate(page, name, 'Katalog baru sudah terbit, lihat koleksi {{1}} kami.', [
    'Ramadan',
  ]);
  await page.getByTestId('template-header-on').click();
  await page.getByTestId('template-header-type').getByText('Image').click();
  // Without an example Meta would refuse it; the form says so first.
  await page.getByTestId('template-save').click();
  await expect(page.getByText('The header example field is required')).toBeVisible();

  await expect(page.getByTestId('template-example-mode')).toContainText('Upload a file');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'katalog.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('template-header-file')).toContainText('katalog.png');
  await expect(page.getByText('The header example field is required')).toHaveCount(0);
  await expect(page.getByTestId('template-preview').locator('img')).toBeVisible();
  await snap(page, 'templates.image-header');

  await page.getByTestId('template-save-publish').click();
  await page.getByTestId('confirm-submit').click();
  await expect(page).toHaveURL(/\/broadcast\/template$/);
  await expect(page.getByTestId(`template-row-${name}`).getByTestId('template-status')).toHaveText(
    'Accepted',
    { timeout: 20_000 },
  );

  // What reached "Meta": the file through the Resumable Upload API, its handle in the header.
  const calls = (await (await fetch(`${SANDBOX_URL}/sandbox/calls`)).json()) as {
    data: { path: string; body?: { name?: string; components?: unknown[] }; response?: unknown }[];
  };
  const uploaded = calls.data.filter((c) => c.path.includes('/upload:'));
  const handle = (uploaded.at(-1)?.response as { h?: string } | undefined)?.h;
  expect(handle).toMatch(/^4::/);
  const created = calls.data.find((c) => c.body?.name === name);
  expect(created?.body?.components?.[0]).toEqual({
    type: 'HEADER',
    format: 'IMAGE',
    example: { header_handle: [handle] },
  });
});
