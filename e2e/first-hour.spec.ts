// Issue 15's newcomer: a business registers, verifies, starts its trial and meets a dashboard
// that says what to do first (a checklist ticking itself), finds the inbox from the menu, and can
// follow every menu item and link without meeting /unauthorized; agents and supervisors likewise.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { waitForMailLink } from './helpers/mailbox.js';
import { fillLogin, signInAs, snap, switchLanguage } from './helpers/ui.js';
import { newBusiness, uniqueEmail } from './helpers/users.js';

/** The colour a field's placeholder is drawn in. */
function placeholderColor(input: Locator): Promise<string> {
  return input.evaluate((el) => getComputedStyle(el, '::placeholder').color);
}

/**
 * Follows every in-app link from the dashboard, as a curious person would, and answers the
 * paths reached. Every page must open: no /unauthorized, no not-found.
 */
async function crawl(page: Page): Promise<Set<string>> {
  const reached = new Set<string>();
  const queue = ['/'];
  const queued = new Set(queue);
  while (queue.length > 0) {
    const path = queue.shift() ?? '/';
    await page.goto(path);
    await expect(page.getByTestId('nav-dashboard'), `the shell on ${path}`).toBeVisible();
    // The page's code and its data are in when no loader is left in it: links drawn from loaded
    // data (the team, the balance, the lists) are there by then.
    const main = page.locator('main');
    await expect(main.locator('.mantine-Loader-root'), `loading ${path}`).toHaveCount(0, {
      timeout: 20_000,
    });
    await expect(main).not.toBeEmpty();
    const landed = new URL(page.url()).pathname;
    expect(landed, `a link to ${path}`).not.toBe('/unauthorized');
    await expect(page.getByText("We can't find that page"), `a link to ${path}`).toHaveCount(0);
    reached.add(landed);
    // Links that open a new tab leave the app (the API reference at /api/docs).
    const hrefs = await page
      .locator('a[href^="/"]:not([target="_blank"])')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      const next = new URL(href, page.url()).pathname;
      if (queued.has(next)) continue;
      queued.add(next);
      queue.push(next);
    }
  }
  return reached;
}

