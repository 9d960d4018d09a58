// Issue 5, presence: an agent's header switch says whether routing may give them chats. Online
// is the default; away survives a reload (it is stored on the server), and switching back on
// makes them online again.
import { expect, test } from '@playwright/test';
import { fillLogin, snap } from './helpers/ui.js';
import { DEMO_PASSWORD } from './helpers/users.js';

test('an agent switches between online and away in the header', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'agent2@demo.sapa.id', DEMO_PASSWORD);
  await expect(page.getByTestId('nav-dashboard')).toBeVisible();

  const toggle = page.getByRole('switch', { name: 'Receive chats (online or away)' });
  const status = page.getByTestId('presence-status');
  await expect(toggle).toBeChecked();
  await expect(status).toHaveText('Online');
  await snap(page, 'presence-online');

  await toggle.click({ force: true });
  await expect(toggle).not.toBeChecked();
  await expect(status).toHaveText('Away');
  await page.reload();
  await expect(
    page.getByRole('switch', { name: 'Receive chats (online or away)' }),
  ).not.toBeChecked();
  await expect(page.getByTestId('presence-status')).toHaveText('Away');
  await snap(page, 'presence-away');

  await page.getByRole('switch', { name: 'Receive chats (online or away)' }).click({ force: true });
  await expect(page.getByTestId('presence-status')).toHaveText('Online');
});
