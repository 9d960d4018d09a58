// Issue 4's "done when": two agents and a supervisor work the demo inbox at once and each sees
// exactly what spec §6 allows, live. A new customer's chat is unassigned and has no division:
// both agents may pick it up, the supervisor may not see it (spec §6: no unassigned chats
// without a division). Once the admin gives it to Dewi, Budi loses it with the alert, Dewi gets
// it in Mine, and the supervisor (who supervises Dewi) sees it appear.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { NEEDS_SANDBOX, phoneUrl, SANDBOX_URL } from './helpers/sandbox.js';
import { signInAs } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL } from './helpers/users.js';

async function signIn(browser: Browser, baseURL: string | undefined, email: string) {
  const session = await signInAs(browser, baseURL, email);
  await session.page.goto('/chat');
  await expect(session.page.getByTestId('chat-list-pane')).toBeVisible();
  return session;
}

const rowOf = (page: Page, name: string) => page.getByTestId('chat-row').filter({ hasText: name });

test('two agents and a supervisor each see what spec §6 allows, live', async ({
  browser,
  baseURL,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  const budi = await signIn(browser, baseURL, 'agent@demo.sapa.id');
  const dewi = await signIn(browser, baseURL, 'agent2@demo.sapa.id');
  const sari = await signIn(browser, baseURL, 'supervisor@demo.sapa.id');
  await budi.page.getByTestId('chat-assignee').getByText('Unassigned').click();
  await dewi.page.getByTestId('chat-assignee').getByText('Mine').click();
  await sari.page.getByTestId('chat-assignee').getByText('All').click();

  // A new customer writes while all three are watching.
  const customerId = `62817${Date.now().toString().slice(-7)}`;
  const name = `Team ${customerId.slice(-4)}`;
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto(phoneUrl(customerId, name));
  await phone.getByTestId('phone-input').fill('Halo, saya mau komplain pesanan');
  await phone.getByTestId('phone-send').click();

  await expect(rowOf(budi.page, name)).toBeVisible({ timeout: 20_000 });
  // Dewi's Mine view does not list it; the supervisor never receives it.
  await expect(rowOf(dewi.page, name)).toHaveCount(0);
  await expect(rowOf(sari.page, name)).toHaveCount(0);

  // The admin gives it to Dewi.
  const admin = await signIn(browser, baseURL, DEMO_ADMIN_EMAIL);
  await rowOf(admin.page, name).click();
  await admin.page.getByTestId('action-assign').click();
  const modal = admin.page.getByTestId('assign-modal');
  await modal.getByTestId('assign-agent').click();
  await admin.page.getByRole('option').filter({ hasText: 'Dewi Lestari' }).click();
  await modal.getByTestId('assign-submit').click();

  await expect(
    budi.page
      .getByTestId('inbox-alert')
      .filter({ hasText: `${name} has been assigned to another agent` }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(rowOf(budi.page, name)).toHaveCount(0);
  await expect(rowOf(dewi.page, name)).toBeVisible({ timeout: 15_000 });
  await expect(rowOf(sari.page, name)).toBeVisible({ timeout: 15_000 });

  // Reads by id obey the same rule: Budi can no longer open it by URL.
  const chatId = new URL(admin.page.url()).searchParams.get('id');
  expect(chatId).toBeTruthy();
  const status = await budi.page.evaluate(async (id) => {
    const token = localStorage.getItem('sapa.token') ?? '';
    const res = await fetch(`/api/chats/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return res.status;
  }, chatId);
  expect(status).toBe(404);

  await Promise.all([
    phoneContext.close(),
    budi.context.close(),
    dewi.context.close(),
    sari.context.close(),
    admin.context.close(),
  ]);
});
