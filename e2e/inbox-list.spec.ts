// Issue 4's chat list in Chromium: filters narrow it, search finds a chat and a message and the
// hit opens the conversation at that message, and the phone-sized layout works one pane at a time.
import { expect, test, type Page } from '@playwright/test';
import { customerSends, NEEDS_SANDBOX, SANDBOX_URL } from './helpers/sandbox.js';
import { fillLogin, shot, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goto('/chat');
  await expect(page.getByTestId('chat-list-pane')).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('chat-list').getByTestId('chat-row');

test('inbox list: filters narrow it, search finds a chat and a message, the hit opens there', async ({
  page,
  request,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  const run = Date.now().toString().slice(-6);
  const name = `Lina Filter ${run}`;
  const waId = `62816${run}1`;
  const word = `kuponx${run}`;
  // The hit is followed by a dozen newer messages, so it is not on the conversation's first page.
  await customerSends(request, {
    waId,
    name,
    text: `Halo kak, apakah ${word} masih berlaku untuk kaos?`,
  });
  for (let i = 1; i <= 12; i += 1) {
    await customerSends(request, { waId, name, text: `Pesan lanjutan nomor ${i}` });
  }

  // Notifications allowed, and every one the app shows recorded for the assertions below.
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: string[] = [];
    Object.assign(window, { shownNotifications: shown });
    class Recorder extends Real {
      constructor(title: string, options?: NotificationOptions) {
        shown.push(`${title}: ${options?.body ?? ''}`);
        super(title, options);
      }
    }
    Object.defineProperty(Recorder, 'permission', { get: () => Real.permission });
    Object.assign(window, { Notification: Recorder });
  });

  await page.setViewportSize(LAPTOP);
  await signIn(page);
  // Unread chats in the tab title; no permission prompt once the browser allows notifications.
  await expect(page).toHaveTitle(/^\(\d+\) Sapa$/);
  await expect(page.getByTestId('notification-prompt')).toHaveCount(0);
  // The demo admin has allChat, so the view starts at All.
  await expect(page.getByTestId('chat-assignee').getByRole('radio', { name: 'All' })).toBeChecked();
  const mine = rows(page).filter({ hasText: name });
  await expect(mine).toBeVisible({ timeout: 20_000 });
  const allCount = await rows(page).count();
  expect(allCount).toBeGreaterThan(1);

  // Assignment: a new customer waits under Unassigned; Mine holds only the admin's own chats
  // (those they answered in earlier specs: a reply takes an unassigned chat), never this one.
  await page.getByTestId('chat-assignee').getByText('Unassigned').click();
  await expect(mine).toBeVisible();
  for (const assignee of await page.getByTestId('chat-row-assignee').allTextContents()) {
    expect(assignee).toBe('Unassigned');
  }
  await page.getByTestId('chat-assignee').getByText('Mine').click();
  await expect(mine).toHaveCount(0);
  for (const assignee of await page.getByTestId('chat-row-assignee').allTextContents()) {
    expect(assignee).not.toBe('Unassigned');
  }
  await page.getByTestId('chat-assignee').getByText('All').click();
  await expect(mine).toBeVisible();

  // Flag red and unread: every row left matches, and the chips say why.
  await page.getByTestId('chat-filter-button').click();
  await page.getByTestId('filter-flag').getByText('Red').click();
  await page.getByRole('switch', { name: 'Unread only' }).check({ force: true });
  await shot(page, 'inbox-list-filters.laptop');
  await page.getByTestId('filter-done').click();
  await expect(page.getByTestId('chat-filter-chip')).toHaveCount(2);
  await expect(mine).toBeVisible();
  for (const flag of await page
    .getByTestId('chat-row-flag')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-flag')))) {
    expect(flag).toBe('red');
  }
  expect(await rows(page).count()).toBe(await page.getByTestId('chat-row-unread').count());

  // Resolved: only gray chats, and our red customer is gone.
  await page.getByTestId('chat-filter-button').click();
  await page.getByTestId('filter-resolved').getByText('Resolved').click();
  await page.getByTestId('filter-done').click();
  await expect(mine).toHaveCount(0);
  for (const flag of await page
    .getByTestId('chat-row-flag')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-flag')))) {
    expect(flag).toBe('gray');
  }
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByTestId('chat-filter-chip')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(allCount);

  // Label (the demo's labels): every row left carries it.
  await page.getByTestId('chat-filter-button').click();
  await page.getByTestId('filter-label').click();
  await page.getByRole('option', { name: 'VIP', exact: true }).click();
  await page.getByTestId('filter-done').click();
  await expect(page.getByTestId('chat-filter-chip')).toHaveText('VIP');
  await expect(mine).toHaveCount(0);
  const labelled = await rows(page).count();
  expect(labelled).toBeGreaterThan(0);
  expect(labelled).toBeLessThan(allCount);
  for (let i = 0; i < labelled; i += 1) {
    await expect(
      rows(page).nth(i).getByTestId('chat-row-label').filter({ hasText: 'VIP' }),
    ).toBeVisible();
  }
  await page.getByRole('button', { name: 'Remove filter VIP' }).click();
  await expect(rows(page)).toHaveCount(allCount);

  // Search by name finds the chat; by a word, the message, with the word marked.
  const search = page.getByTestId('chat-search');
  await search.fill(name);
  await expect(rows(page).filter({ hasText: name })).toBeVisible();
  await search.fill(word);
  const hit = page.getByTestId('message-hit').filter({ hasText: name });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText(word);
  await shot(page, 'inbox-list-search.laptop');

  // The jump: the URL names the chat and the message; the conversation opens at it.
  await hit.click();
  await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/);
  await expect(page).toHaveURL(/[?&]message=\d+/);
  await expect(page.getByTestId('conversation-name')).toHaveText(name);
  await expect(page.getByTestId('message-bubble').filter({ hasText: word })).toBeVisible();
  await shot(page, 'inbox-list-jump.laptop');

  // Esc closes the results; Up/Down move between chats when no field has the focus.
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await search.blur();
  const before = new URL(page.url()).searchParams.get('id');
  await page.keyboard.press('ArrowDown');
  await expect(page).not.toHaveURL(new RegExp(`id=${before}`));
  await expect(page.locator('[data-testid="chat-row"][aria-current="true"]')).toHaveCount(1);
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(new RegExp(`id=${before}`));
  await shot(page, 'inbox-list-keys.laptop');

  // A customer of another chat writes: a browser notification names them.
  const other = `Nina Notif ${run}`;
  await customerSends(request, {
    waId: `62817${run}2`,
    name: other,
    text: 'Kak, paket saya kapan dikirim?',
  });
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
      ),
    )
    .toContain(`${other}: Kak, paket saya kapan dikirim?`);
});

