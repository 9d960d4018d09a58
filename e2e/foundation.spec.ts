// Issue 2's whole journey in a real Chromium against the built server: a business registers,
// verifies its email, starts a trial, turns on 2FA, signs in with a TOTP code, invites an agent
// who sets a password and meets the agent menu and the admin-only guard; then Indonesian.
import { expect, test, type Page } from '@playwright/test';
import { waitForMailLink } from './helpers/mailbox.js';
import { freshTotp } from './helpers/totp.js';
import { fillLogin, fillPin, logout, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, newBusiness, uniqueEmail } from './helpers/users.js';

// Spec §2's menus name the minimum; nobody sees an item the guard would refuse them (issue 15).
const AGENT_MENU = [
  'nav-dashboard',
  'nav-chat',
  'nav-broadcast',
  'nav-ticket',
  'nav-contact',
  'nav-setting',
  'nav-logout',
];
const ADMIN_MENU: Record<string, string> = {
  'nav-dashboard': 'Dashboard',
  'nav-chat': 'Chat',
  'nav-broadcast': 'Broadcast',
  'nav-template': 'Template',
  'nav-ticket': 'Ticket',
  'nav-contact': 'Contact',
  'nav-setting': 'Setting',
  'nav-integration': 'Integration',
  'nav-report': 'Report',
  'nav-logout': 'Logout',
};

/** The home route exactly: scheme, host, then a lone slash. */
const dashboardUrl = /^https?:\/\/[^/]+\/$/;

async function expectDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(dashboardUrl);
  await expect(page.getByTestId('nav-dashboard')).toBeVisible();
  await expect(page.getByTestId('home-greeting')).toBeVisible();
}

