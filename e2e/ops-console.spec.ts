// Issue 16, item 9: an operator created with `npm run operator -- create` sets a password and an
// authenticator on the one-time page, signs in at /ops with a code, finds the demo account and
// credits it; the demo admin's dashboard, open in another browser, shows the new balance without
// a reload. Then the console in Indonesian, on a laptop and a phone.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { totp } from './helpers/totp.js';
import { signInAs, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, uniqueEmail } from './helpers/users.js';

const ROOT = join(import.meta.dirname, '..');
const PASSWORD = 'Operator-Pass-2026';

/** `npm run operator -- …` as a person would run it beside the server (same database). */
function operatorCli(baseURL: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(ROOT, 'scripts/operator.mjs'), ...args],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: process.env.E2E_DATABASE_URL,
          APP_URL: baseURL,
          SEED_DEMO: 'false',
        },
      },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

/** A code from a time step not used before (each step is accepted once). */
async function nextCode(secret: string, after: string | null): Promise<string> {
  for (;;) {
    const left = 30 - ((Date.now() / 1000) % 30);
    const code = totp(secret);
    if (code !== after && left > 4) return code;
    await new Promise((r) => setTimeout(r, left * 1000 + 300));
  }
}

async function typeCode(page: Page, testId: string, code: string): Promise<void> {
  await page.getByTestId(`${testId}-0`).click();
  await page.keyboard.type(code);
}

const rupiah = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

test('an operator created from the CLI credits an account; the tenant sees it live', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('operator');
  const printed = await operatorCli(baseURL ?? '', 'create', email);
  const link = printed.split('\n').find((l) => l.includes('/ops/setup?token='));
  expect(link, printed).toBeTruthy();

  const ops = await browser.newContext({ baseURL });
  const page = await ops.newPage();
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  const secret = (await page.getByTestId('ops-setup-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByTestId('ops-setup-name').fill('Dewi Operator');
  await page.getByTestId('ops-setup-password').fill(PASSWORD);
  await page.getByTestId('ops-setup-confirm').fill(PASSWORD);
  const setupCode = await nextCode(secret, null);
  await typeCode(page, 'ops-setup-pin', setupCode);
  await snap(page, 'ops-setup');
  await page.getByTestId('ops-setup-submit').click();
  await page.getByTestId('ops-setup-sign-in').click();

  // Password alone opens nothing: the code step follows, and the console stays closed until it.
  await page.getByTestId('ops-email').fill(email);
  await page.getByTestId('ops-password').fill(PASSWORD);
  await snap(page, 'ops-sign-in');
  await page.getByTestId('ops-continue').click();
  await expect(page.getByTestId('ops-pin-0')).toBeVisible();
  const closed = await page.request.get('/api/ops/accounts');
  expect(closed.status()).toBe(403);
  await snap(page, 'ops-sign-in-code');
  await typeCode(page, 'ops-pin', await nextCode(secret, setupCode));
  await expect(page.getByTestId('ops-accounts')).toBeVisible();

  // The demo admin, elsewhere, with the dashboard open.
  const tenant = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  const amount = tenant.page.getByTestId('home-balance-amount');
  await expect(amount).toHaveText(/Rp/);
  const before = rupiah(await amount.textContent());

  await page.getByTestId('ops-search').fill(DEMO_ADMIN_EMAIL);
  const row = page.getByTestId('ops-account-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('ops-row-balance')).toHaveText(/Rp/);
  await snap(page, 'ops-accounts');
  await row.click();
  await expect(page.getByTestId('ops-account-name')).toBeVisible();
  await snap(page, 'ops-account-overview');

  await page.getByTestId('ops-tab-balance').click();
  await page.getByTestId('ops-amount').fill('150000');
  await page.getByTestId('ops-reason').fill('Goodwill credit for the payment outage');
  await snap(page, 'ops-account-balance');
  await page.getByTestId('ops-balance-submit').click();
  await expect(page.getByTestId('ops-balance-now')).toHaveText(/Rp/);
  await expect
    .poll(async () => rupiah(await page.getByTestId('ops-balance-now').textContent()))
    .toBe(before + 150_000);

  // No reload on the tenant's side: the socket carried balance.updated.
  await expect.poll(async () => rupiah(await amount.textContent())).toBe(before + 150_000);
  await snap(tenant.page, 'ops-tenant-dashboard-after-credit');

  await page.getByTestId('ops-tab-audit').click();
  await expect(page.getByTestId('ops-audit')).toContainText('Balance credited');
  await expect(page.getByTestId('ops-audit')).toContainText(email);
  await snap(page, 'ops-account-audit');

  await switchLanguage(page, 'id');
  await page.getByTestId('ops-tab-settings').click();
  await expect(page.getByText('Harga dan pajak')).toBeVisible();
  await snap(page, 'ops-account-settings-id');
  await page.getByTestId('ops-tab-audit').click();
  await expect(page.getByTestId('ops-audit')).toContainText('Saldo ditambah');
  await page.goto('/ops');
  await expect(page.getByTestId('ops-accounts')).toBeVisible();
  await snap(page, 'ops-accounts-id');

  await tenant.context.close();
  await ops.close();
});
