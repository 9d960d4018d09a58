// Issue 4's chat actions in Chromium against the built server and the sandbox: assignment with
// the alert shown live to the agent who lost the chat, labels, resolve (gray flag, ticket closed
// on /ticket), archive then the archive filter, block; and the labels and quick-replies settings.
import { expect, test, type Page } from '@playwright/test';
import { customerWritesOnPhone, NEEDS_SANDBOX, SANDBOX_URL } from './helpers/sandbox.js';
import { signInAs, snap } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL } from './helpers/users.js';

function rowOf(page: Page, name: string) {
  return page.getByTestId('chat-row').filter({ hasText: name });
}

async function openChat(page: Page, name: string): Promise<void> {
  const row = rowOf(page, name);
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  await expect(page.getByTestId('conversation-name')).toHaveText(name);
}

async function assignTo(page: Page, agentName: string): Promise<void> {
  await page.getByTestId('action-assign').click();
  const modal = page.getByTestId('assign-modal');
  await modal.getByTestId('assign-agent').click();
  await page.getByRole('option').filter({ hasText: agentName }).click();
  await modal.getByTestId('assign-submit').click();
  await expect(page.getByTestId('conversation-assignee')).toContainText(agentName);
}

/** Answers a confirmation, checking it asks exactly the spec's question first. */
async function confirm(page: Page, question: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('confirm-message')).toHaveText(question);
  await dialog.getByTestId('confirm-ok').click();
  await expect(dialog).toBeHidden();
}

test("a reassigned chat leaves the first agent's list live, with the spec's alert", async ({
  browser,
  baseURL,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  const customer = await customerWritesOnPhone(browser, {
    label: 'Assign',
    text: 'Halo, mau tanya ongkir ke Bandung',
    prefix: '62816',
  });

  // Budi watches his own chats (MINE is his default view).
  const budi = await signInAs(browser, baseURL, 'agent@demo.sapa.id');
  await budi.page.goto('/chat');
  await expect(budi.page.getByTestId('chat-list-pane')).toBeVisible();
  await budi.page.getByTestId('chat-assignee').getByText('Mine').click();

  const admin = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  await admin.page.goto('/chat');
  await openChat(admin.page, customer.name);
  await assignTo(admin.page, 'Budi Agent');

  // It arrives in Budi's MINE without a reload.
  await expect(rowOf(budi.page, customer.name)).toBeVisible({ timeout: 15_000 });

  await assignTo(admin.page, 'Dewi Lestari');
  const alert = budi.page
    .getByTestId('inbox-alert')
    .filter({ hasText: `${customer.name} has been assigned to another agent` });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(rowOf(budi.page, customer.name)).toHaveCount(0);
  await snap(budi.page, 'inbox-actions-assigned-alert');
  // Dismissable.
  await alert.getByRole('button').click();
  await expect(alert).toBeHidden();

  await customer.close();
  await budi.context.close();
  await admin.context.close();
});

test('labels, resolve, archive and block from the conversation header', async ({
  browser,
  baseURL,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  const customer = await customerWritesOnPhone(browser, {
    label: 'Actions',
    text: 'Kak, pesanan saya salah ukuran',
    prefix: '62816',
  });
  const { context, page } = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  await page.goto('/chat');
  await openChat(page, customer.name);

  // Labels: an admin creates one inline; the row shows it at once.
  const labelName = `VIP ${Date.now().toString().slice(-5)}`;
  await page.getByTestId('action-labels').click();
  await page.getByTestId('labels-search').fill(labelName);
  await page.getByTestId('labels-create').click();
  await expect(
    rowOf(page, customer.name).getByTestId('chat-row-label').filter({ hasText: labelName }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await snap(page, 'inbox-actions-header');

  // Resolve: the spec's confirmation, then a gray flag.
  await page.getByTestId('action-resolve').click();
  await expect(page.getByRole('dialog').getByText('Resolve Confirmation')).toBeVisible();
  await confirm(page, 'Are you sure to resolve this ticket?');
  await expect(page.getByTestId('action-flag')).toHaveAttribute('data-flag', 'gray');
  await expect(page.getByTestId('action-resolve')).toHaveCount(0);

  // The ticket is closed on /ticket.
  await page.goto('/ticket');
  await page.getByTestId('ticket-search').fill(customer.name);
  const ticket = page.getByTestId('ticket-row').filter({ hasText: customer.name });
  await expect(ticket).toHaveCount(1, { timeout: 15_000 });
  await expect(ticket.getByTestId('ticket-status-badge')).toHaveText('Closed');
  await snap(page, 'inbox-actions-tickets');

  // Back to the chat from its ticket; archive it.
  await ticket.click();
  await expect(page.getByTestId('conversation-name')).toHaveText(customer.name);
  await page.getByTestId('chat-actions-menu').click();
  await page.getByTestId('action-archive').click();
  await confirm(page, 'Are you sure you want to archive this chat?');
  await expect(rowOf(page, customer.name)).toHaveCount(0);
  await expect(page.getByTestId('chat-archived-badge')).toBeVisible();

  // It is in the archive view.
  await page.getByTestId('chat-filter-button').click();
  await page.getByTestId('filter-archive').check();
  await page.getByTestId('filter-done').click();
  await expect(rowOf(page, customer.name)).toBeVisible({ timeout: 15_000 });

  // Block: the chat leaves every list with the spec's alert.
  await page.getByTestId('chat-actions-menu').click();
  await page.getByTestId('action-block').click();
  await confirm(page, 'Are you sure you want to block this contact?');
  await expect(
    page.getByTestId('inbox-alert').filter({ hasText: 'Contact has been blocked' }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(rowOf(page, customer.name)).toHaveCount(0);
  await expect(page.getByTestId('chat-blocked-badge')).toBeVisible();

  await customer.close();
  await context.close();
});

test('labels and quick replies are managed in settings', async ({ browser, baseURL }) => {
  const { context, page } = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  const suffix = Date.now().toString().slice(-5);

  await page.goto('/setting');
  await page.getByTestId('settings-link-labels').click();
  await expect(page).toHaveURL(/\/setting\/labels$/);
  await page.getByTestId('label-open').click();
  await page.getByTestId('label-name').fill(`Complaint ${suffix}`);
  await page.getByTestId('label-save').click();
  const row = page.getByTestId(`label-row-Complaint ${suffix}`);
  await expect(row).toBeVisible();
  await snap(page, 'inbox-actions-labels-settings');
  await row.getByTestId('label-delete').click();
  await page.getByTestId('confirm-submit').click();
  await expect(row).toHaveCount(0);

  await page.goto('/setting');
  await page.getByTestId('settings-link-quick-replies').click();
  await expect(page).toHaveURL(/\/setting\/quick-replies$/);
  await page.getByTestId('qr-open').click();
  await page.getByTestId('qr-shortcut').fill(`thanks${suffix}`);
  await page.getByTestId('qr-text').fill('Terima kasih sudah menghubungi kami! 🙏');
  await page.getByTestId('qr-save').click();
  await expect(page.getByTestId(`qr-row-thanks${suffix}`)).toBeVisible();
  await snap(page, 'inbox-actions-quick-replies');

  await context.close();
});
