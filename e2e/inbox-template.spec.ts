// Issue 6 part 6 in Chromium: a chat whose customer last wrote 25 hours ago is locked; the agent
// sends an approved template from the composer (values, live preview), the bubble gets its
// ticks and the customer's sandbox phone receives the template. Phone-sized layout too.
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import {
  customerSends,
  DEMO_NUMBER,
  NEEDS_SANDBOX,
  phoneUrl,
  SANDBOX_URL,
} from './helpers/sandbox.js';
import { ensureApprovedTemplate } from './helpers/templates.js';
import { fillLogin, SCREENS_DIR, shot } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test('inbox template: a closed 24-hour window is reopened with an approved template', async ({
  browser,
  baseURL,
  request,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  // The demo WABA's approved `order_update` (the sandbox seeds it APPROVED under the same name,
  // language and variables, so Meta's stand-in accepts the send).
  await ensureApprovedTemplate({
    phoneNumberId: DEMO_NUMBER,
    name: 'order_update',
    language: 'id',
    category: 'UTILITY',
    headerText: 'Info pesanan',
    content: 'Halo {{1}}, pesanan {{2}} sudah kami kirim. Balas pesan ini bila ada pertanyaan.',
    examples: ['Rina', 'SP-1042'],
    footer: 'Demo Company',
    providerTemplateId: '880000000000001',
  });
  const run = Date.now().toString().slice(-7);
  const waId = `62819${run}`;
  const name = `Wati Lama ${run.slice(-4)}`;
  const order = `SP-${run.slice(-4)}`;
  const dayAgo = Math.floor(Date.now() / 1000) - 25 * 60 * 60;
  await customerSends(request, {
    waId,
    name,
    text: 'Kak, kapan pesanan saya dikirim?',
    timestamp: dayAgo,
  });

  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto(phoneUrl(waId, name));

  const context = await browser.newContext({ baseURL, viewport: LAPTOP });
  const agent = await context.newPage();
  await agent.goto('/login');
  await fillLogin(agent, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(agent.getByTestId('user-menu')).toBeVisible();
  await agent.goto('/chat');
  const row = agent.getByTestId('chat-list').getByTestId('chat-row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  await expect(agent.getByTestId('conversation-name')).toHaveText(name);

  // Locked: free-form input is off, the template is the way forward.
  await expect(agent.getByTestId('window-closed-notice')).toBeVisible();
  await expect(agent.getByTestId('composer-input')).toBeDisabled();
  const open = agent.getByTestId('composer-send-template');
  await expect(open).toBeEnabled();
  await shot(agent, 'inbox-template-locked.laptop');
  await open.click();

  const modal = agent.getByTestId('send-template-modal');
  const option = modal.locator('[data-testid="template-option"][data-name="order_update"]');
  await expect(option).toBeVisible();
  await modal.getByTestId('templates-search').fill('pesanan');
  await expect(option).toBeVisible();
  await shot(agent, 'inbox-template-list.laptop');
  await option.click();

  // Send with nothing filled: the form says what is missing and nothing goes out.
  await modal.getByTestId('template-send').click();
  await expect(modal.getByText('Value 1 is required')).toBeVisible();
  await modal.getByTestId('template-param-1').fill('Wati');
  await modal.getByTestId('template-param-2').fill(order);
  const preview = modal.getByTestId('template-preview');
  await expect(preview.getByTestId('preview-body')).toHaveText(
    `Halo Wati, pesanan ${order} sudah kami kirim. Balas pesan ini bila ada pertanyaan.`,
  );
  await expect(preview).toContainText('Info pesanan');
  await expect(preview).toContainText('Demo Company');
  await shot(agent, 'inbox-template-form.laptop');
  await modal.getByTestId('template-send').click();
  await expect(modal).toBeHidden();

  // The bubble is marked as a template and gets its ticks.
  const bubble = agent
    .locator('[data-testid="message-bubble"][data-from-me="true"]')
    .filter({ hasText: `pesanan ${order} sudah kami kirim` });
  await expect(bubble).toBeVisible();
  await expect(bubble.getByTestId('message-template')).toHaveAttribute(
    'data-template',
    'order_update',
  );
  await expect(bubble).toHaveAttribute('data-status', /^(sent|delivered|read)$/, {
    timeout: 20_000,
  });

  // The customer's phone receives the template with the values filled in.
  const received = phone.getByTestId('phone-message').filter({ hasText: 'order_update' });
  await expect(received).toBeVisible({ timeout: 20_000 });
  await expect(received).toContainText(order);
  await expect(bubble).toHaveAttribute('data-status', /^(delivered|read)$/, { timeout: 20_000 });
  await shot(agent, 'inbox-template-sent.laptop');
  await phone.screenshot({ path: join(SCREENS_DIR, 'inbox-template-phone.png') });

  // Phone-sized: the dialog takes the screen, form above the preview, nothing sideways.
  await agent.setViewportSize(PHONE);
  await expect(agent.getByTestId('composer-send-template')).toBeInViewport();
  await shot(agent, 'inbox-template-locked.phone');
  await agent.getByTestId('composer-send-template').click();
  await modal.locator('[data-testid="template-option"][data-name="order_update"]').click();
  await modal.getByTestId('template-param-1').fill('Wati');
  await expect(modal.getByTestId('template-preview')).toBeVisible();
  const overflow = await agent.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(agent, 'inbox-template-form.phone');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();

  // The customer answers the template: the window is open again and free-form works; the
  // template stays at hand beside the attach button.
  await customerSends(request, {
    waId,
    name,
    text: 'Oke kak, terima kasih',
    timestamp: Math.floor(Date.now() / 1000),
  });
  await expect(
    agent.getByTestId('message-bubble').filter({ hasText: 'Oke kak, terima kasih' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(agent.getByTestId('composer-input')).toBeEnabled();
  await expect(agent.getByTestId('window-closed-notice')).toBeHidden();
  await expect(agent.getByTestId('composer-template')).toBeVisible();
  await shot(agent, 'inbox-template-reopened.phone');
  await agent.setViewportSize(LAPTOP);
  await agent.getByTestId('composer-input').fill('Sama-sama, Kak Wati!');
  await agent.getByTestId('composer-input').press('Enter');
  await expect(
    phone.getByTestId('phone-message').filter({ hasText: 'Sama-sama, Kak Wati!' }),
  ).toBeVisible({ timeout: 20_000 });
  await shot(agent, 'inbox-template-reopened.laptop');
  await context.close();
  await phoneContext.close();
});
