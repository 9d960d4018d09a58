// Issue 19, /setting/api in Chromium against the built server: an admin turns the REST API on,
// creates a scoped key that is shown once, calls the API with it, and revokes it; the page is
// photographed on a laptop and a phone in English and Indonesian.
import { expect, test } from '@playwright/test';
import { signInAs, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL } from './helpers/users.js';

test('an admin creates an API key, uses it once, and revokes it', async ({ browser, baseURL }) => {
  const { context, page } = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  await page.goto('/setting');
  await page.getByTestId('settings-link-api').click();
  await expect(page).toHaveURL(/\/setting\/api$/);
  await expect(page.getByRole('heading', { name: 'API', level: 2 })).toBeVisible();

  // The demo account is a regular one: its REST API starts off.
  const restApi = page.getByRole('switch', { name: 'REST API' });
  await expect(restApi).not.toBeChecked();
  await expect(page.getByTestId('api-off-notice')).toBeVisible();
  await restApi.click();
  await expect(restApi).toBeChecked();
  await expect(page.getByTestId('api-off-notice')).toHaveCount(0);

  await page.getByTestId('api-key-create').click();
  await page.getByTestId('api-key-name').fill('Order system');
  await page.getByTestId('scope-contacts:read').click();
  await snap(page, 'api-keys-create-en');
  await page.getByTestId('api-key-submit').click();
  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toContainText('sapa_live_');
  const key = (await secret.textContent())?.trim() ?? '';
  await snap(page, 'api-keys-created-en');
  await page.getByTestId('api-key-done').click();

  const row = page.getByTestId('api-key-row').filter({ hasText: 'Order system' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('api-key-state')).toHaveText('Active');
  await expect(page.getByText(key)).toHaveCount(0);

  const call = () =>
    page.request.get('/api/chats/paginate', { headers: { authorization: `Bearer ${key}` } });
  const ok = await call();
  expect(ok.status()).toBe(200);
  expect(ok.headers()['ratelimit-limit']).toBeTruthy();
  await page.reload();
  await expect(row.getByTestId('api-key-state')).toHaveText('Active');
  await snap(page, 'api-keys-en');

  await switchLanguage(page, 'id');
  await expect(page.getByRole('heading', { name: 'Kunci API' })).toBeVisible();
  await snap(page, 'api-keys-id');
  await page.getByTestId('api-key-create').click();
  await snap(page, 'api-keys-create-id');
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'en');

  await row.getByTestId('api-key-revoke').click();
  await page.getByTestId('confirm-submit').click();
  await expect(row.getByTestId('api-key-state')).toHaveText('Revoked');
  const refused = await call();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('API_KEY_REVOKED');
  await context.close();
});