test('a new owner is told what to set up first and finds the inbox from the menu', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const owner = newBusiness('first-hour');

  await test.step('register: an invalid form keeps placeholders in their own grey', async () => {
    await page.goto('/register');
    const company = page.getByTestId('register-company');
    const grey = await placeholderColor(company);
    await page.getByTestId('register-submit').click();
    const error = page.getByText('The company field is required');
    await expect(error).toBeVisible();
    const red = await error.evaluate((el) => getComputedStyle(el).color);
    expect(await placeholderColor(company)).not.toBe(red);
    expect(await placeholderColor(company)).toBe(grey);
    await snap(page, 'first-hour-01-register-invalid');

    await page.getByTestId('register-name').fill(owner.name);
    await company.fill(owner.company);
    await page.getByTestId('register-email').fill(owner.email);
    await page.getByTestId('register-phone').fill(owner.phone);
    await page.getByTestId('register-password').fill(owner.password);
    await page.getByTestId('register-confirm-password').fill(owner.password);
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/users\/register_confirmation/);
  });

  await test.step('verify, sign in, start the trial', async () => {
    await page.goto(await waitForMailLink(owner.email, '/email-verify?token='));
    await expect(page.getByTestId('login-activated')).toBeVisible();
    await fillLogin(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/user-plan\?step=1/);
    await expect(page.getByTestId('plan-start-trial-starter')).toBeVisible();
    await expect(page.getByText(/step 1 of 1/i)).toHaveCount(0);
    await snap(page, 'first-hour-02-user-plan');
    await page.getByTestId('plan-start-trial-starter').click();
    await expect(page.getByTestId('home-greeting')).toBeVisible();
  });

  await test.step('the dashboard: 14 days left and a checklist of what to do first', async () => {
    await expect(page.getByTestId('home-days-left')).toHaveText('14 days left');
    const checklist = page.getByTestId('setup-checklist');
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText('Set up your workspace')).toBeVisible();
    await expect(page.getByTestId('setup-progress')).toHaveText('0 of 5 done');
    await expect(page.getByTestId('setup-action-channel')).toHaveAttribute(
      'href',
      '/integration/whatsapp',
    );
    // Nothing was topped up: no internal ledger reference posing as an order.
    await expect(page.getByTestId('home-balance-order')).toHaveText('No top-ups yet');
    await snap(page, 'first-hour-03-dashboard');
  });

  await test.step('the inbox is one click away in the menu', async () => {
    await page.getByTestId('nav-chat').click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByText('Your chat is waiting')).toBeVisible();
  });

  await test.step('every menu item and link opens for the owner', async () => {
    const reached = await crawl(page);
    for (const path of [
      '/chat',
      '/broadcast',
      '/broadcast/new',
      '/broadcast/template',
      '/broadcast/template/new',
      '/ticket',
      '/contact',
      '/contact/group',
      '/setting',
      '/setting/agent-settings',
      '/setting/labels',
      '/setting/quick-replies',
      '/setting/routing',
      '/setting/billing',
      '/user-edit',
      '/integration',
      '/integration/whatsapp',
      '/report',
      '/top-up',
    ]) {
      expect(reached, path).toContain(path);
    }
  });

  await test.step('inviting the team ticks its step by itself', async () => {
    await page.goto('/');
    await page.getByTestId('setup-action-team').click();
    await expect(page).toHaveURL(/\/setting\/agent-settings$/);
    await page.getByTestId('invite-open').click();
    await page.getByTestId('invite-name').fill('Agus Agent');
    await page.getByTestId('invite-email').fill(uniqueEmail('first-hour-agent'));
    await page.getByTestId('invite-role').click();
    await page.getByRole('option', { name: 'Agent', exact: true }).click();
    await page.getByTestId('invite-submit').click();
    await expect(page.getByTestId('status-invited')).toBeVisible();
    await page.getByTestId('nav-dashboard').click();
    await expect(page.getByTestId('setup-step-team')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('setup-progress')).toHaveText('1 of 5 done');
    await expect(page.getByTestId('setup-action-channel')).toBeVisible();
  });

  await test.step('in Indonesian', async () => {
    await switchLanguage(page, 'id');
    await expect(
      page.getByTestId('setup-checklist').getByText('Siapkan ruang kerja Anda'),
    ).toBeVisible();
    await expect(page.getByTestId('setup-progress')).toHaveText('1 dari 5 selesai');
    await expect(page.getByTestId('home-days-left')).toHaveText('Sisa 14 hari');
    await expect(page.getByTestId('nav-chat')).toContainText('Obrolan');
    await snap(page, 'first-hour-04-dashboard-id');
    await switchLanguage(page, 'en');
  });
});

async function crawlAs(browser: Browser, baseURL: string | undefined, email: string) {
  const { context, page } = await signInAs(browser, baseURL, email);
  try {
    return { reached: await crawl(page), menu: await menuOf(page) };
  } finally {
    await context.close();
  }
}

async function menuOf(page: Page): Promise<string[]> {
  await page.goto('/');
  // The shell renders after the session loads: read the menu once it is there.
  await expect(page.getByTestId('nav-dashboard')).toBeVisible();
  return page
    .getByRole('navigation', { name: 'Main navigation' })
    .locator('[data-testid^="nav-"]')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-testid') ?? ''));
}

test('agents and supervisors follow every menu item and link without a refusal', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const agent = await crawlAs(browser, baseURL, 'agent@demo.sapa.id');
  expect(agent.menu).toEqual([
    'nav-dashboard',
    'nav-chat',
    'nav-broadcast',
    'nav-ticket',
    'nav-contact',
    'nav-setting',
  ]);
  for (const path of ['/chat', '/broadcast', '/broadcast/new', '/ticket', '/contact', '/user-edit'])
    expect(agent.reached, path).toContain(path);

  const supervisor = await crawlAs(browser, baseURL, 'supervisor@demo.sapa.id');
  expect(supervisor.menu).not.toContain('nav-integration');
  for (const path of [
    '/chat',
    '/broadcast/template',
    '/contact/group',
    '/setting/routing',
    '/report',
  ])
    expect(supervisor.reached, path).toContain(path);
});
