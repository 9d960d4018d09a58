// Issue 3's journey in Chromium: a customer writes from the sandbox's phone page, the demo agent
// sees it arrive live, answers, and the customer's phone shows the reply and blue ticks.
import { expect, test } from '@playwright/test';
import { NEEDS_SANDBOX, phoneUrl, SANDBOX_URL } from './helpers/sandbox.js';
import { fillLogin, snap } from './helpers/ui.js';
import { DEMO_PASSWORD } from './helpers/users.js';

test('a customer writes on the sandbox phone, the agent replies live, ticks come back', async ({
  browser,
  baseURL,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  const customerId = `62815${Date.now().toString().slice(-7)}`;
  const customerName = `Pelanggan ${customerId.slice(-4)}`;

  const agentContext = await browser.newContext({ baseURL });
  const agent = await agentContext.newPage();
  await agent.goto('/login');
  await fillLogin(agent, 'agent@demo.sapa.id', DEMO_PASSWORD);
  await expect(agent.getByTestId('nav-chat')).toBeVisible();
  await agent.goto('/chat');
  await expect(agent.getByTestId('chat-list')).toBeVisible();
  // The demo agent's default view is MINE (allChat off); new customers wait under Unassigned.
  await agent.getByTestId('chat-assignee').getByText('Unassigned').click();

  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto(phoneUrl(customerId, customerName));
  await phone.getByTestId('phone-input').fill('Halo, saya mau pesan 2 kaos');
  await phone.getByTestId('phone-send').click();

  // It appears on the agent's screen without a reload.
  const row = agent.getByTestId('chat-row').filter({ hasText: customerName });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  await expect(
    agent.getByTestId('message-bubble').filter({ hasText: 'Halo, saya mau pesan 2 kaos' }),
  ).toBeVisible();

  await agent.getByTestId('composer-input').fill('Halo! Siap, ukuran apa kak?');
  await agent.getByTestId('composer-send').click();

  // The customer's phone receives the reply, and their own message turns read (blue ticks).
  await expect(
    phone.getByTestId('phone-message').filter({ hasText: 'Halo! Siap, ukuran apa kak?' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    phone.locator('[data-testid="phone-message"][data-direction="out"]').first(),
  ).toHaveAttribute('data-status', 'read', {
    timeout: 20_000,
  });
  // And the agent sees the reply's ticks move on from the clock.
  const reply = agent
    .locator('[data-testid="message-bubble"][data-from-me="true"]')
    .filter({ hasText: 'ukuran apa' });
  await expect(reply).toHaveAttribute('data-status', /^(delivered|read)$/, { timeout: 20_000 });
  await snap(agent, 'pipeline-agent-chat');
  await snap(phone, 'pipeline-customer-phone');
  await agentContext.close();
  await phoneContext.close();
});