test('a business registers, verifies, starts a trial, uses 2FA and invites an agent', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = newBusiness('owner');
  let twoFactorSecret = '';
  let enableStep = 0;

  await test.step('register', async () => {
    await page.goto('/register');
    await page.getByTestId('register-name').fill(owner.name);
    await page.getByTestId('register-company').fill(owner.company);
    await page.getByTestId('register-email').fill(owner.email);
    await page.getByTestId('register-phone').fill(owner.phone);
    await page.getByTestId('register-password').fill(owner.password);
    await page.getByTestId('register-confirm-password').fill(owner.password);
    await snap(page, '01-register');
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/users\/register_confirmation/);
    await snap(page, '02-register-confirmation');
  });

  await test.step('open the verification link from the email', async () => {
    const link = await waitForMailLink(owner.email, '/email-verify?token=');
    await page.goto(link);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('login-activated')).toHaveText(
      'Thank you! Your account is now activated.',
    );
    await snap(page, '03-login-activated');
  });

  await test.step('sign in and start the trial', async () => {
    await fillLogin(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/user-plan\?step=1/);
    await snap(page, '04-user-plan');
    await page.getByTestId('plan-start-trial-starter').click();
    await expectDashboard(page);
    await snap(page, '05-dashboard-admin');
  });

  await test.step('turn on two-factor authentication', async () => {
    await page.goto('/user-edit');
    await expect(page.getByTestId('twofa-status')).toHaveText('Off');
    await page.getByTestId('twofa-setup').click();
    const secret = page.getByTestId('twofa-secret');
    await expect(secret).toBeVisible();
    twoFactorSecret = (await secret.innerText()).replace(/\s+/g, '');
    expect(twoFactorSecret).toMatch(/^[A-Z2-7]{16,}$/);
    await fillPin(page, await freshTotp(twoFactorSecret));
    enableStep = totpStep();
    await snap(page, '06-user-edit-2fa');
    await page.getByTestId('twofa-enable').click();
    await expect(page.getByTestId('twofa-status')).toHaveText('On');
    await expect(page.getByTestId('twofa-secret')).toBeHidden();
  });

  await test.step('sign out and back in with a TOTP code', async () => {
    await logout(page);
    await fillLogin(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/login\/2fa/);
    // Never replay the code that turned 2FA on: a server may rightly refuse a used code.
    if (totpStep() <= enableStep) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 200);
    await snap(page, '07-login-2fa');
    await fillPin(page, await freshTotp(twoFactorSecret));
    await submitUnlessAutoSubmitted(page, /\/login\/2fa/, 'twofa-submit');
    await expectDashboard(page);
  });

  const agent = { name: 'Agus Agent', email: uniqueEmail('agent'), password: 'Agent2025Pass' };

  await test.step('invite an agent', async () => {
    await page.goto('/setting/agent-settings');
    await page.getByTestId('invite-open').click();
    await page.getByTestId('invite-name').fill(agent.name);
    await page.getByTestId('invite-email').fill(agent.email);
    await chooseRole(page, 'Agent');
    await snap(page, '08-invite-agent');
    await page.getByTestId('invite-submit').click();
    const row = page.getByTestId(`member-row-${agent.email}`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('status-invited')).toBeVisible();
    await snap(page, '09-agent-settings');
  });

  await test.step('the agent sets a password and sees the agent menu', async () => {
    const link = await waitForMailLink(agent.email, '/reset-password?token=');
    expect(link).toContain('type=invite');
    const context = await browser.newContext();
    const agentPage = await context.newPage();
    try {
      await agentPage.goto(link);
      await snap(agentPage, '10-invite-set-password');
      await agentPage.getByTestId('reset-password').fill(agent.password);
      await agentPage.getByTestId('reset-confirm-password').fill(agent.password);
      await agentPage.getByTestId('reset-submit').click();
      await expect(agentPage).toHaveURL(/\/login/);
      await fillLogin(agentPage, agent.email, agent.password);
      await expectDashboard(agentPage);
      for (const item of AGENT_MENU) await expect(agentPage.getByTestId(item)).toBeVisible();
      for (const refused of ['nav-template', 'nav-integration', 'nav-report']) {
        await expect(agentPage.getByTestId(refused)).toHaveCount(0);
      }
      await snap(agentPage, '11-dashboard-agent');

      await agentPage.goto('/setting/agent-settings');
      await expect(agentPage).toHaveURL(/\/unauthorized/);
      await expect(agentPage.getByText("You don't have access to this page")).toBeVisible();
      await snap(agentPage, '12-unauthorized');
    } finally {
      await context.close();
    }
  });

  await test.step('switch to Indonesian: dashboard and sign-in screens', async () => {
    await page.goto('/');
    await expectDashboard(page);
    await switchLanguage(page, 'id');
    await expect(page.getByTestId('nav-dashboard')).toContainText('Dasbor');
    await expect(page.getByTestId('nav-setting')).toContainText('Pengaturan');
    await expect(page.getByTestId('home-greeting')).toHaveText(/^Selamat (pagi|siang|malam), /);
    await snap(page, '13-dashboard-id');
    await page.reload();
    await expect(page.getByTestId('nav-dashboard')).toContainText('Dasbor');
    await logout(page);
    await expect(page.getByText('Selamat datang kembali')).toBeVisible();
    await expect(page.getByTestId('login-submit')).toContainText('Masuk');
    await snap(page, '14-login-id');
  });
});

test('the demo admin signs in and sees the admin menu', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expectDashboard(page);
  for (const [testId, label] of Object.entries(ADMIN_MENU)) {
    await expect(page.getByTestId(testId)).toHaveText(label);
  }
  await snap(page, '15-dashboard-demo-admin');
});

test('a wrong password is refused with the spec message', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, 'Wrong-password-1');
  await expect(page.getByText("Oops, email and password didn't match.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expectDashboard(page);
  await page.goto('/no-such-page');
  await expect(page.getByText("We can't find that page")).toBeVisible();
});

function totpStep(): number {
  return Math.floor(Date.now() / 30_000);
}

async function chooseRole(page: Page, role: string): Promise<void> {
  const field = page.getByTestId('invite-role');
  await field.click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

/** PIN forms submit on the sixth digit; click the button only if that did not happen. */
async function submitUnlessAutoSubmitted(page: Page, stillHere: RegExp, submitId: string) {
  const left = await page
    .waitForURL((url) => !stillHere.test(url.pathname), { timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (!left) await page.getByTestId(submitId).click();
}
