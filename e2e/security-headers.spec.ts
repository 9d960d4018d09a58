// Issue 15's security headers in Chromium: the built app, its live inbox, the API docs and the
// dev mailbox all work under the Content-Security-Policy without one violation, and no other
// site can frame the app.
import { expect, test, type Page } from '@playwright/test';
import { waitForMailLink } from './helpers/mailbox.js';
import { customerSends, NEEDS_SANDBOX, SANDBOX_URL } from './helpers/sandbox.js';
import { fillLogin } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

/**
 * Every CSP violation the page reports, across navigations and frames: the DOM event, and
 * Chromium's console message, which also covers what the event cannot reach.
 */
async function recordViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(`${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return seen;
}

test('the app, its live inbox, the API docs and the mailbox run under the CSP', async ({
  page,
  request,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  test.setTimeout(120_000);
  const violations = await recordViolations(page);

  await test.step('the login page carries the headers', async () => {
    const response = await page.goto('/login');
    const headers = response?.headers() ?? {};
    // Scripts from this origin, and snap.js from the payment gateway (here the sandbox).
    const gateway = new URL(SANDBOX_URL).origin;
    expect(headers['content-security-policy']).toContain(`script-src 'self' ${gateway};`);
    expect(headers['content-security-policy']).toContain(`frame-src 'self' ${gateway}`);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-content-type-options']).toBe('nosniff');
    // Served over plain http: no HSTS.
    expect(headers['strict-transport-security']).toBeUndefined();
    await expect(page.getByTestId('login-email')).toBeVisible();
  });

  await test.step('the chat page gets a customer message live over the socket', async () => {
    await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.goto('/chat');
    await expect(page.getByTestId('chat-list-pane')).toBeVisible();
    const run = Date.now().toString().slice(-6);
    const name = `Citra CSP ${run}`;
    await customerSends(request, { waId: `62817${run}1`, name, text: 'Halo, masih buka?' });
    const row = page.getByTestId('chat-list').getByTestId('chat-row').filter({ hasText: name });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.click();
    await expect(page.getByText('Halo, masih buka?').first()).toBeVisible();
  });

  await test.step('the API docs render', async () => {
    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Sapa API');
    await expect(page.locator('.opblock').first()).toBeVisible();
  });

  await test.step('the dev mailbox shows a mail, and its link opens the app in the tab', async () => {
    const reset = await request.post('/api/users/reset-password/request', {
      data: { email: DEMO_ADMIN_EMAIL },
    });
    expect(reset.status(), await reset.text()).toBe(200);
    const link = await waitForMailLink(DEMO_ADMIN_EMAIL, 'token=');
    await page.goto('/dev/mailbox');
    await page.locator('summary').first().click();
    const mail = page.frameLocator('details[open] iframe');
    const button = mail.locator(`a[href="${link}"]`).first();
    await expect(button).toBeVisible();
    await button.click();
    await expect(page).not.toHaveURL(/\/dev\/mailbox/);
    await expect(page).toHaveURL(/token=/);
  });

  expect(violations).toEqual([]);
});

test('another site cannot frame the app', async ({ page, baseURL }) => {
  const refusals: string[] = [];
  page.on('console', (message) => refusals.push(message.text()));
  await page.setContent(
    `<iframe src="${baseURL}/login" style="width:800px;height:600px"></iframe>`,
  );
  await expect.poll(() => refusals.join('\n')).toMatch(/frame-ancestors|X-Frame-Options/);
  await expect(page.frameLocator('iframe').getByTestId('login-email')).toHaveCount(0);
});