test('inbox list on a phone: one pane at a time, filters in a sheet, back to the list', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  const list = page.getByTestId('chat-list-pane');
  await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
  // Only the list: no conversation pane beside it, and the list fills the screen's width.
  await expect(page.getByTestId('conversation-empty')).toHaveCount(0);
  const box = await list.boundingBox();
  expect(box?.width).toBeGreaterThan(380);
  expect(box?.width).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('chat-search')).toBeVisible();
  await expect(page.getByTestId('chat-assignee')).toBeVisible();
  // Row text is not clipped off-screen: the time of the first row is inside the viewport.
  const timeBox = await rows(page).first().locator('p').nth(1).boundingBox();
  expect((timeBox?.x ?? 0) + (timeBox?.width ?? 0)).toBeLessThanOrEqual(390);
  await shot(page, 'inbox-list.phone');

  // Filters open as a bottom sheet.
  await page.getByTestId('chat-filter-button').click();
  await expect(page.getByTestId('chat-filter-panel')).toBeVisible();
  await shot(page, 'inbox-list-filters.phone');
  await page.getByTestId('filter-done').click();
  await expect(page.getByTestId('chat-filter-panel')).toHaveCount(0);

  // Opening a chat replaces the list; back brings the list again.
  const first = rows(page).first();
  const name = (await first.getByTestId('chat-row-name').textContent()) ?? '';
  await first.click();
  await expect(page.getByTestId('conversation')).toBeVisible();
  await expect(list).toHaveCount(0);
  await expect(page.getByTestId('conversation-name')).toHaveText(name);
  await shot(page, 'inbox-conversation.phone');
  await page.getByTestId('conversation-back').click();
  await expect(list).toBeVisible();
  await expect(page.getByTestId('conversation')).toHaveCount(0);

  // Search works on the phone too.
  await page.getByTestId('chat-search').fill(name.slice(0, 4));
  await expect(rows(page).filter({ hasText: name })).toBeVisible();
  await shot(page, 'inbox-search.phone');

  // In Indonesian the same screen reads naturally and still fits.
  await page.getByTestId('chat-search').fill('');
  await switchLanguage(page, 'id');
  await expect(page.getByTestId('chat-search')).toHaveAttribute(
    'placeholder',
    'Cari obrolan dan pesan',
  );
  await expect(page.getByTestId('chat-assignee')).toContainText('Belum ditugaskan');
  await shot(page, 'inbox-list.id.phone');
});
