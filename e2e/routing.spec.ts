// Issue 5, routing settings in Chromium against the built server and the sandbox: outside the
// working hours a new customer gets the auto-response; inside, the customer answers the greeting
// with "2", the chat goes to that division's online agent and shows in their Mine list, while the
// admin sees who is online. Every test
// puts the settings back, because later specs share this server.
import { expect, test, type Page } from '@playwright/test';
import { customerWritesOnPhone } from './helpers/sandbox.js';
import { fillTime, readTime, signInAs, snap } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL } from './helpers/users.js';

async function openRouting(page: Page): Promise<void> {
  await page.goto('/setting');
  await page.getByTestId('settings-link-routing').click();
  await expect(page.getByRole('heading', { name: 'Routing', level: 2 })).toBeVisible();
  await expect(page.getByTestId('routing-currentAutoAssign')).toBeVisible();
  // The greeting card renders once its own request answers.
  await expect(page.getByTestId('greeting-save')).toBeVisible();
}

/** "HH:mm" of now plus `hours` in a time zone. */
function clockIn(timeZone: string, hours: number): string {
  const at = new Date(Date.now() + hours * 3_600_000);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  return `${parts.find((p) => p.type === 'hour')?.value ?? '00'}:00`;
}

interface Hours {
  start: string;
  end: string;
  message: string;
  responder: boolean;
}

async function readHours(page: Page): Promise<Hours> {
  return {
    start: await readTime(page, 'routing-start'),
    end: await readTime(page, 'routing-end'),
    message: await page.getByTestId('routing-noOnlineAgentResMsg').inputValue(),
    responder: await page.getByTestId('routing-statusAutoResponder').isChecked(),
  };
}

/** Fills the working-hours card and saves it; nothing changed means nothing to save. */
async function saveHours(page: Page, hours: Hours): Promise<void> {
  await fillTime(page, 'routing-start', hours.start);
  await fillTime(page, 'routing-end', hours.end);
  await page.getByTestId('routing-noOnlineAgentResMsg').fill(hours.message);
  await page
    .getByTestId('routing-statusAutoResponder')
    .setChecked(hours.responder, { force: true });
  const save = page.getByTestId('routing-hours-save');
  if (await save.isDisabled()) return;
  await save.click();
  await expect(page.getByText('Working hours saved')).toBeVisible();
}

test('outside working hours a new customer gets the auto-response', async ({
  browser,
  baseURL,
}) => {
  const admin = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  await openRouting(admin.page);
  const timeZone =
    (await admin.page.getByTestId('routing-timezone').getAttribute('data-timezone')) ||
    'Asia/Jakarta';
  const original = await readHours(admin.page);
  const reply = `We are closed now, back at ${clockIn(timeZone, 2)} (${Date.now()})`;

  try {
    // A one-hour window starting two hours from now never contains now.
    await saveHours(admin.page, {
      start: clockIn(timeZone, 2),
      end: clockIn(timeZone, 3),
      message: reply,
      responder: true,
    });
    await expect(admin.page.getByTestId('routing-now')).toContainText('closed');
    await snap(admin.page, 'routing-settings');

    const customer = await customerWritesOnPhone(browser, {
      label: 'After hours',
      text: 'Halo, masih buka?',
      prefix: '62817',
    });
    await expect(
      customer.phone
        .getByTestId('phone-message')
        .filter({ hasText: reply })
        .and(customer.phone.locator('[data-direction="in"]')),
    ).toBeVisible({ timeout: 20_000 });
    await snap(customer.phone, 'routing-auto-response-phone');
    await customer.close();
  } finally {
    await openRouting(admin.page);
    await saveHours(admin.page, original);
    await admin.context.close();
  }
});

test('a greeting reply picks a division and the chat reaches its online agent; the admin sees who is online', async ({
  browser,
  baseURL,
}) => {
  const admin = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  await openRouting(admin.page);
  const autoAssign = admin.page.getByTestId('routing-currentAutoAssign');
  const wasOn = await autoAssign.isChecked();

  // Dewi (Support) comes online; the admin's team card follows without a reload.
  const dewi = await signInAs(browser, baseURL, 'agent2@demo.sapa.id');
  await dewi.page.goto('/chat');
  await dewi.page.getByTestId('chat-assignee').getByText('Mine').click();
  await expect(
    admin.page.getByTestId('team-member').filter({ hasText: 'Dewi Lestari' }),
  ).toHaveAttribute('data-state', 'online', { timeout: 15_000 });

  try {
    // The greeting editor: Sales then Support, numbered in the preview as the customer sees it.
    await admin.page.getByTestId('greeting-text').fill('Halo! Mau bicara dengan tim mana?');
    for (const division of ['Sales', 'Support']) {
      await admin.page.getByTestId('greeting-add-division').click();
      await admin.page.getByRole('option', { name: division, exact: true }).click();
    }
    await expect(admin.page.getByTestId('greeting-preview')).toHaveText(
      'Halo! Mau bicara dengan tim mana?\n\n1. Sales\n2. Support',
    );
    await admin.page.getByTestId('greeting-save').click();
    await expect(admin.page.getByText('Greeting saved')).toBeVisible();

    await autoAssign.setChecked(true, { force: true });
    await admin.page.getByTestId('routing-assignment-save').click();
    await expect(admin.page.getByText('Assignment settings saved')).toBeVisible();
    await snap(admin.page, 'routing-team-online');

    const customer = await customerWritesOnPhone(browser, {
      label: 'Routed',
      text: 'Halo, saya mau tanya produk',
      prefix: '62817',
    });
    // The demo plan has greeting assignment on: the customer is asked to choose, and waits.
    const greeting = customer.phone
      .getByTestId('phone-message')
      .filter({ hasText: '2. Support' })
      .and(customer.phone.locator('[data-direction="in"]'));
    await expect(greeting).toBeVisible({ timeout: 20_000 });
    await expect(greeting).toContainText('Halo! Mau bicara dengan tim mana?');
    await customer.phone.getByTestId('phone-input').fill('2');
    await customer.phone.getByTestId('phone-send').click();
    // "2" is Support, whose online agent is Dewi.
    await expect(dewi.page.getByTestId('chat-row').filter({ hasText: customer.name })).toBeVisible({
      timeout: 20_000,
    });
    await snap(customer.phone, 'routing-greeting-phone');
    await customer.close();
  } finally {
    await openRouting(admin.page);
    if ((await admin.page.getByTestId('routing-currentAutoAssign').isChecked()) !== wasOn) {
      await admin.page.getByTestId('routing-currentAutoAssign').setChecked(wasOn, { force: true });
      await admin.page.getByTestId('routing-assignment-save').click();
      await expect(admin.page.getByText('Assignment settings saved')).toBeVisible();
    }
    const remove = admin.page.getByTestId('greeting-delete');
    if (await remove.isVisible()) {
      await remove.click();
      await expect(admin.page.getByText('Greeting deleted')).toBeVisible();
    }
    await dewi.context.close();
    await admin.context.close();
  }
});
