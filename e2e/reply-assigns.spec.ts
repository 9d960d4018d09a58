// Issue 15, item 17: a reply to an unassigned chat makes the replier its agent. Budi opens a new
// customer's chat from Unassigned and answers; without a reload his header and his Mine list name
// him, and the admin watching All sees the row's assignee change live.
import { expect, test, type Page } from '@playwright/test';
import { customerWritesOnPhone, NEEDS_SANDBOX, SANDBOX_URL } from './helpers/sandbox.js';
import { signInAs, snap } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL } from './helpers/users.js';

const BUDI = 'Budi Agent';

async function openInbox(page: Page, view: 'All' | 'Mine' | 'Unassigned'): Promise<void> {
  await page.goto('/chat');
  await expect(page.getByTestId('chat-list-pane')).toBeVisible();
  await page.getByTestId('chat-assignee').getByText(view).click();
}

const rowOf = (page: Page, name: string) =>
  page.getByTestId('chat-list').getByTestId('chat-row').filter({ hasText: name });

test('a reply to an unassigned chat assigns it to the replier, live on every screen', async ({
  browser,
  baseURL,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  const budi = await signInAs(browser, baseURL, 'agent@demo.sapa.id');
  const admin = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  await openInbox(budi.page, 'Unassigned');
  await openInbox(admin.page, 'All');

  const customer = await customerWritesOnPhone(browser, {
    label: 'Balas',
    text: 'Halo, ada yang bisa bantu?',
    prefix: '62818',
  });
  const budiRow = rowOf(budi.page, customer.name);
  const adminRow = rowOf(admin.page, customer.name);
  await expect(budiRow).toBeVisible({ timeout: 20_000 });
  await expect(adminRow.getByTestId('chat-row-assignee')).toHaveText('Unassigned', {
    timeout: 20_000,
  });

  await budiRow.click();
  await expect(budi.page.getByTestId('conversation-assignee')).toHaveText('Unassigned');
  await budi.page.getByTestId('composer-input').fill('Halo kak, saya Budi, siap bantu.');
  await budi.page.getByTestId('composer-send').click();

  // Budi's header names him, and the chat moves from his Unassigned list to Mine.
  await expect(budi.page.getByTestId('conversation-assignee')).toHaveText(BUDI);
  await expect(budiRow).toHaveCount(0);
  await budi.page.getByTestId('chat-assignee').getByText('Mine').click();
  await expect(budiRow.getByTestId('chat-row-assignee')).toHaveText(BUDI);
  // The admin's list follows without a reload.
  await expect(adminRow.getByTestId('chat-row-assignee')).toHaveText(BUDI);
  await snap(admin.page, 'reply-assigns-admin-list');

  // And the ticket names the same agent as the chat.
  await admin.page.goto('/ticket');
  await admin.page.getByTestId('ticket-search').fill(customer.name);
  await expect(
    admin.page.getByTestId('ticket-row').filter({ hasText: customer.name }).first(),
  ).toContainText(BUDI);

  await Promise.all([budi.context.close(), admin.context.close(), customer.close()]);
});
